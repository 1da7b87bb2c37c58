# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A tool started by python2 (a `python` that is still 2.7, `python2 scripts/compare.py`) exits 2
with the one line naming the Python it needs, never a SyntaxError traceback (exit 1, which a gate
reads as a regression). So everything imported before the version check must parse on 2.7: the
tool scripts, tool_runner.py, the package's __init__ files and common/interpreter.py.

Two checks: the files' syntax against the constructs 2.7 cannot parse (always run: no python2
is needed), and the tools started by a real python2 where one is installed."""
import ast
import glob
import os
import subprocess

import pytest
from clampbench_testing import SCRIPTS, fixture, one_line_error

TIMEOUT = 60
TOOLS = sorted(n for n in os.listdir(SCRIPTS) if n.endswith(".py") and n != "tool_runner.py")
BEFORE_THE_CHECK = [*TOOLS, "tool_runner.py", "clampbench_scripts/__init__.py",
                    "clampbench_scripts/common/__init__.py", "clampbench_scripts/common/interpreter.py"]


def _python3_only(tree):
    """The constructs of TREE that Python 2.7 cannot parse, as (line, what)."""
    print_function = any(isinstance(n, ast.ImportFrom) and n.module == "__future__"
                         and any(a.name == "print_function" for a in n.names) for n in ast.walk(tree))
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.JoinedStr):
            found.append((line, "an f-string"))
        elif isinstance(node, ast.Nonlocal):
            found.append((line, "nonlocal"))
        elif isinstance(node, ast.AnnAssign):
            found.append((line, "a variable annotation"))
        elif isinstance(node, (ast.YieldFrom, ast.Await, ast.AsyncFunctionDef, ast.AsyncFor,
                               ast.AsyncWith, ast.NamedExpr)):
            found.append((line, type(node).__name__))
        elif isinstance(node, ast.Raise) and node.cause is not None:
            found.append((line, "raise ... from"))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            found.append((line, "the @ operator"))
        elif isinstance(node, ast.Dict) and None in node.keys:
            found.append((line, "** in a dict display"))
        elif isinstance(node, (ast.Assign, ast.For)) and any(
                isinstance(n, ast.Starred) for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
                for n in ast.walk(t)):
            found.append((line, "a starred assignment target"))
        elif isinstance(node, ast.Call):
            if sum(isinstance(a, ast.Starred) for a in node.args) > 1 or any(
                    isinstance(a, ast.Starred) and i < len(node.args) - 1 for i, a in enumerate(node.args)):
                found.append((line, "unpacking in a call's arguments"))
            if isinstance(node.func, ast.Name) and node.func.id == "print" and not print_function:
                found.append((line, "print() as a function (a statement in 2.7)"))
        elif isinstance(node, ast.arguments):
            if node.kwonlyargs or node.posonlyargs:
                found.append((line, "keyword- or positional-only arguments"))
            args = [*node.args, *node.kwonlyargs, *node.posonlyargs, node.vararg, node.kwarg]
            if any(a is not None and a.annotation is not None for a in args):
                found.append((line, "an argument annotation"))
        elif isinstance(node, (ast.FunctionDef,)) and node.returns is not None:
            found.append((line, "a return annotation"))
    return sorted(found)


def test_the_check_finds_what_python2_cannot_parse():
    source = ("def f(a, *, b: int) -> int:\n    nonlocal x\n    y: int = 1\n    first, *rest = a\n"
              "    print(f'{a}', file=None)\n    raise ValueError() from None\n")
    what = {w for _, w in _python3_only(ast.parse(source))}
    assert what == {"keyword- or positional-only arguments", "an argument annotation", "a return annotation",
                    "nonlocal", "a variable annotation", "a starred assignment target", "an f-string",
                    "print() as a function (a statement in 2.7)", "raise ... from"}, what
    assert _python3_only(ast.parse("from __future__ import print_function\nprint('x', file=None)\n"
                                   "f(*a, **k)\n'{0}'.format(1)\n")) == []


@pytest.mark.parametrize("path", BEFORE_THE_CHECK)
def test_the_code_before_the_check_is_python_2_7_syntax(path):
    with open(os.path.join(SCRIPTS, path)) as f:
        found = _python3_only(ast.parse(f.read(), filename=path))
    assert not found, f"{path}: " + ", ".join(f"line {line}: {what}" for line, what in found)


def _python2():
    """A working python2 interpreter, or None: a pyenv shim on PATH may name one it cannot run."""
    candidates = ["python2.7", "python2", *sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/2.7*/bin/python2.7")))]
    for candidate in candidates:
        try:
            proc = subprocess.run([candidate, "-c", "import sys; sys.exit(sys.version_info[0] != 2)"],
                                  capture_output=True, timeout=TIMEOUT)
        except OSError:
            continue
        if proc.returncode == 0:
            return candidate
    return None


@pytest.mark.parametrize("tool", TOOLS)
def test_python2_is_told_which_python_to_use(tool):
    python2 = _python2()
    if python2 is None:
        pytest.skip("no python2 interpreter here (the syntax check above still runs)")
    # No .pyc files: python2 writes them beside the sources, not in an ignored __pycache__.
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTHONPATH", None)
    env.pop("PYTHONHOME", None)
    proc = subprocess.run([python2, os.path.join(SCRIPTS, tool), fixture("base.json"), fixture("head_same.json")],
                          capture_output=True, text=True, env=env, timeout=TIMEOUT)
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    line = one_line_error(proc)
    assert line.startswith(f"{tool}: ") and "2.7" in line and "need Python 3.11 or newer" in line, line
