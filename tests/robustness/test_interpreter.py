# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A tool started by a Python that lacks one of its dependencies (the python3 first on PATH
without Debian's scipy or numpy, Debian's python3 without Triton) says in one line which
interpreter to use, exit 2, no traceback. The missing module is simulated by a module of that
name on PYTHONPATH that fails to import as an absent one does."""
import os

import pytest
from clampbench_testing import fixture, one_line_error, run_script

TIMEOUT = 120


def _without(tmp_path, module):
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    (shadow / f"{module}.py").write_text(f"raise ModuleNotFoundError(\"No module named '{module}'\", name='{module}')\n")
    return dict(os.environ, PYTHONPATH=str(shadow))


@pytest.mark.parametrize("module,script,args", [
    ("scipy", "compare.py", (fixture("base.json"), fixture("head_same.json"))),
    ("numpy", "report.py", ("--single", fixture("base.json"), "-o", "SITE")),
    ("triton", "clampbench-bench-torch", ("--out", "OUT")),
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
