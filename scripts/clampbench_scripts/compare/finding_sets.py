# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The call on two runs' finding sets (each read by common/findings.py).

The verdict class hides a second finding of the same class, so compare.py compares
the sets: a finding that appears or whose count changes is WORSE (a verdicts regression)
whatever the verdict says; one that vanishes is BETTER unless the head's own expectations
miss it.
"""
from clampbench_scripts.compare import calls


def _listed(found, keys):
    return [{"kind": k, "name": n, "count": found[(k, n)]} for k, n in sorted(keys)]


def compare(base, head, counts=True):
    """The findings entry of one row; base/head are rows (results.variant_row). COUNTS: whether
    the two runs' inputs are the same (same seed), so that a count can be compared."""
    b, h = base.get("findings"), head.get("findings")
    entry = {"base": None, "head": None, "appeared": [], "changed": [], "vanished": [],
             "counts_compared": counts, "head_expected": head.get("findings_expected", True), "call": calls.SAME}
    if b is None or h is None or base.get("error") or head.get("error"):
        return entry  # a failed call has no findings: its error verdict speaks for it
    kinds = set(b["kinds"]) & set(h["kinds"])
    bset = {k: v for k, v in b["set"].items() if k[0] in kinds}
    hset = {k: v for k, v in h["set"].items() if k[0] in kinds}
    entry["base"], entry["head"] = _listed(bset, bset), _listed(hset, hset)
    entry["appeared"] = _listed(hset, hset.keys() - bset.keys())
    entry["vanished"] = _listed(bset, bset.keys() - hset.keys())
    if counts:
        entry["changed"] = [{"kind": k, "name": n, "base": bset[(k, n)], "head": hset[(k, n)]}
                            for k, n in sorted(bset.keys() & hset.keys()) if bset[(k, n)] != hset[(k, n)]]
    b_ok, h_ok = base.get("findings_expected", True), entry["head_expected"]
    if entry["appeared"] or entry["changed"] or (not h_ok and b_ok):
        entry["call"] = calls.WORSE
    elif entry["vanished"] or (h_ok and not b_ok):
        entry["call"] = calls.BETTER
    return entry


def note(entry):
    """'' when the sets are equal; else '; findings: +new, name base->head, -gone CALL'."""
    if not entry or not (entry["appeared"] or entry["changed"] or entry["vanished"] or not entry["head_expected"]):
        return ""
    parts = ([f"+{f['kind']} {f['name']} ({f['count']})" for f in entry["appeared"]]
             + [f"{f['kind']} {f['name']} {f['base']}->{f['head']}" for f in entry["changed"]]
             + [f"-{f['kind']} {f['name']}" for f in entry["vanished"]])
    text = "; findings: " + (", ".join(parts) if parts else "as before")
    if not entry["head_expected"]:
        text += " UNEXPECTED"
    return text + f" {entry['call']}"
