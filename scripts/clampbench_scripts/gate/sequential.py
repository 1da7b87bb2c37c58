# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The adaptive gate's per-suite time test, valid under optional stopping.

The unit is the run, as in pooled_time.py: for a suite, each run contributes the mean of the
suite's log medians, and the suite's log ratio D = mean(head) - mean(base) is tested with
Student's t against the spread of those means between the runs of a side (moderated upward
toward the suites' median spread, as pooled_time.py does).

The gate looks at a suite after each pair of runs (base and head) that contained it and stops
when it has an answer, so a fixed-sample test at alpha on every look would call an A/A pair
far more often than alpha. Instead the family's alpha is split twice, both times by the union
bound, which holds whatever the correlation between the looks and between the suites (they
share each run's disturbance):

  - over the suites: each of the `tests` suites gets alpha / tests (Bonferroni);
  - over the looks of one suite: look n (its n-th pair, n = 2 .. max_looks) spends
    g(t_n) - g(t_{n-1}) of it, with t_n = (n - 1) / (max_looks - 1) and the Pocock-type
    spending function g(t) = ln(1 + (e - 1) t) (Lan and DeMets), so early looks can already
    answer a quiet suite.

P(any false call) <= sum over suites and looks of the level spent <= alpha, however the gate
chooses when to stop and which suites to run again: a look is only a test of the first n pairs
of that suite, and each such test is exact at its level. The price is a higher critical value
than a single look's (the minimum detectable effect, MDE, is computed at the look's own level).
"""
import functools
import math
import statistics

from scipy.stats import t as student_t

from clampbench_scripts.compare.calls import AMBIGUOUS, BETTER, SAME, WORSE
from clampbench_scripts.compare.time_calls import PRIOR_DF, POWER, _side_spread

FIRST_LOOK = 2  # a side's spread needs two runs


def spent(look, max_looks):
    """The fraction of a suite's alpha spent by the end of LOOK (Pocock-type spending)."""
    if look < FIRST_LOOK:
        return 0.0
    t = min(1.0, (look - 1) / max(1, max_looks - 1))
    return math.log1p((math.e - 1.0) * t)


def look_level(alpha, look, max_looks, tests):
    """The two-sided level of one suite's test at LOOK: its share of alpha / TESTS."""
    if look > max_looks:
        return 0.0
    return (spent(look, max_looks) - spent(look - 1, max_looks)) * alpha / max(1, tests)


@functools.lru_cache(maxsize=4096)
def _t_quantile(q, df):
    return float(student_t.ppf(q, df))


def suite_spread(base, head):
    """(variance, df) of one run's suite mean, from the runs of both sides; None under 2 a side."""
    (sb, db), (sh, dh) = _side_spread(base), _side_spread(head)
    return ((sb + sh) / (db + dh), db + dh) if db + dh else None


def test_look(base, head, level, prior=None, min_effect=0.05, power=POWER):
    """The test of one look: BASE and HEAD are the suite's per-run means (log), LEVEL the
    two-sided level this look spends, PRIOR the variance the suites' spreads are moderated
    toward (upward only). Returns {call, ratio, t, critical, level, sigma, df, mde, n_base,
    n_head}; mde is the slowdown this look calls with probability POWER."""
    spread = suite_spread(base, head)
    entry = {"n_base": len(base), "n_head": len(head), "level": level, "ratio": None, "t": None,
             "critical": None, "sigma": None, "df": None, "mde": None}
    if spread is None or level <= 0:
        entry["call"] = AMBIGUOUS
        return entry
    var, df = spread
    if prior is not None and prior > var:  # raised toward the other suites' spread: their runs count
        var, df = (PRIOR_DF * prior + df * var) / (PRIOR_DF + df), df + PRIOR_DF
    sigma = math.sqrt(var)
    d = statistics.fmean(head) - statistics.fmean(base)
    se = sigma * math.sqrt(1.0 / len(base) + 1.0 / len(head))
    critical = _t_quantile(1.0 - level / 2.0, df)
    t = d / se if se > 0 else (math.copysign(math.inf, d) if d else 0.0)
    mde = math.expm1((critical + _t_quantile(power, df)) * se)
    entry.update(ratio=math.exp(d), t=t, critical=critical, sigma=sigma, df=df, mde=max(min_effect, mde))
    if abs(entry["ratio"] - 1.0) < min_effect:
        entry["call"] = SAME
    elif abs(t) > critical:
        entry["call"] = WORSE if d > 0 else BETTER
    else:
        entry["call"] = AMBIGUOUS
    return entry
