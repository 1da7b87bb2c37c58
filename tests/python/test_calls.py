# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The SAME / BETTER / WORSE / AMBIGUOUS rules, figure by figure."""
import pytest

from clampbench_scripts import calls


def row(verdict, expected=True):
    return {"verdict": verdict, "expected": expected}


@pytest.mark.parametrize("base,head,call", [
    (row("same"), row("same"), "SAME"),
    (row("same"), row("mutation", False), "WORSE"),
    (row("mutation"), row("same", False), "WORSE"),         # a detection lost
    (row("same"), row("mutation", True), "WORSE"),          # left "same", even if expected
    (row("output_mismatch", False), row("error", False), "WORSE"),
    (row("mutation", False), row("mutation", False), "SAME"),  # an old failure, not a new one
    (row("mutation", False), row("same"), "BETTER"),
    (row("mutation"), row("same"), "BETTER"),
    (row("mutation"), row("mutation"), "SAME"),
])
def test_verdict_call(base, head, call):
    assert calls.verdict_call(base, head) == call


def test_exact_call():
    assert calls.exact_call(3, 3) == "SAME"
    assert calls.exact_call(3, 4) == "WORSE"
    assert calls.exact_call(3, 2) == "BETTER"
    assert calls.exact_call(None, 2) == "AMBIGUOUS"


BASE = [100.0, 101.0, 99.0, 100.5, 99.5, 100.2, 99.8, 100.1, 99.9, 100.3]


def test_time_call_rules():
    assert calls.time_call(BASE, BASE, 0.05, 0.05)[0] == "SAME"
    call, d = calls.time_call(BASE, [x * 1.2 for x in BASE], 0.05, 0.05)
    assert call == "WORSE" and d["p_value"] < 1e-3
    assert calls.time_call(BASE, [x * 0.8 for x in BASE], 0.05, 0.05)[0] == "BETTER"
    assert calls.time_call(BASE, [x * 1.02 for x in BASE], 0.05, 0.05)[0] == "SAME"
    assert calls.time_call(BASE, BASE[:2], 0.05, 0.05)[0] == "AMBIGUOUS"
    assert calls.time_call(None, BASE, 0.05, 0.05)[0] == "AMBIGUOUS"


def test_three_repetitions_cannot_reach_significance():
    call, d = calls.time_call([1.0, 1.1, 1.2], [2.0, 2.1, 2.2], 0.05, 0.05)
    assert call == "AMBIGUOUS" and "cannot reach" in d["reason"]
    assert calls.smallest_p(3, 3) == pytest.approx(0.1)


def test_large_but_noisy_difference_is_ambiguous():
    noisy_head = [50.0, 300.0, 60.0, 250.0, 70.0, 280.0, 90.0, 260.0, 100.0, 240.0]
    call, d = calls.time_call(BASE, noisy_head, 0.05, 0.05)
    assert call == "AMBIGUOUS" and "not significant" in d["reason"]
