# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""SAME / BETTER / WORSE / AMBIGUOUS calls for one figure of two runs.

Allocation figures are deterministic, so they are compared exactly; instruction counts
nearly so, within a stated tolerance. Times are noisy: time_calls.py decides them over runs.
"""

SAME, BETTER, WORSE, AMBIGUOUS = "SAME", "BETTER", "WORSE", "AMBIGUOUS"


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
