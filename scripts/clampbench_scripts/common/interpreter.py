# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Which Python runs which tool. The tools declare no dependencies (pyproject.toml): numpy,
scipy, matplotlib and torch are Debian's (python3-*), seen by /usr/bin/python3 and not by
another python3 first on PATH; the tools that run vLLM's Triton kernels want a Python with
Triton as well (a venv over Debian's python, docs/upstream.md). A tool started by a Python that
lacks one says which to use, in one line (exit 2), instead of a traceback."""
import os
import sys

DEBIAN_PYTHON = "/usr/bin/python3"
TRITON_PYTHON = os.path.expanduser("~/.cache/clampbench/venv-triton-3.9.0/bin/python")
DEPENDENCIES = ("numpy", "scipy", "matplotlib", "torch", "triton")


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
            return f"run it with {TRITON_PYTHON} (Triton over Debian's python3)"
        return "run it with a Python that has Triton over Debian's python3 (docs/upstream.md)"
    if os.path.abspath(sys.executable) != DEBIAN_PYTHON and os.access(DEBIAN_PYTHON, os.X_OK):
        return f"run it with {DEBIAN_PYTHON} (Debian's python3-{module}; the python3 first on PATH does not see it)"
    return f"install Debian's python3-{module} for {sys.executable}"


def advice(module):
    """One line: what this interpreter lacks and which one to use."""
    return f"this Python ({sys.executable}) has no module {module!r}: {_which(module)}"
