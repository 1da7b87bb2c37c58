# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""gate_check.py checks its input before it starts a run (a --delay-suite the binary does not
list, a --binary that is a directory: exit 2), and leaves no clampbench-gate-* work directory
behind: not at the end, not when a run fails (exit 3, one line), not on SIGINT/SIGTERM
(130/143); --keep keeps it. The same with --adaptive (each gate.py's runs inside that
directory), whose budget must be a positive number, as --plants must name a plant (exit 2,
nothing written). A stand-in binary answers `list --json` and fails or sleeps in
`run`, so the test takes seconds, not the check's minutes."""
import os
import signal
import subprocess
import time

import pytest
from clampbench_testing import one_line_error, script_command

FAKE = """#!/bin/sh
case "$1" in
  list) echo '[{"name": "mla_chunked_context"}, {"name": "ngram_find"}]' ;;
  run) echo run >> "$FAKE_LOG"; [ -n "$FAKE_SLEEP" ] && exec sleep "$FAKE_SLEEP"; echo "run failed" >&2; exit 3 ;;
esac
"""


@pytest.fixture
def gate(tmp_path):
    binary = tmp_path / "clampbench"
    binary.write_text(FAKE)
    binary.chmod(0o755)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = dict(os.environ, TMPDIR=str(tmp), FAKE_LOG=str(tmp_path / "runs.log"))

    def start(*args, sleep=None, binary=binary):
        cmd = [*script_command("gate_check.py"), "--binary", str(binary), "--pairs", "1",
               "--runs", "1", "--out", str(tmp_path / "gate.json"), *args]
        return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=dict(env, FAKE_SLEEP=str(sleep or "")))
    start.runs = tmp_path / "runs.log"
    start.work_dirs = lambda: [n for n in os.listdir(tmp) if n.startswith("clampbench-gate-")]
    start.tmp_path = tmp_path
    return start


def _finish(proc):
    out, err = proc.communicate(timeout=60)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def test_unknown_delay_suite_and_directory_binary_are_refused_before_any_run(gate):
    proc = _finish(gate("--delay-suite", "no_such_suite"))
    assert proc.returncode == 2
    line = one_line_error(proc)
    assert "no_such_suite" in line and "known: mla_chunked_context, ngram_find" in line
    proc = _finish(gate(binary=gate.tmp_path))
    assert proc.returncode == 2 and "a directory, not clampbench binary" in one_line_error(proc)
    assert not gate.runs.exists() and gate.work_dirs() == []


def test_a_failed_run_is_exit_3_and_leaves_no_work_dir(gate):
    proc = _finish(gate())
    assert proc.returncode == 3 and "run failed" in one_line_error(proc)
    assert gate.runs.exists() and gate.work_dirs() == []
    proc = _finish(gate("--keep"))
    assert proc.returncode == 3 and len(gate.work_dirs()) == 1 and "runs kept in" in proc.stdout


@pytest.mark.parametrize("signum,code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_an_interrupted_check_leaves_no_work_dir(gate, signum, code):
    proc = gate(sleep=30)
    deadline = time.monotonic() + 30
    while not gate.runs.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert gate.work_dirs() != []  # a run is under way in it
    proc.send_signal(signum)
    done = _finish(proc)
    assert done.returncode == code and "Traceback" not in done.stderr, done.stderr
    assert gate.work_dirs() == []


@pytest.mark.parametrize("budget", ["0", "-1", "nan", "inf"])
def test_a_bad_adaptive_budget_is_refused_and_writes_nothing(gate, budget):
    out = gate.tmp_path / "gate.json"
    out.write_text("earlier\n")
    proc = _finish(gate("--adaptive", budget))
    assert proc.returncode == 2 and f"--adaptive {float(budget)!r}" in one_line_error(proc)
    assert out.read_text() == "earlier\n" and not out.with_suffix(".md").exists()
    assert not gate.runs.exists() and gate.work_dirs() == []


def test_an_empty_plant_list_is_refused(gate):
    proc = _finish(gate("--plants", ""))
    assert proc.returncode == 2 and "--plants '': no plant named" in one_line_error(proc)
    assert not gate.runs.exists() and not (gate.tmp_path / "gate.json").exists()


def test_the_adaptive_bench_leaves_no_work_dir(gate):
    proc = _finish(gate("--adaptive", "30", "--plants", "allocation"))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr  # every gate.py: exit 3
    assert gate.runs.exists() and (gate.tmp_path / "gate.json").exists()
    assert gate.work_dirs() == []


@pytest.mark.parametrize("signum,code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_an_interrupted_adaptive_bench_leaves_no_work_dir(gate, signum, code):
    proc = gate("--adaptive", "30", sleep=30)
    deadline = time.monotonic() + 30
    while not gate.runs.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    assert gate.work_dirs() != []  # the bench's, and inside it a gate.py's runs
    proc.send_signal(signum)
    done = _finish(proc)
    assert done.returncode == code and "Traceback" not in done.stderr, done.stderr
    assert gate.work_dirs() == [] and not (gate.tmp_path / "gate.json").exists()
