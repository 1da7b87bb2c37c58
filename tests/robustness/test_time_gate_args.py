# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Bad values for the time gate's own knobs: a malformed delay plant (clampbench run --plant)
and --max-mde (compare.py) are refused with one line and exit 2, before anything runs."""
import pytest
from clampbench_testing import fixture, one_line_error, run_script


@pytest.mark.parametrize("plant", ["delay:", "delay:1", "delay:0.5", "delay:11", "delay:x", "delay:2:", "sleep"])
def test_a_malformed_plant_is_refused(clampbench, tmp_path, plant):
    proc = clampbench("run", "--backend", "host", "--suite", "ngram_find", "--no-timing", "--plant", plant,
                      "--out", tmp_path / "out.json")
    assert proc.returncode == 2 and f"bad plant '{plant}'" in one_line_error(proc)
    assert not (tmp_path / "out.json").exists()


@pytest.mark.parametrize("value", ["0", "-0.1", "nan", "x"])
def test_a_bad_max_mde_is_refused(value):
    proc = run_script("compare.py", fixture("base.json"), fixture("head_same.json"), "--max-mde", value)
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    assert "--max-mde" in proc.stderr.strip().splitlines()[-1]  # argparse's usage may come first
