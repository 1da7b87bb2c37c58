# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A tool started by a Python that lacks one of its dependencies (the python3 first on PATH
without Debian's scipy or numpy, Debian's python3 without Triton) says in one line which
interpreter to use, exit 2, no traceback; so does a Python older than the tools need (3.11),
simulated by a faked sys.version_info. The missing module is simulated by a module of that
name on PYTHONPATH that fails to import as an absent one does."""
import ast
import os
import subprocess
import sys

import pytest
from clampbench_testing import SCRIPTS, fixture, one_line_error, run_script

TIMEOUT = 120


def _without(tmp_path, module):
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    (shadow / f"{module}.py").write_text(f"raise ModuleNotFoundError(\"No module named '{module}'\", name='{module}')\n")
    return dict(os.environ, PYTHONPATH=str(shadow))


@pytest.mark.parametrize("module,script,args", [
    ("scipy", "compare.py", (fixture("base.json"), fixture("head_same.json"))),
    ("numpy", "report.py", ("--single", fixture("base.json"), "-o", "SITE")),
    ("triton", "bench_torch.py", ("--out", "OUT")),
])
def test_a_missing_dependency_names_the_interpreter_to_use(tmp_path, module, script, args):
    if module == "triton":
        pytest.importorskip("torch")  # bench_torch imports torch before it asks for Triton
    args = [str(tmp_path / "site") if a == "SITE" else str(tmp_path / "t.json") if a == "OUT" else a for a in args]
    proc = run_script(script, *args, env=_without(tmp_path, module), timeout=TIMEOUT)
    assert proc.returncode == 2 and proc.stdout == ""
    line = one_line_error(proc)
    assert line.startswith(f"{script}: ") and f"no module {module!r}" in line, line
    assert "run it with" in line or "install Debian's" in line, line
    assert not (tmp_path / "t.json").exists()


OLD_PYTHON = """import os, runpy, sys
sys.version_info = (3, 10, 12, "final", 0)
sys.argv = sys.argv[1:]
sys.path.insert(0, os.path.dirname(sys.argv[0]))  # as `python SCRIPT` does
runpy.run_path(sys.argv[0], run_name="__main__")
"""


TOOLS = sorted(n for n in os.listdir(SCRIPTS) if n.endswith(".py") and n != "tool_runner.py")


@pytest.mark.parametrize("tool", TOOLS)
def test_a_python_older_than_3_11_is_told_which_it_needs(tmp_path, tool):
    """A tool started by Python 3.10 (a version_info of 3.10, and no tomllib, as there) exits
    2 with one line naming the Python it needs, never a traceback (exit 1 reads as a regression)."""
    env = _without(tmp_path, "tomllib")
    proc = subprocess.run([sys.executable, "-c", OLD_PYTHON, os.path.join(SCRIPTS, tool),
                           fixture("base.json"), fixture("head_same.json")],
                          capture_output=True, text=True, env=env, timeout=TIMEOUT)
    assert proc.returncode == 2 and proc.stdout == ""
    line = one_line_error(proc)
    assert line.startswith(f"{tool}: ") and "3.10.12" in line and "need Python 3.11 or newer" in line, line


def test_the_package_entry_checks_the_python_version_first(tmp_path):
    """Importing any module of the package runs its check first, before any module of 3.11
    syntax or stdlib is imported (a tool, a test or python -c alike)."""
    code = ("import sys; sys.version_info = (3, 9, 0, 'final', 0); sys.argv[0] = 'compare.py'; "
            f"sys.path.insert(0, {SCRIPTS!r}); from clampbench_scripts.compare.compare_cli import main")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=_without(tmp_path, "tomllib"), timeout=TIMEOUT)
    assert proc.returncode == 2 and "compare.py: " in one_line_error(proc)
    assert "compare_cli" not in proc.stderr


@pytest.mark.parametrize("path", [*TOOLS, "tool_runner.py", "clampbench_scripts/__init__.py",
                                  "clampbench_scripts/common/__init__.py", "clampbench_scripts/common/interpreter.py"])
def test_the_code_before_the_check_is_python_3_6_syntax(path):
    with open(os.path.join(SCRIPTS, path)) as f:
        ast.parse(f.read(), filename=path, feature_version=(3, 6))
