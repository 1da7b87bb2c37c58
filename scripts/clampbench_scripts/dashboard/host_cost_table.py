# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The dashboard's host cost: per suite, each variant's ops, kernel launches and syncs per
builder call in the suite summary, and per row the latest run's counts with their deltas
against the previous run and the baseline, the ops by name and what caused each sync. Counts
are exact, so any increase is coloured worse. A block that could not be read (null for a call
that failed, malformed) is shown as such, never as zero; runs from before the block show
nothing. Every op name is data, escaped."""
from clampbench_scripts.compare import calls
from clampbench_scripts.common.escape import html_text as esc
from clampbench_scripts.common.host_cost import GATED, figure
from clampbench_scripts.common.units import fmt_count, fmt_delta

SUMMARY = ("ops", "launches", "syncs")  # the suite summary's figures, in this order


def recorded(rows):
    """Whether any of ROWS has a host_cost block."""
    return any(r.get("host_cost") is not None for r in rows)


def worse(was, row):
    """Whether ROW's host cost is worse than WAS's in a gated figure (exact counts)."""
    return any(calls.exact_call(figure(was, f), figure(row, f)) == calls.WORSE for f in GATED)


def _span(values):
    lo, hi = min(values), max(values)
    return fmt_count(lo) + (f"..{fmt_count(hi)}" if hi != lo else "")


def summary_cell(rows):
    """'variant: ops/launches/syncs' per variant (a range over the suite's cases), one a line."""
    by_variant = {}
    for r in rows:
        if r.get("host_cost") is not None:
            by_variant.setdefault(r["variant"], []).append(r)
    lines = []
    for variant, vrows in by_variant.items():
        readable = [r for r in vrows if not r["host_cost"]["problem"]]
        text = "/".join(_span([figure(r, f) for r in readable]) for f in SUMMARY) if readable else "-"
        unread = len(vrows) - len(readable)
        lines.append(f"{esc(variant)}: {esc(text)}" + (f" ({unread} not readable)" if unread else ""))
    return f"<td>{'<br>'.join(lines) or '-'}</td>"


def _delta(row, other, name):
    a, b = figure(row, name), None if other is None else figure(other, name)
    if a is None or b is None:
        return "<td>-</td>"
    d = a - b
    cls = ' class="worse"' if d > 0 else (' class="better"' if d < 0 else "")
    return f"<td{cls}>{esc(fmt_delta(d))}</td>"


def _names(counts):
    return ", ".join(f"{op} x{n}" for op, n in counts.items()) or "-"


def table(rows, previous, baseline):
    """The suite's host cost table (ROWS: [(key, row)] of the latest run; PREVIOUS, BASELINE:
    {key: row}, BASELINE None when there is none); "" when no row has a host_cost block."""
    if not recorded(row for _, row in rows):
        return ""
    head = ("<tr><th class=l>case</th><th class=l>variant</th>"
            + "".join(f"<th>{name}</th><th>Δ prev</th><th>Δ base</th>" for name in SUMMARY)
            + "<th>h2d copies</th><th>d2h copies</th><th>check syncs</th>"
              "<th class=l>ops by name</th><th class=l>syncs caused by</th></tr>")
    out = ["<h3>Host cost per call</h3>", f"<table>{head}"]
    for key, row in rows:
        cost = row.get("host_cost")
        prev, base = previous.get(key), (baseline or {}).get(key)
        cells = [f"<td class=l>{esc(row['case_id'].split('/', 1)[-1])}</td><td class=l>{esc(row['variant'])}</td>"]
        if cost is None or cost["problem"]:
            why = "not recorded" if cost is None else f"not readable: {cost['problem']}"
            cells.append(f"<td class=l colspan=14>{esc(why)}</td>")
        else:
            for name in SUMMARY:
                cells.append(f"<td>{esc(fmt_count(cost[name]))}</td>{_delta(row, prev, name)}{_delta(row, base, name)}")
            cells += [f"<td>{esc(fmt_count(cost[name]))}</td>" for name in ("h2d_copies", "d2h_copies", "check_syncs")]
            cells.append(f"<td class=l>{esc(_names(cost['by_op']))}</td><td class=l>{esc(_names(cost['sync_ops']))}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    return "\n".join(out) + "</table>"
