# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Change detection: exact allocation steps; persistent time steps only, not blips or noise."""
import numpy as np

import make_fixtures
from clampbench_testing import fixture

from clampbench_scripts.dashboard import changes, series
from clampbench_scripts.history import runs as history
from clampbench_scripts.bench import synth


def noise(n=60, seed=3, sd=0.01):
    return 1000.0 * (1 + np.random.default_rng(seed).normal(0, sd, n))


def test_exact_steps():
    v = np.array([5, 5, np.nan, 5, 6, 6, 4], dtype=float)
    assert changes.exact_steps(v) == [(4, 5.0, 6.0), (6, 6.0, 4.0)]
    assert changes.exact_steps(np.array([3.0])) == []


def test_noise_and_blip_are_not_flagged():
    v = noise()
    assert changes.time_steps(v) == []
    v[30] *= 3
    assert changes.time_steps(v) == []
    v[31] *= 3  # two runs are still not "several"
    assert changes.time_steps(v) == []


def test_persistent_step_is_flagged_at_its_first_run():
    v = noise()
    v[40:] *= 1.2
    steps = changes.time_steps(v)
    assert [s[0] for s in steps] == [40]
    assert steps[0][2] > steps[0][1] * 1.15


def test_small_step_below_min_effect_is_not_flagged():
    v = noise(sd=0.005)
    v[40:] *= 1.04  # far above the 0.5 % noise, below the 5 % minimum effect
    assert changes.time_steps(v) == []
    assert [s[0] for s in changes.time_steps(v, min_effect=0.01)] == [40]


def test_step_within_noise_is_not_flagged():
    v = 1000.0 * (1 + np.random.default_rng(5).normal(0, 0.10, 80))
    v[50:] *= 1.06  # over 5 %, but inside 3 sigma of this noisy history
    assert changes.time_steps(v) == []


def test_two_steps_and_early_step():
    v = noise(100)
    v[10:] *= 1.3
    v[60:] *= 0.6
    assert [s[0] for s in changes.time_steps(v)] == [10, 60]


def test_missing_runs_are_skipped():
    v = noise()
    v[40:] *= 1.2
    v[[20, 41]] = np.nan
    assert [s[0] for s in changes.time_steps(v)] == [40]


def test_fixture_history_allocation_step(base_doc, target):
    runs = history.load_runs(history.history_files(fixture("history")), lambda *a: None)
    found = changes.detect(series.build(runs))
    assert [(c["case_id"], c["variant"], c["metric"], c["run"], c["before"], c["after"])
            for c in found if c["metric"] == "allocations"] == \
        [(*target, "allocations", make_fixtures.HISTORY_STEP_RUN,
          float(base_doc["cases"][0]["variants"][1]["allocations"]["ledger"]["total"]["allocations"]),
          float(base_doc["cases"][0]["variants"][1]["allocations"]["ledger"]["total"]["allocations"] + 1))]
    assert not [c for c in found if c["metric"] == "time_median"]


def test_synthetic_history(tmp_path):
    events = {"alloc": ((0, 0, 1), 12), "time": ((1, 1, 0), 25), "blip": ((2, 0, 0), 18)}
    paths = synth.write_history(str(tmp_path), runs=40, cases_per_suite=2, reps=5, events=events)
    found = changes.detect(series.build(history.load_runs(paths, lambda *a: None)))
    flagged = {(c["suite"], c["case_id"].split("/")[1], c["variant"], c["metric"], c["run"]) for c in found}
    assert flagged == {
        (synth.SUITES[0], "R=8,B=256", "clamp_", "allocations", 12),
        (synth.SUITES[0], "R=8,B=256", "clamp_", "bytes_requested", 12),
        (synth.SUITES[0], "R=8,B=256", "clamp_", "peak_bytes", 12),
        (synth.SUITES[1], "R=8,B=512", "clamp", "time_median", 25),
    }
