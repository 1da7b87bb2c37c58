# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The call on two runs' host cost of one row (common/host_cost.py reads each): exact counts,
so any increase of a gated figure (ops, launches, syncs, h2d_copies, d2h_copies) is WORSE and
any decrease BETTER, named with the ops behind it ("syncs 0 -> 1 (+item)"). A block absent,
null or malformed on a side leaves its figures AMBIGUOUS: NOT ASSESSED when gated (unseen.py),
never "no regression". check_syncs is shown, never called."""
from clampbench_scripts.compare import calls
from clampbench_scripts.common.host_cost import BREAKDOWNS, FIGURES, GATED, name_deltas

_BREAKDOWN = {total: key for key, total in BREAKDOWNS}  # figure -> its per-op counts


def _side_problem(cost):
    return "missing" if cost is None else cost["problem"]


def _op_changes(base, head):
    """['+item', '-2 clamp_'] of two per-op counts ([] when equal)."""
    return [("+" if d > 0 else "-") + (f"{abs(d)} " if abs(d) != 1 else "") + op
            for op, d in name_deltas(base, head).items()]


def _changes(b, h, figures):
    """[{"figure", "base", "head", "ops": the per-op changes behind it}] of the figures that changed."""
    return [{"figure": name, "base": figures[name]["base"], "head": figures[name]["head"],
             "ops": _op_changes(b[_BREAKDOWN[name]], h[_BREAKDOWN[name]]) if name in _BREAKDOWN else []}
            for name in FIGURES if figures[name]["delta"]]


def change_text(change):
    """'syncs 0 -> 1 (+item)'."""
    ops = f" ({', '.join(change['ops'])})" if change["ops"] else ""
    return f"{change['figure']} {change['base']} -> {change['head']}{ops}"


def _overall(figures):
    gated = [figures[name]["call"] for name in GATED]
    for call in (calls.WORSE, calls.AMBIGUOUS, calls.BETTER):
        if call in gated:
            return call
    return calls.SAME


def entry(base_row, head_row):
    """The host_cost entry of one row: per figure base, head, delta and call; the changes
    named; the overall call (WORSE over AMBIGUOUS over BETTER); why a side cannot be read."""
    b, h = base_row.get("host_cost"), head_row.get("host_cost")
    figures = {}
    for name in FIGURES:
        bv, hv = (b or {}).get(name), (h or {}).get(name)
        figures[name] = {"base": bv, "head": hv, "delta": None if bv is None or hv is None else hv - bv,
                         "call": calls.exact_call(bv, hv) if name in GATED else None}
    problems = {side: _side_problem(c) for side, c in (("base", b), ("head", h)) if _side_problem(c)}
    readable = not problems
    return {"figures": figures, "call": _overall(figures),
            "changes": _changes(b, h, figures) if readable else [],
            "by_op": {"base": (b or {}).get("by_op"), "head": (h or {}).get("by_op")},
            "sync_ops": {"base": (b or {}).get("sync_ops"), "head": (h or {}).get("sync_ops")},
            "problems": problems, "absent": [side for side, c in (("base", b), ("head", h)) if c is None]}


def unseen(e):
    """{"reason", "both"} when the entry's gated figures cannot be called, else None; "both":
    the block is absent (a file from before it) on both sides."""
    if e["call"] != calls.AMBIGUOUS:
        return None
    missing = [side for side, p in e["problems"].items() if p == "missing"]
    parts = [f"host_cost missing in {' and '.join(missing)}"] if missing else []
    parts += [f"host_cost in {side}: {p}" for side, p in e["problems"].items() if p != "missing"]
    return {"reason": "; ".join(parts) or "not comparable", "both": len(e["absent"]) == 2}


def cell(e):
    """The entry as one table cell: '-' when neither run recorded it."""
    if e is None or len(e["absent"]) == 2:
        return "-"
    if e["call"] == calls.AMBIGUOUS:
        return f"{e['call']} ({unseen(e)['reason']})"
    f = e["figures"]
    if e["changes"]:
        return "; ".join(map(change_text, e["changes"])) + f" {e['call']}"
    return f"{f['ops']['head']} ops, {f['launches']['head']} launches, {f['syncs']['head']} syncs {e['call']}"
