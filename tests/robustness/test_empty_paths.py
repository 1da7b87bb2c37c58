# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Every path-valued option or argument of the Python tools given as '' (an unset shell
variable: `--dir "$DIR"`) is bad usage: exit 2, one line naming the option, nothing written.
Left alone, '' meant "no history" to compare.py (silently no time noise), the current
directory to some, and an I/O error (exit 3) to others."""
import os

import pytest
from clampbench_testing import fixture, one_line_error, run_script

BASE, HEAD = fixture("base.json"), fixture("head_same.json")
CASES = [
    ("compare.py", (BASE, HEAD, "--history", ""), "--history"),
    ("compare.py", (BASE, HEAD, "-o", ""), "-o/--output"),
    ("compare.py", ("", HEAD), "BASE"),
    ("compare.py", (BASE, HEAD, "--head", ""), "--head"),
    ("history.py", ("add", BASE, "--dir", ""), "--dir"),
    ("history.py", ("add", ""), "RESULT"),
    ("report.py", (fixture("history"), "-o", ""), "-o/--output"),
    ("report.py", ("--single", "", "-o", "SITE"), "--single"),
    ("report.py", ("--single", BASE, "-o", "SITE", "--baseline", ""), "--baseline"),
    ("report.py", ("", "-o", "SITE"), "HISTORY_DIR"),
    ("export.py", (BASE, "--format", "bmf", "-o", ""), "-o/--output"),
    ("gate.py", ("--base-binary", "", "--head-binary", "x"), "--base-binary"),
    ("gate.py", ("--base-binary", "x", "--head-binary", "x", "--keep-runs", ""), "--keep-runs"),
    ("gate.py", ("--base-binary", "x", "--head-binary", "x", "--json", ""), "--json"),
    ("gate_check.py", ("--out", ""), "--out"),
    ("gate_check.py", ("--binary", ""), "--binary"),
    ("upstream.py", ("--vllm-src", ""), "--vllm-src"),
    ("upstream.py", ("--vllm-src", "x", "--dump", ""), "--dump"),
    ("upstream.py", ("scan", "--vllm-src", "x", "--since", ""), "--since"),
    ("upstream.py", ("scan", "--vllm-src", "x", "--out", ""), "--out"),
    ("upstream.py", ("compare", "--base", "", "--head", "x"), "--base"),
    ("upstream.py", ("compare", "--base", "x", "--head", "x", "--out-head", ""), "--out-head"),
    ("pytorch_alloc.py", ("--results", ""), "--results"),
    ("bench_torch.py", ("--out", ""), "--out"),
    ("bench_report.py", ("--keep", ""), "--keep"),
]


@pytest.mark.parametrize("script,args,option", CASES, ids=[f"{s} {o}" for s, _, o in CASES])
def test_an_empty_path_is_refused_in_one_line(tmp_path, script, args, option):
    args = [str(tmp_path / "site") if a == "SITE" else a for a in args]
    proc = run_script(script, *args, cwd=tmp_path, timeout=120)
    assert proc.returncode == 2 and proc.stdout == "", (proc.returncode, proc.stdout, proc.stderr)
    line = one_line_error(proc)
    assert f"{option}: an empty path ('')" in line, line
    assert os.listdir(tmp_path) == []  # nothing written, not even into the current directory
