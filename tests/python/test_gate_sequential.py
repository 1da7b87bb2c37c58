# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The adaptive gate's sequential rule on synthetic runs (gate_fakes.py: a shift every run's
rows share, one-sided slow runs, noisier small suites): under optional stopping the chance of
any false call stays at alpha, repeated looks without spending would not, and planted
slowdowns are called."""
import math

import pytest

from clampbench_scripts.gate import adaptive, sequential
from gate_fakes import Clock, FakeRunner

ALPHA = 0.05


def simulate(seeds, plant=None, suites=None, **config):
    """[gate document] of one adaptive gate per seed."""
    docs = []
    for seed in seeds:
        clock = Clock()
        runner = FakeRunner(seed, plant, clock=clock, **({"suites": suites} if suites else {}))
        docs.append(adaptive.run_gate(runner, adaptive.Config(**config), clock))
    return docs


def any_call(doc):
    return any(e["call"] in ("WORSE", "BETTER") for e in doc["suites"].values())


def ceiling(n, alpha=ALPHA):
    """alpha plus two Monte Carlo standard errors of a rate measured over N sequences."""
    return alpha + 2 * math.sqrt(alpha * (1 - alpha) / n)


def test_the_looks_spend_exactly_alpha_over_all_suites():
    for max_looks in (2, 3, 10):
        for tests in (1, 12):
            total = sum(sequential.look_level(ALPHA, n, max_looks, tests) for n in range(1, max_looks + 3))
            assert total * tests == pytest.approx(ALPHA)
    assert sequential.look_level(ALPHA, 1, 10, 1) == 0.0  # one run a side: no spread, no test
    levels = [sequential.look_level(ALPHA, n, 10, 1) for n in range(2, 11)]
    assert levels == sorted(levels, reverse=True)  # Pocock-type: early looks can answer


def test_aa_false_call_rate_stays_at_alpha_under_optional_stopping():
    n = 300
    docs = simulate(range(n))  # the gate's defaults: stops as soon as every suite is answered
    assert sum(map(any_call, docs)) / n <= ceiling(n)
    assert sum(d["exit_code"] == 1 for d in docs) / n <= ceiling(n)
    # the stress case: no change too small to call, every suite looked at at every pair it may run
    docs = simulate(range(n, 2 * n), max_mde=1e-6, min_effect=0.0, budget_s=1e9)
    assert all(d["pairs"] == adaptive.Config.max_pairs or d["stop"] == "regression" for d in docs)
    assert sum(map(any_call, docs)) / n <= ceiling(n)


def test_repeated_looks_without_spending_would_call_aa_pairs(monkeypatch):
    """The simulation can see the failure it guards against: a fixed-sample test at alpha on
    every look of one suite calls far more than alpha of A/A sequences."""
    one = {"one": (6, 0.01)}
    n = 300
    spent = simulate(range(n), suites=one, max_mde=1e-6, min_effect=0.0)
    assert sum(map(any_call, spent)) / n <= ceiling(n)
    monkeypatch.setattr(sequential, "look_level", lambda alpha, look, max_looks, tests: alpha / tests)
    naive = simulate(range(n), suites=one, max_mde=1e-6, min_effect=0.0)
    assert sum(map(any_call, naive)) / n > 0.10


@pytest.mark.parametrize("plant, suite, least", [({"mid": 2.0}, "mid", 1.0), ({"noisy": 2.0}, "noisy", 1.0),
                                                 ({"*": 1.25}, None, 1.0), ({"*": 1.1}, None, 0.9)])
def test_planted_slowdowns_are_called(plant, suite, least):
    docs = simulate(range(1000, 1060), plant)
    caught = [d for d in docs if d["exit_code"] == 1 and (suite is None or suite in d["worse"])]
    assert len(caught) / len(docs) >= least
    assert all(set(d["worse"]) <= ({suite} if suite else set(d["suites"])) for d in docs)  # nothing else


def test_rows_are_called_only_under_their_suites_call():
    for doc in simulate(range(2000, 2100)) + simulate(range(2100, 2130), {"small": 1.5}):
        for name, entry in doc["suites"].items():
            if entry["call"] not in ("WORSE", "BETTER"):
                assert not entry.get("rows_called")
            for case_id, _, ratio in entry.get("rows_called", []):
                assert case_id.startswith(name + "/")
                assert (ratio > 1) == (entry["call"] == "WORSE")
    planted = simulate([2200], {"small": 1.5})[0]["suites"]["small"]
    assert planted["call"] == "WORSE" and planted["rows_called"]
