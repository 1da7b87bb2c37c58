# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""time_calls: the noise model over runs, Benjamini-Hochberg, and the calls it leads to,
including the A/A and planted cases the nightly gate relies on, on synthetic runs."""
import math
import random

import pytest
from clampbench_scripts.compare import time_calls
from clampbench_scripts.compare.time_calls import NOT_ASSESSED, NoiseModel, benjamini_hochberg, decide


def test_benjamini_hochberg_matches_the_textbook_step_up():
    p = [0.01, 0.04, 0.03, 0.005, 0.5]
    # sorted 0.005, 0.01, 0.03, 0.04, 0.5 -> x5/1, x5/2, x5/3, x5/4, x5/5, then monotone from the top
    expected = [0.025, 0.05, 0.05, 0.025, 0.5]
    assert benjamini_hochberg(p) == pytest.approx(expected)
    assert benjamini_hochberg([]) == []


def test_the_noise_model_pools_sides_and_history_and_moderates_toward_the_typical_row():
    ev = {"a": {"base": [0.0, 0.2], "head": [1.0, 1.2]},          # var 0.02 from each side, df 2
          "b": {"history": [0.0, 0.1, 0.0, 0.1, 5.0, 5.1]},        # a step: successive diffs
          "c": {"base": [3.0], "head": [3.0]}}                     # no spread of its own
    m = NoiseModel(ev)
    assert m.rows["a"] == pytest.approx((0.02, 2))
    var_b, df_b = m.rows["b"]
    assert df_b == 5 and var_b == pytest.approx((0.01 * 4 + 4.9 ** 2) / 2 / 5)
    assert m.prior == pytest.approx((0.02 + var_b) / 2)
    sigma, df = m.of("c")  # the prior alone
    assert sigma == pytest.approx(math.sqrt(m.prior)) and df == time_calls.PRIOR_DF
    sigma, df = m.of("a")
    assert df == time_calls.PRIOR_DF + 2
    assert sigma ** 2 == pytest.approx((time_calls.PRIOR_DF * m.prior + 2 * 0.02) / (time_calls.PRIOR_DF + 2))
    assert NoiseModel({"x": {"base": [1.0], "head": [2.0]}}).of("x") is None
    assert NoiseModel({}, stated_cv=0.1).of("x") == (pytest.approx(math.log(1.1)), None)


def test_without_any_noise_estimate_nothing_is_assessed():
    out = decide({"x": ([0.0], [math.log(2)])}, NoiseModel({"x": {"base": [0.0], "head": [math.log(2)]}}))
    assert out["x"]["call"] == NOT_ASSESSED and out["x"]["ratio"] == pytest.approx(2.0)
    out = decide({"x": ([], [0.0])}, NoiseModel({}, 0.1))
    assert out["x"]["call"] == NOT_ASSESSED and out["x"]["reason"] == "no timing in base"
    held = decide({"x": ([0.0], [1.0])}, NoiseModel({}, 0.1), held="overloaded")
    assert held["x"]["call"] == NOT_ASSESSED and held["x"]["reason"] == "overloaded"


def test_a_stated_noise_gives_a_normal_test():
    out = decide({"x": ([0.0], [math.log(1.5)])}, NoiseModel({}, 0.1))["x"]
    z = math.log(1.5) / (math.log(1.1) * math.sqrt(2))
    assert out["df"] is None and out["p_value"] == pytest.approx(math.erfc(z / math.sqrt(2)))
    assert out["call"] == "WORSE"


def _runs(rng, rows, runs, sigma, factor=1.0):
    """Per row, RUNS log medians: a row's level, a run's shared drift, and per-row noise."""
    out = {k: [] for k in rows}
    for _ in range(runs):
        drift = rng.gauss(0, sigma / 2)
        for k, level in rows.items():
            out[k].append(level + drift + rng.gauss(0, sigma) + math.log(factor))
    return out


def _calls(rng, rows, sigma, runs, factor, history=0):
    base, head = _runs(rng, rows, runs, sigma), _runs(rng, rows, runs, sigma, factor)
    past = _runs(rng, rows, history, sigma) if history else {k: [] for k in rows}
    model = NoiseModel({k: {"base": base[k], "head": head[k], "history": past[k]} for k in rows})
    return [e["call"] for e in decide({k: (base[k], head[k]) for k in rows}, model).values()]


# The power to call one row falls with the noise per run: three runs a side at a CV of 20%
# (the old loop's spread under CI load), two with a history at 15%, one with a history at 10%.
@pytest.mark.parametrize("runs,history,sigma", [(3, 0, 0.2), (2, 10, 0.15), (1, 20, 0.1)])
def test_aa_pairs_make_no_false_calls_and_a_planted_2x_is_called(runs, history, sigma):
    rng = random.Random(1234 + runs)
    rows = {f"r{i}": rng.uniform(5, 15) for i in range(95)}  # the quick set's 95 rows, 6 A/A pairs
    false = sum(c in ("WORSE", "BETTER") for _ in range(6) for c in _calls(rng, rows, sigma, runs, 1.0, history))
    assert false == 0
    for _ in range(3):  # the gate fires in 3 of 3 tries, on most rows, and never the wrong way
        planted = _calls(rng, rows, sigma, runs, 2.0, history)
        assert planted.count("WORSE") >= 0.5 * len(rows) and "BETTER" not in planted, planted
