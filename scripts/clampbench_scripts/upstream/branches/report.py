# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What `upstream.py compare` prints: per site, what each side allocates per call and what
the head's rows found, then each side's host cost (cost_report.py; the results files hold
the rest)."""
from . import cost_report


def allocations_line(site, rows):
    """'12 -> 11' (or a range) of what each side allocates per call on the site's cases."""
    def span(values):
        return "-" if not values else str(min(values)) if min(values) == max(values) else \
            f"{min(values)}..{max(values)}"
    per_side = [[c["variants"][0]["allocations"]["ledger"]["total"]["allocations"]
                 for c in side.cases if c["suite"] == site] for side in rows]
    head_rows = [c["variants"][0] for c in rows[1].cases if c["suite"] == site]
    found = sorted({f"{f['kind']} {f['name']}" for r in head_rows for f in r["findings"]["set"]}
                   | {f"latent {f['op']} on {f['buffer']}" for r in head_rows for f in r["latent_writes"]["findings"]})
    return f"  {site:40} {span(per_side[0]):>7} -> {span(per_side[1]):<7} {'; '.join(found) or '-'}"


def report(rows):
    sites = list(dict.fromkeys(c["suite"] for side in rows for c in side.cases))
    lines = [f"base: {rows[0].release.label}", f"head: {rows[1].release.label}",
             f"  {'site':40} allocations per call    head findings"]
    costs = cost_report.table(cost_report.from_results(rows), rows[0].release.label, rows[1].release.label)
    return "\n".join(lines + [allocations_line(s, rows) for s in sites]) + "\n\n" + costs
