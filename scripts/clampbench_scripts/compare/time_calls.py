# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Time calls between runs, for compare.py and the dashboard alike.

Repetitions inside one run are not independent evidence: on a shared machine the run-to-run
spread of a row's median is 2-6x its within-run spread, so a test over repetitions calls
18-42% of A/A rows. Here the unit is the run: each run contributes the log of its median,
and the noise is the run-to-run spread of those, measured per row from

  - several runs per side (--base / --head files: the spread within each side), and
  - a history of runs (the mean squared successive difference of their medians, which a
    step change in the history barely moves),

moderated toward the typical spread of all rows (a prior worth PRIOR_DF runs, as limma's
moderated t does), or stated outright (--time-noise CV). A row's log ratio is tested with
Student's t on those degrees of freedom, and the p-values of all rows are corrected together
(Benjamini-Hochberg): a call is WORSE or BETTER when its q-value is under alpha and the ratio
moves by at least min_effect. With no estimate of the noise at all, a row is NOT_ASSESSED.
"""
import math
import statistics

from scipy.stats import norm, t as student_t

from clampbench_scripts.compare.calls import AMBIGUOUS, BETTER, SAME, WORSE

NOT_ASSESSED = "NOT_ASSESSED"
PRIOR_DF = 4
HISTORY_RUNS = 20  # the latest runs of a history that the spread is measured over
POWER = 0.8  # a minimum detectable effect is called with this probability


def log_median(row):
    """log of a row's median primary time, or None (no time, or NaN, infinite or zero)."""
    median = (row.get("time") or {}).get("median") if row else None
    ok = isinstance(median, (int, float)) and math.isfinite(median) and median > 0
    return math.log(median) if ok else None


def _side_spread(values):
    """(sum of squares, df) of one side's runs around their mean."""
    if len(values) < 2:
        return 0.0, 0
    mean = statistics.fmean(values)
    return sum((v - mean) ** 2 for v in values), len(values) - 1


def _history_spread(values):
    """(sum of squares, df) from successive differences: half the mean squared difference
    estimates the variance and ignores a level shift between two runs."""
    if len(values) < 2:
        return 0.0, 0
    diffs = [(b - a) ** 2 for a, b in zip(values, values[1:])]
    return sum(diffs) / 2.0, len(diffs)


class NoiseModel:
    """Per row key, the run-to-run standard deviation of the log median and its degrees of
    freedom. KEYS' evidence: {key: {"base": [log medians], "head": [...], "history": [...]}}."""

    def __init__(self, evidence, stated_cv=None):
        self.stated = math.log1p(stated_cv) if stated_cv else None
        self.rows = {}
        for key, ev in evidence.items():
            ss, df = 0.0, 0
            for part in (_side_spread(ev.get("base", [])), _side_spread(ev.get("head", [])),
                         _history_spread(ev.get("history", []))):
                ss, df = ss + part[0], df + part[1]
            if df > 0:
                self.rows[key] = (ss / df, df)
        variances = [v for v, _ in self.rows.values()]
        self.prior = statistics.median(variances) if variances else None

    def source(self):
        if self.stated is not None:
            return "stated"
        return "measured" if self.prior is not None else None

    def of(self, key):
        """(sigma, df) for KEY, df None for a stated (known) sigma; None when unknown."""
        if self.stated is not None:
            return self.stated, None
        if self.prior is None:
            return None
        var, df = self.rows.get(key, (0.0, 0))
        moderated = (PRIOR_DF * self.prior + df * var) / (PRIOR_DF + df)
        return math.sqrt(moderated), PRIOR_DF + df


def critical_effect(se, df, alpha, tests, power=POWER):
    """The log effect a two-sided test at alpha / TESTS (the Benjamini-Hochberg threshold of a
    change alone in its comparison) calls with probability POWER, for a standard error SE on
    DF degrees of freedom (None: a known sigma, the normal)."""
    level = 1.0 - alpha / (2.0 * max(tests, 1))
    if df is None:
        return (norm.ppf(level) + norm.ppf(power)) * se
    return (student_t.ppf(level, df) + student_t.ppf(power, df)) * se


def benjamini_hochberg(pvalues):
    """q-values in the order given (step-up, monotone)."""
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    q = [0.0] * len(pvalues)
    running = 1.0
    for rank in range(len(order), 0, -1):
        i = order[rank - 1]
        running = min(running, pvalues[i] * len(pvalues) / rank)
        q[i] = running
    return q


def decide(pairs, model, alpha=0.05, min_effect=0.05, held=None):
    """{key: entry} for PAIRS {key: (base log medians, head log medians)}.

    Entry: call, ratio (geometric mean of head over base), p_value, q_value, sigma, df,
    n_base, n_head, mde (the relative slowdown this row would be called at with probability
    POWER, at the comparison's FDR) and a reason when the call is AMBIGUOUS or NOT_ASSESSED. HELD: a reason
    to assess nothing (an overloaded machine with no measured noise)."""
    out, tested = {}, []
    for key, (base, head) in pairs.items():
        entry = {"n_base": len(base), "n_head": len(head), "ratio": None, "p_value": None, "q_value": None,
                 "sigma": None, "df": None, "mde": None, "reason": None}
        out[key] = entry
        if not base or not head:
            entry.update(call=NOT_ASSESSED, reason="no timing in " + ("base" if not base else "head"))
            continue
        d = statistics.fmean(head) - statistics.fmean(base)
        entry["ratio"] = math.exp(d)
        noise = model.of(key)
        if held or noise is None:
            entry.update(call=NOT_ASSESSED, reason=held or (
                "no estimate of the run-to-run noise: give several runs per side (--base/--head), "
                "a history (--history) or --time-noise"))
            continue
        sigma, df = noise
        student_test(entry, d, sigma, df, len(base), len(head))
        tested.append(key)
    call_tested(out, tested, alpha, min_effect)
    return out


def student_test(entry, d, sigma, df, n_base, n_head):
    """Fills ENTRY's sigma, df and two-sided p-value of the log ratio D (Student's t with DF
    degrees of freedom, the normal when DF is None) and keeps its standard error for the MDE."""
    se = sigma * math.sqrt(1.0 / n_base + 1.0 / n_head)
    z = abs(d) / se if se > 0 else (math.inf if d else 0.0)
    entry.update(sigma=sigma, df=df, p_value=float(2 * (norm.sf(z) if df is None else student_t.sf(z, df))))
    entry["_se"] = se


def call_tested(out, tested, alpha, min_effect):
    """Benjamini-Hochberg over the TESTED keys of OUT, then each one's q-value, MDE and call."""
    for key, q in zip(tested, benjamini_hochberg([out[k]["p_value"] for k in tested])):
        entry = out[key]
        entry["q_value"] = q
        entry["mde"] = max(min_effect, math.expm1(critical_effect(entry.pop("_se"), entry["df"], alpha, len(tested))))
        if abs(entry["ratio"] - 1.0) < min_effect:
            entry["call"] = SAME
        elif q < alpha:
            entry["call"] = WORSE if entry["ratio"] > 1.0 else BETTER
        else:
            entry.update(call=AMBIGUOUS, reason=f"not significant (q = {q:.2g})")
