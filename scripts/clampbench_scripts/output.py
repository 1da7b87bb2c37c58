# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Writing a command's text to stdout or to a file (atomically, so a reader never sees half)."""
import os
import sys
import tempfile


def temporary_file(directory, suffix=""):
    """mkstemp in DIRECTORY, but with the mode a plain open() would give (0666 less the
    umask), not mkstemp's 0600: the file is renamed into place and read by others (a web
    server serving the dashboard, a teammate's checkout)."""
    fd, tmp = tempfile.mkstemp(prefix=".tmp.", suffix=suffix, dir=directory)
    mask = os.umask(0)
    os.umask(mask)
    os.fchmod(fd, 0o666 & ~mask)
    return fd, tmp


def write_text(text, path=None):
    if path is None or path == "-":
        sys.stdout.write(text)
        return
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = temporary_file(directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def fail(prog, message):
    """One line on stderr; returns the bad-input exit code 2."""
    print(f"{prog}: {message}", file=sys.stderr)
    return 2
