# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Whether a dumped tensor file is what the dump's manifest says it is: a .npy file, whole, of
the manifest's dtype and shape. Only the header and the file's size are read, so a command can
check every file of a dump before it runs anything: a spoiled file (cut short by a full disk, or
swapped for another) is then one line naming it, exit 2, not a traceback from numpy or torch
halfway through the sites. numpy only: the check runs before torch is needed."""
import math
import os
from pathlib import Path

import numpy as np

from ..common.errors import InputError

# The manifest's dtype names (kernels/dtype.h dtype_name) and the numpy dtypes their files hold.
DTYPES = {name: np.dtype(name) for name in ("bool", "int8", "uint8", "int16", "int32", "int64",
                                            "float32", "float64")}
# The dtype the binary's manifest gives a tensor that is not defined (harness/dump/detail/
# dump_directory.cpp): its file holds no elements, whatever its header says.
UNDEFINED = "undefined"
HEADER_READERS = {(1, 0): np.lib.format.read_array_header_1_0, (2, 0): np.lib.format.read_array_header_2_0}


class DumpError(InputError):
    """A dumped tensor file that cannot be read as its manifest entry says (exit 2)."""


def _header(f):
    """(shape, dtype, bytes of data the header promises) of the open .npy file F."""
    version = np.lib.format.read_magic(f)
    if version not in HEADER_READERS:
        raise ValueError(f"npy format version {version[0]}.{version[1]}, not 1.0 or 2.0 as the binary writes")
    shape, _, dtype = HEADER_READERS[version](f)
    if dtype.hasobject:
        raise ValueError("it holds Python objects, not numbers")
    return shape, dtype, math.prod(shape) * dtype.itemsize


def _problem(path, dtype_name, shape):
    """What is wrong with the tensor file PATH, or None."""
    if dtype_name is not None and dtype_name != UNDEFINED and dtype_name not in DTYPES:
        return f"the manifest gives the unknown dtype {dtype_name!r} (known: {', '.join(DTYPES)})"
    try:
        with open(path, "rb") as f:
            found_shape, found_dtype, data_bytes = _header(f)
            data = os.fstat(f.fileno()).st_size - f.tell()
    except FileNotFoundError:
        return "missing (the manifest lists it)"
    except (ValueError, EOFError, SyntaxError, TypeError) as exc:  # what numpy's header reader raises
        return f"not a .npy file the binary wrote ({exc})"
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    if dtype_name == UNDEFINED:
        return None
    if data != data_bytes:
        what = "cut short" if data < data_bytes else "longer than its header says"
        return f"{what}: {data} bytes of data, its header says {data_bytes}"
    if dtype_name is not None and found_dtype != DTYPES[dtype_name]:
        return f"holds {found_dtype}, the manifest says {dtype_name}"
    if shape is not None and list(found_shape) != list(shape):
        return f"holds shape {list(found_shape)}, the manifest says {list(shape)}"
    return None


def check_tensor(dump_dir, entry, expected=None):
    """Raises DumpError naming ENTRY's file ({"file", "dtype", "shape"} of the manifest) when
    it is not that tensor. EXPECTED: the entry whose dtype and shape ENTRY must have where it
    gives none itself (an input after the call: the input's)."""
    expected = expected or {}
    path = Path(dump_dir) / entry["file"]
    problem = _problem(path, entry.get("dtype", expected.get("dtype")), entry.get("shape", expected.get("shape")))
    if problem:
        raise DumpError(path, problem)


def case_entries(case):
    """[(entry, expected)] of every tensor file of CASE: its inputs, each variant's outputs
    and inputs after the call (which the manifest gives no dtype or shape: the input's)."""
    inputs = {e.get("name"): e for e in case["inputs"]}  # a file is checked even where its name is not given
    entries = [(e, None) for e in case["inputs"]]
    for variant in case.get("variants", []):
        entries += [(e, None) for e in variant.get("outputs", [])]
        entries += [(e, inputs.get(e.get("name"))) for e in variant.get("inputs_after", [])]
    return entries
