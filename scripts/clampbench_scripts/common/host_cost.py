# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A variant's optional host_cost block (results/SCHEMA.md): the ops, kernel launches, syncs and
copies of one builder call, as one dict that compare, export, report and history share.

The block is read, not refused: a file whose block is null (a call that failed) or malformed
(a count that is not a whole number >= 0, by_op not summing to ops, an unknown version) stays
readable, and the block's figures are None with the problem named, so a gate asked to judge
them says NOT ASSESSED and an export or a dashboard leaves them blank."""
from clampbench_scripts.common.field_checks import integer

VERSION = 1
FIGURES = ("ops", "launches", "syncs", "h2d_copies", "d2h_copies", "check_syncs")
GATED = tuple(f for f in FIGURES if f != "check_syncs")  # the backend's own readbacks: reported only
BREAKDOWNS = (("by_op", "ops"), ("sync_ops", "syncs"))  # (per-op counts, the figure they sum to)


def _unread(problem):
    return {"problem": problem, **dict.fromkeys(FIGURES), "by_op": {}, "sync_ops": {}}


def _problem(block):
    """Why BLOCK cannot be read (one line), or None."""
    if block is None:
        return "null (the call failed)"
    if not isinstance(block, dict):
        return f"not an object ({type(block).__name__})"
    if block.get("version") != VERSION:
        return f"version {block.get('version')!r}, this reader knows {VERSION}"
    for figure in FIGURES:
        if not integer(block.get(figure)):
            return f"{figure} {block.get(figure)!r} is not a whole number >= 0"
    for key, total in BREAKDOWNS:
        counts = block.get(key)
        if not isinstance(counts, dict) or not all(integer(v) for v in counts.values()):
            return f"{key} is not an object of whole numbers >= 0"
        if sum(counts.values()) != block[total]:
            return f"{key} sums to {sum(counts.values())}, {total} is {block[total]}"
    return None


def of_variant(variant):
    """None when VARIANT has no host_cost (a file from before the block); else {"problem": None
    or why it cannot be read, the FIGURES (None when it cannot), "by_op", "sync_ops"}."""
    if "host_cost" not in variant:
        return None
    block = variant["host_cost"]
    problem = _problem(block)
    if problem:
        return _unread(problem)
    return {"problem": None, **{f: block[f] for f in FIGURES},
            "by_op": dict(sorted(block["by_op"].items())), "sync_ops": dict(sorted(block["sync_ops"].items()))}


def name_deltas(base, head):
    """{name: HEAD's count - BASE's} of the names whose counts differ, by name: what a by_op or a
    sync_ops pair says changed."""
    deltas = {name: head.get(name, 0) - base.get(name, 0) for name in sorted(set(base) | set(head))}
    return {name: d for name, d in deltas.items() if d}


def light(cost):
    """COST without its per-op counts: what a history's older runs are read for."""
    return None if cost is None else {k: cost[k] for k in ("problem",) + FIGURES}


def figure(row, name):
    """ROW's host_cost figure NAME, or None (no block, a null or malformed one)."""
    return (row.get("host_cost") or {}).get(name)


def recorded(*row_sets):
    """Whether any row of ROW_SETS ({key: row} each) has a host_cost block (even a bad one):
    False only for files from before the block."""
    return any(row.get("host_cost") is not None for rows in row_sets for row in rows.values())
