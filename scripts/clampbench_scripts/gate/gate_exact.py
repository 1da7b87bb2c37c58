# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The adaptive gate's judgement of its first pair's exact figures (allocations, instructions,
host cost, verdicts): compare.py's own comparison and verdict (compare/judgement.py) with
compare.py's default categories, so whatever compare.py would say NOT ASSESSED of the two runs
-- a figure missing on a side (a head that counted no instructions), a row or suite of the
base absent from the head -- the gate says too (exit 3 when nothing regressed), with the rows named; never
"no regression"."""
from clampbench_scripts.compare import comparison, judgement

EXACT = ["allocations", "instructions", "host_cost", "verdicts"]  # compare.py's default --fail-on


def judge_first_pair(doc, exact, selection_changed=False):
    """Fills DOC (adaptive.summary's) with exact_failing, exact_not_assessed ({category:
    [[row, reason]]}) and exact_selection_changed from EXACT, the first pair (base Run, head
    Run) or None, and raises its exit code: 1 for a regression, 3 for NOT ASSESSED where the
    time alone said 0. SELECTION_CHANGED: compare.py's --selection-changed."""
    doc.update(exact_failing=[], exact_not_assessed={}, exact_selection_changed=None)
    if exact is None or exact[0].rows is None or exact[1].rows is None:
        return doc  # no pair finished: the time's answer (NOT ASSESSED) stands
    base, head = exact
    result = comparison.compare_runs(base.env, base.rows, head.env, head.rows)
    failing, code = judgement.judge(result, EXACT, (), selection_changed)
    doc.update(exact_failing=failing, exact_selection_changed=result["selection_changed"],
               exact_not_assessed={c: [list(r) for r in rows] for c, rows in result["not_assessed"].items()})
    if code == judgement.EXIT_REGRESSION:
        doc["exit_code"] = judgement.EXIT_REGRESSION
    elif code == judgement.EXIT_NOT_ASSESSED and doc["exit_code"] == judgement.EXIT_OK:
        doc["exit_code"] = judgement.EXIT_NOT_ASSESSED
    return doc
