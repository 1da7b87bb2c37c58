# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""pooled_time: per-suite and whole-run time tests over runs whose rows share each run's
machine, their minimum detectable effects, and compare.py's --max-mde (TIME NOT ASSESSED)."""
import json
import math
import random
import statistics

import pytest
from scipy.stats import t as student_t, wilcoxon
from clampbench_scripts.compare import pooled_time, time_calls
from clampbench_scripts.compare.pooled_time import WHOLE_RUN, decide_groups, groups_of
from clampbench_testing import compare_json, run_script
from test_compare_runs import _args, runs  # noqa: F401 (a fixture)

SUITES = {f"suite{s}": 14 for s in range(7)}  # the quick set's shape: 98 rows in 7 suites


def _keys():
    return [(f"{s}/case{i}", "v") for s, n in SUITES.items() for i in range(n)]


def _runs(rng, count, row_cv, shared_cv, levels, slow=None):
    """COUNT runs of {key: log median}: each row's level, a shift shared by a suite's rows in
    one run (cases timed at the same moment of a loaded machine), and the row's own noise.
    SLOW: {suite or WHOLE_RUN: ratio} planted on the head."""
    out = []
    for _ in range(count):
        shared = {s: rng.gauss(0, shared_cv) for s in SUITES}
        run = {}
        for key, level in levels.items():
            suite = key[0].split("/")[0]
            factor = (slow or {}).get(suite, (slow or {}).get(WHOLE_RUN, 1.0))
            run[key] = level + shared[suite] + rng.gauss(0, row_cv) + math.log(factor)
        out.append(run)
    return out


def _pooled(rng, levels, slow=None, row_cv=0.2, shared_cv=0.05, runs_per_side=2):
    base = _runs(rng, runs_per_side, row_cv, shared_cv, levels)
    head = _runs(rng, runs_per_side, row_cv, shared_cv, levels, slow)
    return decide_groups(groups_of(list(levels)), base, head), base, head


def _levels(rng):
    return {k: rng.uniform(5, 15) for k in _keys()}


def test_groups_are_the_suites_then_the_whole_run():
    keys = [("a/x", "v"), ("b/y", "v"), ("a/z", "w")]
    assert groups_of(keys) == {"a": [("a/x", "v"), ("a/z", "w")], "b": [("b/y", "v")], WHOLE_RUN: keys}
    assert groups_of([("a/x", "v")]) == {"a": [("a/x", "v")]}  # one suite: no separate whole run


@pytest.mark.parametrize("row_cv,shared_cv", [(0.2, 0.05), (0.03, 0.1)])
def test_aa_pairs_make_pooled_calls_at_the_fdr_where_a_test_over_rows_calls_many(row_cv, shared_cv):
    """Under the null, Benjamini-Hochberg bounds the chance of any call in a pair by alpha (5%):
    200 A/A pairs of two runs a side; rows as samples (a signed-rank test over a suite's rows)
    ignore that a suite's rows move together within a run and call far more often."""
    rng = random.Random(25)
    levels = _levels(rng)
    pooled_pairs = naive_pairs = 0
    for _ in range(200):
        pooled, base, head = _pooled(rng, levels, row_cv=row_cv, shared_cv=shared_cv)
        pooled_pairs += any(e["call"] in ("WORSE", "BETTER") for e in pooled.values())
        naive = []
        for suite in SUITES:
            d = [statistics.fmean(r[k] for r in head) - statistics.fmean(r[k] for r in base)
                 for k in levels if k[0].startswith(suite + "/")]
            naive.append(wilcoxon(d).pvalue)
        naive_pairs += min(time_calls.benjamini_hochberg(naive)) < 0.05
    assert pooled_pairs <= 0.08 * 200
    if shared_cv > row_cv:
        assert naive_pairs >= 0.3 * 200


@pytest.mark.parametrize("where", ["suite3", WHOLE_RUN])
def test_a_planted_2x_of_one_suite_or_of_all_is_called_in_every_try(where):
    rng = random.Random(48143)
    levels = _levels(rng)
    false_calls = 0
    for _ in range(6):
        pooled, _, _ = _pooled(rng, levels, slow={where: 2.0})
        called = {n for n, e in pooled.items() if e["call"] == "WORSE"}
        assert where in called and not any(e["call"] == "BETTER" for e in pooled.values())
        false_calls += len(called - {where, WHOLE_RUN}) if where != WHOLE_RUN else 0
        assert pooled[where]["ratio"] == pytest.approx(2.0, rel=0.2)
    assert false_calls <= 1  # other suites called WORSE: the false discoveries the FDR allows


