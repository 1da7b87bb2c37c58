# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""scripts/gate-change.sh --budget and --max-mde: a value the gate would refuse (nan, inf, 0, a
negative, text) is one line, exit 2, before any work: no build, no gate, no callgrind run, no
--out directory. The binaries and the gate are stand-ins that log each start."""
import pytest
from clampbench_testing import one_line_error
from test_gate_change import executable, gate_change

BAD = ["nan", "NaN", "inf", "-inf", "1e999", "-1", "0", "0.0", "text", "1 2", "0x10"]


def _stand_ins(tmp_path):
    log = tmp_path / "started.log"
    binary = executable(tmp_path / "clampbench", f"#!/bin/sh\necho binary \"$@\" >> '{log}'\n")
    gate = executable(tmp_path / "gate", f"#!/bin/sh\necho gate \"$@\" >> '{log}'\n")
    return log, binary, gate


@pytest.mark.parametrize("option, says", [("--budget", "a positive number of seconds"),
                                          ("--max-mde", "a positive fraction (0.10 is 10%)")])
@pytest.mark.parametrize("value", BAD)
def test_a_bad_number_is_refused_before_any_work(tmp_path, option, says, value):
    log, binary, gate = _stand_ins(tmp_path)
    out = tmp_path / "out"
    proc = gate_change("--out", out, "--base-binary", binary, "--head-binary", binary, option, value, gate=gate)
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    line = one_line_error(proc)
    assert f"{option} must be {says}, not '{value}'" in line, line
    assert not log.exists() and not out.exists()


@pytest.mark.parametrize("value", ["360", "0.5", ".5", "10.", "+3", "1e2", "2.5E-1"])
def test_a_positive_number_is_passed_to_the_gate(tmp_path, value):
    log, binary, gate = _stand_ins(tmp_path)
    proc = gate_change("--out", tmp_path / "out", "--base-binary", binary, "--head-binary", binary,
                       "--budget", value, "--max-mde", value, gate=gate)
    assert f"gate --base-binary {binary} --head-binary {binary} --budget {value} --max-mde {value} " in log.read_text(), \
        proc.stderr
