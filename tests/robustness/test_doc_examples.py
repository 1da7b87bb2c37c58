# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The run output that docs/findings.md shows is what the binary prints today: the quick set is
run again and each line of the doc's first example (times, the progress line's elapsed/eta
tail and the results path aside; "..." marks a cut) must be among the lines printed."""
import re
from pathlib import Path

from clampbench_testing import ROOT

DOC = Path(ROOT) / "docs" / "findings.md"


def example_lines():
    block = DOC.read_text().split("```\n", 2)[1]
    return [line for line in block.splitlines() if line.strip() and line.strip() != "..."]


def normal(line):
    line = re.sub(r"\s+\d+\.\d+s(\s+elapsed .*)?$", "", line.rstrip())  # a progress line's times
    return re.sub(r"results in \S+ \(\d+\.\d+s\)$", "results in <out>", line)


def test_the_findings_example_is_what_a_run_prints(clampbench, tmp_path):
    proc = clampbench("run", "--no-timing", "--instructions", "off", "--out", tmp_path / "r.json")
    assert proc.returncode == 0, proc.stderr
    printed = {normal(line) for line in (proc.stdout + proc.stderr).splitlines()}
    expected = example_lines()
    assert len(expected) >= 10
    missing = [line for line in expected if normal(line) not in printed]
    assert not missing, "docs/findings.md shows lines the run no longer prints:\n" + "\n".join(missing)
