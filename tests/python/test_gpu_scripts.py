# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""gpu-check.sh and gpu-nightly.sh off a GPU machine: bad usage exits 2; without a GPU they
stop at the device step with exit 1, say why in one line, and leave no results behind."""
import os
import shutil
import subprocess

import pytest

from clampbench_testing import SCRIPTS

SCRIPTS_UNDER_TEST = ["gpu-check.sh", "gpu-nightly.sh"]
no_gpu_machine = pytest.mark.skipif(shutil.which("nvidia-smi") is not None,
                                    reason="nvidia-smi is present: the no-GPU path cannot be shown here")


def run(script, *args):
    return subprocess.run(["bash", os.path.join(SCRIPTS, script), *map(str, args)],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("script", SCRIPTS_UNDER_TEST)
@pytest.mark.parametrize("args", [[], ["a", "90", "extra"], ["--help"]])
def test_bad_usage_exits_2(script, args):
    proc = run(script, *args)
    assert proc.returncode == 2
    assert proc.stderr.startswith("usage: ")


@no_gpu_machine
@pytest.mark.parametrize("script", SCRIPTS_UNDER_TEST)
def test_without_a_gpu_stops_at_the_device_step(tmp_path, script):
    proc = run(script, tmp_path / "out")
    assert proc.returncode == 4  # neither a failed check (1) nor bad usage (2)
    assert "no GPU visible to nvidia-smi: this script is for a GPU machine" in proc.stdout
    log = tmp_path / "out" / script.replace(".sh", ".log")
    assert "no GPU visible" in log.read_text()
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [log.name]
