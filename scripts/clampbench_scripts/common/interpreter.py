# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Which Python runs which tool. The tools declare no dependencies (nothing is installed): numpy,
scipy, matplotlib and torch are Debian's (python3-*), seen by /usr/bin/python3 and not by
another python3 first on PATH; the tools that run vLLM's Triton kernels want a Python with
Triton as well (a venv over Debian's python, docs/upstream.md). A tool started by a Python that
lacks one says which to use, in one line (exit 2), instead of a traceback. So does one older
than the tools' Python (NEEDED: tomllib, 3.11 syntax): a traceback would be exit 1, which a gate
reads as a regression. This file is imported before that check (clampbench_scripts/__init__.py,
scripts/tool_runner.py), so it must stay Python 2.7 and 3.0 syntax (no f-strings, no print
function, no annotations, nonlocal or keyword-only arguments): python2 must reach the check."""
import os
import sys

DEBIAN_PYTHON = "/usr/bin/python3"
TRITON_PYTHON = os.path.expanduser("~/.cache/clampbench/venv-triton-3.9.0/bin/python")
DEPENDENCIES = ("numpy", "scipy", "matplotlib", "torch", "triton")
NEEDED = (3, 11)
EXIT_BAD_USAGE = 2


def require_python(version_info=None):
    """Exits 2 with one line naming the Python the tools need when this one is older."""
    version = tuple(sys.version_info if version_info is None else version_info)
    if version[:2] >= NEEDED:
        return
    prog = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "clampbench_scripts"
    needed = ".".join(map(str, NEEDED))
    found = ".".join(map(str, version[:3]))
    # Numbered fields: Python 3.0 has no automatic ones.
    sys.stderr.write("{0}: this Python ({1} {2}) is too old: clampbench's tools need Python {3} or "
                     "newer (Debian's {4} on bookworm or later)\n".format(prog, sys.executable, found,
                                                                         needed, DEBIAN_PYTHON))
    sys.exit(EXIT_BAD_USAGE)


def missing_dependency(exc):
    """The dependency (top-level module name) whose absence raised EXC or what caused it, or
    None when EXC is about anything else."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        name = (getattr(exc, "name", None) or "").split(".")[0]
        if isinstance(exc, ImportError) and name in DEPENDENCIES:
            return name
        exc = exc.__cause__ or exc.__context__
    return None


def _which(module):
    if module == "triton":
        if os.access(TRITON_PYTHON, os.X_OK) and os.path.abspath(sys.executable) != TRITON_PYTHON:
            return "run it with {} (Triton over Debian's python3)".format(TRITON_PYTHON)
        return "run it with a Python that has Triton over Debian's python3 (docs/upstream.md)"
    if os.path.abspath(sys.executable) != DEBIAN_PYTHON and os.access(DEBIAN_PYTHON, os.X_OK):
        return ("run it with {} (Debian's python3-{}; the python3 first on PATH does not "
                "see it)".format(DEBIAN_PYTHON, module))
    return "install Debian's python3-{} for {}".format(module, sys.executable)


def advice(module):
    """One line: what this interpreter lacks and which one to use."""
    return "this Python ({}) has no module {!r}: {}".format(sys.executable, module, _which(module))
