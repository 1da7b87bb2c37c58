# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""gate.py's ends: SIGTERM and SIGINT midway exit 143 and 130 and leave no clampbench-gate-*
work directory, and the run under way is sent SIGTERM (it cleans up after itself) before it is
killed; a head run killed midway is exit 3 with one line that names no file of the
work directory the gate has just removed (the binary's "--resume FILE" hint is dropped); the
binary's own usage error (exit 2: `-- --suite nosuch`) is the gate's usage error, exit 2, not
NOT ASSESSED. Stand-in binaries copy a fixture to --out, fail or sleep, so each test takes a
second."""
import os
import signal
import subprocess
import time

import pytest
from clampbench_testing import fixture, one_line_error, script_command

FAKE = """#!/bin/sh
for a; do out=$a; done  # the gate passes --out FILE last
echo run >> "$FAKE_LOG"
mode=$FAKE_MODE
[ "$0" = "$FAKE_BASE" ] && mode=ok
case "$mode" in
  sleep) exec sleep 30 ;;
  cleans) touch "$FAKE_MARK"  # a run that removes its own temporary file on SIGTERM, as clampbench does
          sleep 30 >/dev/null 2>&1 &
          trap 'rm -f "$FAKE_MARK"; kill $!; exit 143' TERM
          wait ;;
  usage) echo "clampbench: error: --suite: no suite 'nosuch'" >&2; exit 2 ;;
  killed) cp "$FAKE_FIXTURE" "$out"
          echo "clampbench: interrupted by SIGTERM after 1 of 4 cases; --resume $out continues the run" >&2
          exit 143 ;;
  *) cp "$FAKE_FIXTURE" "$out" ;;
esac
"""


@pytest.fixture
def gate(tmp_path):
    binaries = {}
    for side in ("base", "head"):
        binaries[side] = tmp_path / f"{side}.sh"
        binaries[side].write_text(FAKE)
        binaries[side].chmod(0o755)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = dict(os.environ, TMPDIR=str(tmp), FAKE_LOG=str(tmp_path / "runs.log"), FAKE_BASE=str(binaries["base"]),
               FAKE_FIXTURE=fixture("base.json"), FAKE_MARK=str(tmp_path / "mark"))

    def start(mode, *run_args):
        cmd = [*script_command("gate.py"), "--base-binary", str(binaries["base"]), "--head-binary",
               str(binaries["head"]), "--budget", "60", "--", *run_args]
        return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=dict(env, FAKE_MODE=mode))
    start.runs = tmp_path / "runs.log"
    start.mark = tmp_path / "mark"
    start.work_dirs = lambda: [n for n in os.listdir(tmp) if n.startswith("clampbench-gate-")]
    return start


def _finish(proc):
    out, err = proc.communicate(timeout=60)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.mark.parametrize("signum,code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_an_interrupted_gate_leaves_no_work_dir(gate, signum, code):
    proc = gate("sleep")
    deadline = time.monotonic() + 30
    while (not gate.runs.exists() or len(gate.runs.read_text().split()) < 2) and time.monotonic() < deadline:
        time.sleep(0.05)  # the base's warm-up ran; the head's is asleep
    time.sleep(0.2)
    assert gate.work_dirs() != []
    proc.send_signal(signum)
    done = _finish(proc)
    assert done.returncode == code and "Traceback" not in done.stderr, done.stderr
    assert gate.work_dirs() == []


def test_an_interrupted_gate_lets_the_run_clean_up(gate):
    """The run under way gets SIGTERM, not SIGKILL: clampbench removes its callgrind child's
    temporary directory then (a killed one leaves it to the next run)."""
    proc = gate("cleans")
    deadline = time.monotonic() + 30
    while not gate.mark.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)  # the stand-in's trap is set
    proc.send_signal(signal.SIGTERM)
    done = _finish(proc)
    assert done.returncode == 143 and not gate.mark.exists()
    assert gate.work_dirs() == []


def test_a_killed_head_run_names_no_removed_file(gate):
    done = _finish(gate("killed"))
    assert done.returncode == 3
    line = one_line_error(done)
    assert "head run exited 143" in line and "interrupted by SIGTERM" in line, line
    assert "--resume" not in line and "clampbench-gate-" not in line, line
    assert gate.work_dirs() == []


def test_the_binarys_usage_error_is_the_gates_usage_error(gate):
    done = _finish(gate("usage", "--suite", "nosuch"))
    assert done.returncode == 2 and done.stdout == ""
    assert "no suite 'nosuch'" in one_line_error(done)
    assert gate.work_dirs() == []
