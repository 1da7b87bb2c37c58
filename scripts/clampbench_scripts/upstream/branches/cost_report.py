# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Two vLLM trees' host cost per site, as one markdown table: ops, launches, syncs and
copies per call on the base and the head (a range over the site's cases), and the ops and
syncs that appear or disappear, so that a pull request adding a sync to a builder is named.
Shared by `upstream.py compare` (its summary) and `upstream.py cost` (cost_cli.py)."""
from ...common.host_cost import name_deltas

FIGURES = (("ops", "ops"), ("launches", "launches"), ("syncs", "syncs"), ("h2d_copies", "H2D"),
           ("d2h_copies", "D2H"))


def _span(values):
    if not values:
        return "-"
    return str(min(values)) if min(values) == max(values) else f"{min(values)}..{max(values)}"


def _changes(pairs, key):
    """'+name (n)' / '-name (n)' of the names of block[key] whose count per call changed."""
    deltas = {}
    for base, head in pairs:
        for name, d in name_deltas(base.get(key) or {}, head.get(key) or {}).items():
            deltas.setdefault(name, []).append(d)
    signed = lambda d: f"+{d}" if d > 0 else str(d)  # noqa: E731
    return [f"{name} {signed(min(d))}" + ("" if min(d) == max(d) else f"..{signed(max(d))}")
            for name, d in sorted(deltas.items())]


def site_row(site, pairs):
    """One row: `pairs` [(base block, head block)] of the site's cases (None where a side did
    not run)."""
    both = [(b, h) for b, h in pairs if b is not None and h is not None]
    cells = []
    for key, _ in FIGURES:
        base, head = _span([b[key] for b, _ in pairs if b]), _span([h[key] for _, h in pairs if h])
        cells.append(base if base == head else f"{base} -> {head}")
    ops, syncs = _changes(both, "by_op"), _changes(both, "sync_ops")
    kernels = _changes(both, "kernels")
    changed = "; ".join(filter(None, [", ".join(ops), ", ".join(f"sync {s}" for s in syncs),
                                      ", ".join(f"kernel {k}" for k in kernels)])) or "none"
    return f"| {site} | {len(pairs)} | " + " | ".join(cells) + f" | {changed} |"


def table(per_site, base_label, head_label):
    """Markdown for {site: [(base block, head block)]}; each figure per call, base -> head."""
    head = (f"Host cost per call, {base_label} -> {head_label} (one figure: the same on both)\n\n"
            "| site | cases | " + " | ".join(t for _, t in FIGURES) + " | ops and syncs that changed |\n"
            "|---|---|" + "---|" * len(FIGURES) + "---|")
    return "\n".join([head] + [site_row(s, p) for s, p in per_site.items()]) + "\n"


def from_results(rows):
    """{site: [(base block, head block)]} of `upstream.py compare`'s two sides, by case."""
    heads = {c["case_id"]: c["variants"][0].get("host_cost") for c in rows[1].cases}
    per_site = {}
    for case in rows[0].cases:
        per_site.setdefault(case["suite"], []).append((case["variants"][0].get("host_cost"),
                                                       heads.pop(case["case_id"], None)))
    for case in rows[1].cases:
        if case["case_id"] in heads:
            per_site.setdefault(case["suite"], []).append((None, heads[case["case_id"]]))
    return per_site
