# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Reading a JSON input file that anyone could have handed over, within limits.

  - only a regular file is read: a FIFO or device is refused from its stat, never opened,
    and the file is opened without blocking and checked again before a byte is read, so a
    FIFO in a history directory cannot hang a script;
  - at most MAX_BYTES (a nightly results file is about 1.5 MiB; a full set with traces tens
    of MiB), so a huge file is one line, not an exhausted machine;
  - nested at most MAX_DEPTH deep (a results file is about 8 deep): deeper is refused before
    any reader recurses into it (json itself raises RecursionError near 1000);
  - text only: a string escaping a lone UTF-16 surrogate ("\\ud800") is refused, since no
    page, comment or terminal line could be written with it.
Every problem is an InputError naming the file.
"""
import json
import os
import stat
from itertools import compress, repeat

from clampbench_scripts.common.errors import InputError

MAX_BYTES = 256 << 20
MAX_DEPTH = 64
_CONTAINERS = (dict, list)


def _kind_problem(mode):
    """Why a file of MODE is not read, or None for a regular file."""
    if stat.S_ISDIR(mode):
        return "is a directory, not a results file"
    if not stat.S_ISREG(mode):
        return "not a regular file (a FIFO, device or socket); not read"
    return None


def _read_regular(path):
    try:
        problem = _kind_problem(os.stat(path).st_mode)  # a FIFO is never opened
        if problem:
            raise InputError(path, problem)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise InputError(path, "no such file") from None
    except IsADirectoryError:
        raise InputError(path, "is a directory, not a results file") from None
    except OSError as e:
        raise InputError(path, f"cannot read: {e.strerror}") from None
    try:
        st = os.fstat(fd)  # again: it may have been swapped since the stat (O_NONBLOCK: no hang)
        problem = _kind_problem(st.st_mode)
        if problem:
            raise InputError(path, problem)
        if st.st_size > MAX_BYTES:
            raise InputError(path, f"{st.st_size} bytes, more than the {MAX_BYTES >> 20} MiB "
                                   "a results file may have")
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read(MAX_BYTES + 1)
    except OSError as e:
        raise InputError(path, f"cannot read: {e.strerror}") from None
    finally:
        os.close(fd)


def _children(item):
    """The containers directly inside ITEM (the scan runs in C: compress, map)."""
    values = item.values() if isinstance(item, dict) else item
    return compress(values, map(isinstance, values, repeat(_CONTAINERS)))


def depth_of(value, limit=MAX_DEPTH):
    """How deep VALUE's containers nest (a scalar 0), level by level without recursion;
    stops counting past LIMIT. Costs less than the parse."""
    if not isinstance(value, _CONTAINERS):
        return 0
    level, depth = [value], 1
    while depth <= limit:
        level = [c for item in level for c in _children(item)]
        if not level:
            break
        depth += 1
    return depth


def load_json(path):
    """The parsed JSON of the regular file PATH; raises InputError."""
    data = _read_regular(path)
    if len(data) > MAX_BYTES:
        raise InputError(path, f"more than the {MAX_BYTES >> 20} MiB a results file may have")
    try:
        doc = json.loads(data)
    except RecursionError:
        raise InputError(path, f"nested more than {MAX_DEPTH} deep") from None
    except MemoryError:
        raise InputError(path, "too large to parse in memory") from None
    except (UnicodeDecodeError, ValueError) as e:
        raise InputError(path, f"not JSON ({e})") from None
    if depth_of(doc) > MAX_DEPTH:
        raise InputError(path, f"nested more than {MAX_DEPTH} deep")
    if b"\\ud" in data.lower() and _has_lone_surrogate(doc):  # JSON may escape one; UTF-8 cannot hold it
        raise InputError(path, "a string holds a lone UTF-16 surrogate (\\ud800-\\udfff): not text")
    return doc


def _has_lone_surrogate(doc):
    """Whether some string of DOC is not valid Unicode text (it could not be written out)."""
    try:
        json.dumps(doc, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
