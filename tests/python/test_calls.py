# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The SAME / BETTER / WORSE / AMBIGUOUS rules, figure by figure."""
import pytest

from clampbench_scripts.compare import calls


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
