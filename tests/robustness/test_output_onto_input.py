# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""An output that is one of the tool's inputs would replace what it is made from: compare.py
A B -o B and export.py A -o A are refused (exit 2, one line naming both), whether the
output names the input itself, another spelling of it, a symlink to it or a hard link to it;
the input is left as it was."""
import os
import shutil

import pytest
from clampbench_testing import fixture, one_line_error, run_script


def _spellings(tmp_path, target):
    os.symlink(target, tmp_path / "link.json")
    os.link(target, tmp_path / "hard.json")
    return {"same": target, "dotted": os.path.join(os.path.dirname(target), ".", os.path.basename(target)),
            "symlink": str(tmp_path / "link.json"), "hardlink": str(tmp_path / "hard.json")}


@pytest.mark.parametrize("spelling", ["same", "dotted", "symlink", "hardlink"])
@pytest.mark.parametrize("tool", ["compare.py", "export.py"])
def test_an_output_onto_an_input_is_refused(tmp_path, tool, spelling):
    base, head = tmp_path / "base.json", tmp_path / "head.json"
    shutil.copy(fixture("base.json"), base)
    shutil.copy(fixture("head_same.json"), head)
    before = head.read_bytes()
    out = _spellings(tmp_path, str(head))[spelling]
    args = (base, head, "-o", out) if tool == "compare.py" else (head, "--format", "bmf", "-o", out)
    proc = run_script(tool, *args)
    assert proc.returncode == 2 and proc.stdout == ""
    line = one_line_error(proc)
    assert f"{out}: is the input {head}" in line, line
    assert head.read_bytes() == before and os.path.islink(tmp_path / "link.json")


def test_an_output_beside_the_inputs_is_written(tmp_path):
    proc = run_script("compare.py", fixture("base.json"), fixture("head_same.json"), "-o", tmp_path / "c.md")
    assert proc.returncode == 0 and (tmp_path / "c.md").read_text()
