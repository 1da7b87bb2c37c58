# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The verdict on a comparison (comparison.compare_runs) and its exit code: what regressed in
the gated categories, what could not be judged (a figure missing on a side, a row or suite of
the base absent from the head, time that could not be called). compare.py and the adaptive
gate (on its first pair's exact figures) judge by this one function, so the gate never says
"no regression" where compare.py says NOT ASSESSED."""
from clampbench_scripts.compare import comparison, pooled_format, pooled_time, unseen

EXIT_OK, EXIT_REGRESSION, EXIT_NOT_ASSESSED = 0, 1, 3


def judge(result, fail_on, explicit=(), selection_changed=False, max_mde=0.25):
    """(failing categories, exit code) of RESULT gated on FAIL_ON; fills in what the renderers
    show: not_assessed ({category: [(row, reason)]}), time_not_assessed, selection_changed (the
    number of the base's rows not in the head when SELECTION_CHANGED, else None), and the time
    gate's power. EXPLICIT: the categories the user named (instructions that neither run
    counted are judged only then). A regression (exit 1) wins over NOT ASSESSED (exit 3)."""
    failing = comparison.failing_categories(result, fail_on)
    unassessed = comparison.time_not_assessed(result, fail_on)
    result["time_not_assessed"] = len(unassessed)
    result["not_assessed"] = unseen.not_assessed(result, fail_on, explicit, selection_changed)
    result["selection_changed"] = len(result["removed"]) if selection_changed else None
    result.update(time_gated="time" in fail_on, max_mde=max_mde,
                  worst_mde=list(pooled_time.worst_mde(result.get("pooled") or {})))
    if failing:
        return failing, EXIT_REGRESSION
    held_back = unassessed or result["not_assessed"] or pooled_format.underpowered(result)
    return failing, EXIT_NOT_ASSESSED if held_back else EXIT_OK
