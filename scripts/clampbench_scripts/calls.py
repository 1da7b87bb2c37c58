# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""SAME / BETTER / WORSE / AMBIGUOUS calls for one figure of two runs.

Allocation figures are deterministic, so they are compared exactly. Times are noisy: a time
is WORSE or BETTER only when a two-sided Mann-Whitney U test over the repetitions rejects
"same distribution" at alpha AND the medians differ by at least the minimum relative effect.
Too few repetitions, or a large difference the test cannot confirm, is AMBIGUOUS.
"""
import math

from scipy.stats import mannwhitneyu

SAME, BETTER, WORSE, AMBIGUOUS = "SAME", "BETTER", "WORSE", "AMBIGUOUS"
MIN_SAMPLES = 3


def exact_call(base, head):
    """Lower is better; a missing figure on either side cannot be called."""
    if base is None or head is None:
        return AMBIGUOUS
    if head == base:
        return SAME
    return WORSE if head > base else BETTER


def instructions_call(base, head, tolerance):
    """(call, ratio) for two instruction counts: a change beyond TOLERANCE (relative) is
    WORSE or BETTER; counts repeat exactly under callgrind and to a few instructions under
    perf, so the tolerance only has to absorb unrelated code moving about."""
    if base is None or head is None or base <= 0:
        return AMBIGUOUS, None
    ratio = head / base
    if abs(ratio - 1.0) <= tolerance:
        return SAME, ratio
    return (WORSE if ratio > 1.0 else BETTER), ratio


def smallest_p(n1, n2):
    """The smallest two-sided p an exact U test can give with these sample sizes."""
    return 2.0 / math.comb(n1 + n2, n1)


def time_call(base_samples, head_samples, alpha, min_effect):
    """(call, details) for two lists of per-repetition times (lower is better)."""
    base = [float(x) for x in (base_samples or [])]
    head = [float(x) for x in (head_samples or [])]
    details = {"n_base": len(base), "n_head": len(head), "p_value": None, "ratio": None}
    if len(base) < MIN_SAMPLES or len(head) < MIN_SAMPLES:
        details["reason"] = f"fewer than {MIN_SAMPLES} repetitions"
        return AMBIGUOUS, details
    base_median, head_median = _median(base), _median(head)
    ratio = head_median / base_median if base_median > 0 else math.inf
    details["ratio"] = ratio
    if base == head:
        p = 1.0
    else:
        p = float(mannwhitneyu(base, head, alternative="two-sided").pvalue)
    details["p_value"] = p
    large = abs(ratio - 1.0) >= min_effect
    if p < alpha and large:
        return (WORSE if ratio > 1.0 else BETTER), details
    if not large:
        return SAME, details
    if smallest_p(len(base), len(head)) >= alpha:
        details["reason"] = f"{len(base)} vs {len(head)} repetitions cannot reach p < {alpha}"
    else:
        details["reason"] = f"difference not significant (p = {p:.3g})"
    return AMBIGUOUS, details


def _median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


def verdict_call(base, head):
    """Call on the correctness verdict of one row; base/head are rows (results.variant_row).

    WORSE: the head verdict is unexpected and was not already so with this verdict, or the
    verdict left "same". BETTER: an unexpected verdict became expected, or a verdict became
    "same" as expected.
    """
    bv, hv = base["verdict"], head["verdict"]
    if not head["expected"] and (base["expected"] or bv != hv):
        return WORSE
    if bv == "same" and hv != "same":
        return WORSE
    if head["expected"] and not base["expected"]:
        return BETTER
    if hv == "same" and bv != "same":
        return BETTER
    return SAME
