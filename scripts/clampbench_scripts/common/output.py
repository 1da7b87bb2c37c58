# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Every file a script writes goes through here: checked before any work, written to a temp
file beside its target and renamed over it, so a reader never sees half a file.

The rules, the same as `clampbench run --out`:
  - a symlink is written through: the file it points to is replaced, the link is kept;
  - a FIFO, device, socket or directory is refused (OutputError, exit 2), as is a target whose
    directory does not exist or cannot be written;
  - the temp name is short (".tmp.XXXXXXXX", not derived from the target's), so a target
    name of NAME_MAX bytes works;
  - a write that fails midway (disk full) removes the temp file; the target is untouched.
"""
import errno
import json
import math
import os
import stat
import sys
import tempfile

from clampbench_scripts.common.errors import PathError
from clampbench_scripts.common.escape import terminal_text


class OutputError(PathError):
    """An output target that cannot be written: exit 2, one line."""


def temporary_file(directory, suffix=""):
    """mkstemp in DIRECTORY, but with the mode a plain open() would give (0666 less the
    umask), not mkstemp's 0600: the file is renamed into place and read by others (a web
    server serving the dashboard, a teammate's checkout)."""
    fd, tmp = tempfile.mkstemp(prefix=".tmp.", suffix=suffix, dir=directory)
    mask = os.umask(0)
    os.umask(mask)
    os.fchmod(fd, 0o666 & ~mask)
    return fd, tmp


def resolve_target(path):
    """The regular file PATH stands for (a symlink's final target, which may not exist yet);
    raises OutputError for anything else."""
    real = os.path.realpath(path)
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as e:
        raise OutputError(path, f"cannot check the output: {e.strerror}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(path, "is a directory; give a file name")
    if mode is not None and not stat.S_ISREG(mode):
        raise OutputError(path, "is not a regular file (a FIFO, device or socket); refusing to write to it")
    directory = os.path.dirname(real) or "."
    if not os.path.isdir(directory):
        raise OutputError(path, f"directory {directory} does not exist")
    if not os.access(directory, os.W_OK | os.X_OK):
        raise OutputError(path, f"directory {directory} is not writable")
    return real


def check_directory(path):
    """Checks an output DIRECTORY before any work: an existing one must be a writable
    directory (a symlink to one is fine); a missing one must be creatable, under a writable
    directory. Raises OutputError."""
    real = os.path.realpath(path)
    if os.path.lexists(real) and not os.path.isdir(real):
        raise OutputError(path, "exists and is not a directory; give a directory")
    existing = real
    while not os.path.lexists(existing):
        existing = os.path.dirname(existing)
    if not os.path.isdir(existing):
        raise OutputError(path, f"{existing} is not a directory")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise OutputError(path, f"directory {existing} is not writable")


def check_target(path, inputs=()):
    """Checks an output target before any work (stdout, None or "-", always passes). INPUTS:
    the files the tool reads; an output that is one of them (by name, through a symlink or a
    hard link) would replace what it is made from: refused, naming both."""
    if path is None or path == "-":
        return
    resolve_target(path)
    for given in inputs:
        if _same_file(path, given):
            raise OutputError(path, f"is the input {given}; refusing to replace an input with the output")


def check_outside(path, directory, what):
    """OutputError when the output PATH lies inside DIRECTORY (WHAT it is, for the message): a
    file written there would be read back as one of its entries (a history's runs)."""
    if path is None or path == "-":
        return
    inside = os.path.realpath(directory) + os.sep
    if os.path.realpath(path).startswith(inside):
        raise OutputError(path, f"is inside {directory}, {what}; refusing to write there")


def _same_file(a, b):
    """Whether paths A and B name one file: the same inode (a symlink or hard link to it), or,
    for a target not yet there, the same real path."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return os.path.realpath(a) == os.path.realpath(b)


def write_bytes(data, path):
    """Writes DATA (bytes) to PATH atomically, through a symlink."""
    real = resolve_target(path)
    fd, tmp = temporary_file(os.path.dirname(real))
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, real)
    except BaseException:
        os.unlink(tmp)
        raise


def write_text(text, path=None):
    """TEXT to stdout (PATH None or "-") or atomically to PATH."""
    if path is None or path == "-":
        if sys.stdout is None:  # started with stdout closed (>&-)
            raise OSError(errno.EBADF, "standard output is closed", "<stdout>")
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    write_bytes(text.encode("utf-8"), path)


def _finite(value):
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def json_text(value, **dumps_args):
    """VALUE as strict JSON text: a NaN or infinite number (a time that was not measured)
    becomes null, never the bare NaN/Infinity that other tools' parsers reject."""
    return json.dumps(_finite(value), allow_nan=False, **dumps_args)


def warn(prog, message):
    """One line on stderr, with a file's string in it made inert (escape.terminal_text)."""
    if sys.stderr is not None:
        print(terminal_text(f"{prog}: {message}"), file=sys.stderr)


def fail(prog, message):
    """One line on stderr (warn); returns the bad-input exit code 2."""
    warn(prog, message)
    return 2
