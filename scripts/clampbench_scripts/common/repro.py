# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The command that shows one row of a run again on a reader's machine: the binary on that one
case and variant, with the run's backend and size set. compare.py's lead lines and the
dashboard's change list print it beside what they report."""
import shlex


def run_command(suite, case_id, variant, backend=None, size_set=None):
    """`build/clampbench run --suite S --case ID [--variant V] --backend B --sizes SET` (the
    reference variant `clamp` always runs, so it needs no --variant)."""
    cmd = ["build/clampbench", "run", "--suite", str(suite), "--case", str(case_id)]
    if variant != "clamp":
        cmd += ["--variant", str(variant)]
    cmd += ["--backend", str(backend or "host"), "--sizes", str(size_set or "quick")]
    return shlex.join(cmd)