def test_the_minimum_detectable_effect_is_exact_on_a_constructed_case():
    keys = [("a/x", "v"), ("a/y", "v"), ("b/x", "v"), ("b/y", "v")]
    # runs' suite means: a: base 0, 0.2; head 0, 0.2 (var 0.02 a side, df 2); b: 0.1 apart (var 0.005)
    base = [{keys[0]: 0.0, keys[1]: 0.0, keys[2]: 1.0, keys[3]: 1.0},
            {keys[0]: 0.2, keys[1]: 0.2, keys[2]: 1.1, keys[3]: 1.1}]
    head = [dict(r) for r in base]
    out = decide_groups(groups_of(keys), base, head, alpha=0.05, min_effect=0.0)
    var = {"a": 0.02, "b": 0.005, WHOLE_RUN: ((0.15 - 0.075) ** 2 * 2) / 1}  # whole: means 0.5, 0.65
    prior = statistics.median([var["a"], var["b"]])
    df = time_calls.PRIOR_DF + 2
    for name, e in out.items():
        sigma = math.sqrt(max(var[name], (time_calls.PRIOR_DF * prior + 2 * var[name]) / df))  # only raised
        se = sigma * math.sqrt(1 / 2 + 1 / 2)
        crit = student_t.ppf(1 - 0.05 / (2 * 3), df) + student_t.ppf(0.8, df)
        assert e["df"] == df and e["sigma"] == pytest.approx(sigma)
        assert e["mde"] == pytest.approx(math.expm1(crit * se)) and e["ratio"] == pytest.approx(1.0)
    assert pooled_time.worst_mde(out) == (pytest.approx(out["a"]["mde"]), "a")
    # a stated noise is a known sigma, shared in full by a suite's rows: the normal
    stated = decide_groups(groups_of(keys), base[:1], head[:1], stated_cv=0.1, alpha=0.05, min_effect=0.0)
    z = 2.3939797998185104 + 0.8416212335729143  # norm.ppf(1 - 0.05/6), norm.ppf(0.8)
    assert stated["a"]["mde"] == pytest.approx(math.expm1(z * math.log(1.1) * math.sqrt(2)))
    # never below the minimum effect the gate calls at all
    assert decide_groups(groups_of(keys), base, head, min_effect=0.9)["b"]["mde"] == 0.9


def test_untimed_runs_leave_every_group_not_assessed():
    keys = [("a/x", "v"), ("b/x", "v")]
    out = decide_groups(groups_of(keys), [{keys[0]: 0.0}, {keys[0]: 0.1}], [{}, {}])
    assert all(e["call"] == "NOT_ASSESSED" and e["rows"] == 0 for e in out.values())


def test_no_noise_estimate_means_no_pooled_call():
    keys = [("a/x", "v"), ("b/x", "v")]
    out = decide_groups(groups_of(keys), [{keys[0]: 0.0, keys[1]: 0.0}], [{keys[0]: 1.0, keys[1]: 1.0}])
    assert all(e["call"] == "NOT_ASSESSED" and e["mde"] is None for e in out.values())
    assert pooled_time.worst_mde(out) == (None, None)


def test_an_underpowered_gate_says_time_not_assessed_with_its_mde(runs):  # noqa: F811
    make, _ = runs
    base, same = make("b", 2), make("s", 2)
    args = _args(base, same)
    rc, result, _ = compare_json(*args, "--fail-on", "time")  # 5% shared noise: the MDE is under 25%
    worst, suite = result["worst_mde"]
    assert rc == 0 and 0.05 <= worst < 0.25 and result["pooled"][suite]["mde"] == worst
    text = run_script("compare.py", *args, "--fail-on", "time", "--format", "text").stdout
    assert f"RESULT: no regression (no slowdown above {worst:.0%} in any suite)" in text
    rc, result, _ = compare_json(*args, "--fail-on", "time", "--max-mde", "0.05")
    assert rc == 3 and result["failing"] == []
    proc = run_script("compare.py", *args, "--fail-on", "time", "--max-mde", "0.05", "--format", "md")
    assert proc.returncode == 3 and proc.stdout.startswith("## clampbench compare: TIME NOT ASSESSED\n")
    assert f"a slowdown of {worst:.0%} in {suite} would go undetected" in proc.stdout
    assert "### Time per suite (pooled over rows and runs)" in proc.stdout and "| MDE |" in proc.stdout
    # not gating time: the ceiling does not apply, and the verdict says time was not gated
    assert compare_json(*args, "--max-mde", "0.05")[0] == 0
    assert "RESULT: no regression (time not gated)" in run_script("compare.py", *args, "--format", "text").stdout


def test_a_pooled_worse_call_fails_the_time_gate(runs):  # noqa: F811
    make, tmp_path = runs
    base, slow = make("b", 2), make("h", 2, factor=1.3)
    rc, result, _ = compare_json(*_args(base, slow), "--fail-on", "time")
    assert rc == 1 and result["failing"] == ["time"]
    assert result["pooled"][WHOLE_RUN]["call"] == "WORSE"
    assert json.loads(json.dumps(result["pooled"]))  # plain JSON
