# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What the gate could not see. A figure missing or null on a side (or on both), or counted
in ways that do not compare, cannot be called: in a --fail-on category it is NOT ASSESSED
(compare.py exit 3, the rows named), never "no regression"; nor can any figure of a row of the
base that the head lacks (unless the selection changed on purpose). A regression elsewhere
still wins (exit 1)."""
from clampbench_scripts.compare import calls, host_cost_calls


def _both_failed(entry):
    """Both calls failed: a failed call has no figures by design; its error verdict speaks."""
    return entry["verdict"]["base"] == "error" and entry["verdict"]["head"] == "error"


def _missing(base, head, what):
    """{"reason": "WHAT missing in head" (or base, or base and head), "both": bool}, or None
    when both sides have it."""
    sides = [side for side, value in (("base", base), ("head", head)) if value is None]
    return {"reason": f"{what} missing in {' and '.join(sides)}", "both": len(sides) == 2} if sides else None


def unseen_of(entry):
    """{category: {"reason", "both"}} of this entry's figures that cannot be judged: missing
    or null on a side ("both": on both sides), or, for instructions, counted in ways that do
    not compare, or, for host_cost, a block absent, null or malformed on a side. A gated
    category with such a figure is NOT ASSESSED (not_assessed), never "no regression". Rows whose two calls both failed have no figures to see."""
    if _both_failed(entry):
        return {}
    unseen = {}
    alloc = [_missing(f["base"], f["head"], f"allocations.ledger.total.{name}")
             for name, f in entry["allocations"].items() if f["call"] == calls.AMBIGUOUS]
    if alloc:
        unseen["allocations"] = alloc[0] or {"reason": "not comparable", "both": False}
    ins = entry.get("instructions") or {}
    if ins.get("call") == calls.AMBIGUOUS:
        unseen["instructions"] = _missing(ins["base"], ins["head"], "instructions") or \
            {"reason": ins.get("reason") or "not comparable", "both": False}
    cost = host_cost_calls.unseen(entry["host_cost"]) if entry.get("host_cost") else None
    if cost:
        unseen["host_cost"] = cost
    t = entry["time"]
    if t.get("unusable"):
        unseen["time"] = {"reason": t.get("reason") or "median time unusable", "both": False}
    elif not (t.get("n_base") and t.get("n_head")):
        unseen["time"] = _missing(t.get("n_base") or None, t.get("n_head") or None, "timing")
    return unseen


def _row_name(entry):
    return f"{entry['case_id']} {entry['variant']}"


ABSENT = "rows absent from the head"


def absent_rows(result):
    """[(name, reason)] of the base's rows that the head lacks: a suite the head has no row of
    named once ("suite S", all its rows), any other row by itself."""
    head_suites = {e["suite"] for e in result["rows"]} | {a["suite"] for a in result["added"]}
    by_suite = {}
    for r in result["removed"]:
        by_suite.setdefault(r["suite"], []).append(r)
    out = []
    for suite, rows in by_suite.items():
        if suite in head_suites:
            out += [(f"{r['case_id']} {r['variant']}", "in the base, not in the head") for r in rows]
        else:
            out.append((f"suite {suite}", f"all {len(rows)} row(s) of the base, none in the head"))
    return out


def not_assessed(result, fail_on, explicit=(), selection_changed=False):
    """{category: [(row, reason)]} of the gated categories, time aside (time_not_assessed
    and the power check speak for it), whose figure some row lacks on a side. Instructions
    that neither run counted (cuda rows, --instructions off) are only NOT ASSESSED when
    EXPLICIT (--fail-on as given on the command line) names them; so is host_cost when neither
    run recorded a host_cost block anywhere (two files from before it). Rows of the base absent
    from the head (a row or suite that failed to run, a run cut short) lack every figure: they
    are NOT ASSESSED under ABSENT unless SELECTION_CHANGED (the user dropped them on purpose)."""
    out = {}
    if result["removed"] and not selection_changed:
        out[ABSENT] = absent_rows(result)
    for e in result["rows"]:
        for category, unseen in (e.get("unseen") or {}).items():
            if category == "time" or category not in fail_on:
                continue
            if category == "instructions" and unseen["both"] and category not in explicit:
                continue
            if category == "host_cost" and not result.get("host_cost_recorded", True) and category not in explicit:
                continue
            out.setdefault(category, []).append((_row_name(e), unseen["reason"]))
    return out
