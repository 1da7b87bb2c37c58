# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Bad command lines: one line naming the problem, exit 2, nothing written."""
import os


def test_unknown_flag_is_one_line_exit_2(clampbench, tmp_path):
    out = tmp_path / "r.json"
    proc = clampbench("run", "--no-such-flag", "--out", out)
    assert proc.returncode == 2
    assert "--no-such-flag" in proc.stderr
    assert not os.path.exists(out)
