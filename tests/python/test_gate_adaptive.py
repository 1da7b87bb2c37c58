# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The adaptive gate's stopping, budget and exit codes with a fake runner (no binary), its
command lines and options, and one end to end run of the real binary on a small suite."""
import json
import os

import pytest

from clampbench_scripts.gate import adaptive, gate_format, gate_runs
from clampbench_testing import binary_path, one_line_error, run_script
from gate_fakes import Clock, FakeRunner, WarmingRunner

QUIET_AND_NOISY = {"quiet": (12, 0.002), "noisy": (3, 0.03)}


def gate(seed=0, plant=None, suites=QUIET_AND_NOISY, **config):
    config.setdefault("max_pairs", 10)  # the schedule these figures were worked out for
    clock = Clock()
    runner = FakeRunner(seed, plant, suites=suites, row_sd=0.01, run_sd=0.003, disturb_p=0.0, clock=clock)
    return runner, adaptive.run_gate(runner, adaptive.Config(**config), clock), clock


def test_quiet_suites_stop_early_and_the_noisy_one_gets_the_runs():
    runner, doc, _ = gate(max_mde=0.08)
    assert doc["stop"] == "answered" and doc["exit_code"] == 0
    quiet, noisy = doc["suites"]["quiet"], doc["suites"]["noisy"]
    assert quiet["assessed"] and noisy["assessed"] and quiet["mde"] <= 0.08 and noisy["mde"] <= 0.08
    assert quiet["pairs"] == 2 < noisy["pairs"]
    assert runner.calls[:4] == [("base", None), ("head", None), ("head", None), ("base", None)]  # ABBA
    assert set(runner.calls[4:]) == {("base", ("noisy",)), ("head", ("noisy",))}
    assert "RESULT: no regression (no slowdown above 8% in any suite)" in gate_format.text(doc)


def test_a_budget_that_runs_out_leaves_the_assessed_suites_their_answer():
    _, doc, clock = gate(max_mde=0.08, budget_s=12.0)  # a pair of the noisy suite alone: 0.9 s
    assert doc["stop"] == "budget" and doc["exit_code"] == 3
    assert doc["suites"]["quiet"]["assessed"] and doc["suites"]["quiet"]["call"] in ("SAME", "AMBIGUOUS")
    assert doc["not_assessed"] == ["noisy"] and doc["suites"]["noisy"]["call"] == "NOT_ASSESSED"
    assert doc["suites"]["noisy"]["mde"] > 0.08 and doc["suites"]["noisy"]["pairs"] > 2
    assert clock.now <= 12.0  # no pair started that the budget could not hold
    line = gate_format.verdict(doc)
    assert line.startswith("RESULT: TIME NOT ASSESSED in 1 of 2 suites: noisy (MDE ") and "quiet" not in line


def test_a_budget_too_small_for_the_first_pair_assesses_nothing():
    runner, doc, clock = gate(budget_s=3.0)  # one full run: 2.25 s
    assert doc["exit_code"] == 3 and doc["stop"] == "budget" and doc["pairs"] == 0
    assert clock.now <= 3.0 and len(runner.calls) == 2  # the second run was cut at the budget


def test_a_planted_slowdown_stops_the_gate_with_exit_1():
    _, doc, _ = gate(plant={"quiet": 1.3})
    assert doc["exit_code"] == 1 and doc["stop"] == "regression" and doc["worse"] == ["quiet"]
    assert doc["pairs"] == 2 and doc["suites"]["quiet"]["rows_called"]
    assert gate_format.verdict(doc) == "RESULT: REGRESSION: time in quiet"


def test_the_warm_up_runs_first_and_its_seconds_count_against_the_budget():
    clock = Clock()
    runner = WarmingRunner(0, warm_up_s=2.0, suites=QUIET_AND_NOISY, row_sd=0.01, run_sd=0.003, disturb_p=0.0,
                           clock=clock)
    doc = adaptive.run_gate(runner, adaptive.Config(max_mde=0.08, budget_s=5.0), clock)
    assert runner.calls[0] == ("warm-up", None) and runner.calls[1] == ("base", None)
    assert doc["pairs"] == 0 and doc["stop"] == "budget" and clock.now <= 5.0  # 2 s + a 2.25 s run left no pair


def test_a_warm_up_longer_than_the_budget_runs_no_pair():
    clock = Clock()
    runner = WarmingRunner(0, warm_up_s=10.0, suites=QUIET_AND_NOISY, clock=clock)
    doc = adaptive.run_gate(runner, adaptive.Config(budget_s=5.0), clock)
    assert runner.calls == [("warm-up", None)] and doc["exit_code"] == 3 and doc["stop"] == "budget"


def test_max_pairs_ends_a_suite_that_cannot_be_assessed():
    _, doc, _ = gate(max_mde=0.001, max_pairs=4)
    assert doc["stop"] == "max pairs" and doc["exit_code"] == 3
    assert all(e["pairs"] == 4 for e in doc["suites"].values())


def test_names_from_results_are_escaped():
    _, doc, _ = gate(suites={"a\x1b[2Jb": (3, 0.001), "quiet": (6, 0.001)}, max_mde=0.001, budget_s=3.0)
    out = gate_format.text(doc)
    assert "\x1b" not in out and "a\\x1b[2Jb" in out


def test_a_repetition_replaces_the_users_suites_and_counts_no_instructions():
    args = ["--sizes", "quick", "--suite", "a,b", "--suite=c", "--backend", "host"]
    assert gate_runs.command("B", args, None, "o.json", first=True) == ["B", "run", *args, "--out", "o.json"]
    assert gate_runs.command("B", args, ["b"], "o.json", first=False) == [
        "B", "run", "--sizes", "quick", "--backend", "host", "--suite", "b", "--instructions", "off",
        "--out", "o.json"]
    assert gate_runs.command("B", ["--instructions", "perf"], ["b"], "o", first=False)[-4:-2] == ["--suite", "b"]


@pytest.mark.parametrize("extra, needle", [
    (["--max-mde", "0"], "--max-mde"), (["--budget", "nan"], "--budget"), (["--alpha", "1"], "--alpha"),
    (["--max-pairs", "1"], "--max-pairs"), (["--", "--out", "x.json"], "--out"),
    (["--", "--no-timing"], "--no-timing")])
def test_bad_options_are_one_line_and_exit_2(tmp_path, extra, needle):
    proc = run_script("gate.py", "--base-binary", "/bin/true", "--head-binary", "/bin/true", *extra)
    assert proc.returncode == 2 and needle in one_line_error(proc)
    proc = run_script("gate.py", "--base-binary", str(tmp_path / "none"), "--head-binary", "/bin/true")
    assert proc.returncode == 2 and "--base-binary" in one_line_error(proc)


def test_a_failing_run_is_exit_3_in_one_line():
    proc = run_script("gate.py", "--base-binary", "/bin/false", "--head-binary", "/bin/false", "--budget", "10")
    assert proc.returncode == 3 and "base run exited 1" in proc.stderr and "Traceback" not in proc.stderr


def test_end_to_end_a_planted_delay_of_one_small_suite_is_called(tmp_path):
    binary = binary_path()
    if not os.access(binary, os.X_OK):
        pytest.skip(f"no clampbench binary at {binary}")
    head = tmp_path / "head.sh"  # the same binary, each timed call made twice as long
    head.write_text(f'#!/bin/sh\nexec "{binary}" "$@" --plant delay:2\n')
    head.chmod(0o755)
    out = tmp_path / "gate.json"
    proc = run_script("gate.py", "--base-binary", binary, "--head-binary", head, "--budget", "40", "--json", out,
                      "--", "--sizes", "quick", "--backend", "host", "--suite", "rocm_aiter_fa_chunks",
                      "--instructions", "off", timeout=120)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    doc = json.loads(out.read_text())
    suite = doc["suites"]["rocm_aiter_fa_chunks"]
    assert suite["call"] == "WORSE" and suite["assessed"] and doc["stop"] == "regression"
    assert 1.5 < suite["ratio"] < 3.0 and doc["exact_failing"] == []
    assert "RESULT: REGRESSION: time in rocm_aiter_fa_chunks" in proc.stdout
