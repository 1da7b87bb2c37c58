# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The `floor` table of docs/suites.md, rendered from a quick run's results (not the registry):
per suite, one call's host cost (ops, kernel launches, syncs: the variant's host_cost block) and
allocations (allocations.ledger.total) of the released form, `clamp_`, beside the fused floor's,
each a range over the run's cases, and what the floor saves case by case. A figure some case
lacks (no host_cost block, a null or malformed one, no such variant) reads "n/a", never 0."""
from clampbench_scripts.common.host_cost import figure
from clampbench_scripts.common.results import rows_of
from clampbench_scripts.registry.suite_tables import cell, markdown

RELEASED, FLOOR = "clamp_", "fused"  # the form vLLM's latest release runs; clampbench's floor
# (figure, singular, plural) in the table's order
FIGURES = (("ops", "op", "ops"), ("launches", "launch", "launches"), ("syncs", "sync", "syncs"),
           ("allocations", "allocation", "allocations"))
HEADER = ("suite", f"released (`{RELEASED}`): ops / launches / syncs / allocations",
          f"floor (`{FLOOR}`): ops / launches / syncs / allocations", "what the floor saves")


def _figures(row):
    """{figure: count or None} of one (case, variant) row."""
    return {"ops": figure(row, "ops"), "launches": figure(row, "launches"), "syncs": figure(row, "syncs"),
            "allocations": (row["ledger"] or {}).get("allocations")}


def suite_cases(doc):
    """{suite: {case_id: {variant: figures}}}, suites and cases in the file's order."""
    suites = {}
    for row in rows_of(doc).values():
        suites.setdefault(row["suite"], {}).setdefault(row["case_id"], {})[row["variant"]] = _figures(row)
    return suites


def span(values):
    """'a..b' (smallest..largest) of VALUES, 'a' when all are equal, 'n/a' when one is unknown
    (None) or there are none."""
    if not values or any(v is None for v in values):
        return "n/a"
    low, high = min(values), max(values)
    return str(low) if low == high else f"{low}..{high}"


def _of(variant, figure):
    return (variant or {}).get(figure)


def _costs(cases, variant):
    """'ops / launches / syncs / allocations' of VARIANT over CASES, each a span."""
    return " / ".join(span([_of(c.get(variant), f) for c in cases]) for f, _, _ in FIGURES)


def _saving(released, floor):
    return None if released is None or floor is None else released - floor


def _saves(cases):
    """What the floor saves, figure by figure, as the span of the per-case differences (a
    negative one is a cost the floor adds); a figure saved in no case is left out."""
    parts = []
    for name, one, many in FIGURES:
        diffs = [_saving(_of(c.get(RELEASED), name), _of(c.get(FLOOR), name)) for c in cases]
        text = span(diffs)
        if text == "n/a":
            parts.append(f"{many} n/a")
        elif any(diffs):
            parts.append(f"{text} {one if text in ('1', '-1') else many}")
    return ", ".join(parts) or "nothing"


def render(doc):
    """The floor table of the results document DOC as markdown, header first, newline-terminated."""
    rows = []
    for suite, by_case in suite_cases(doc).items():
        cases = list(by_case.values())
        rows.append([suite, _costs(cases, RELEASED), _costs(cases, FLOOR), _saves(cases)])
    return markdown(HEADER, [[cell(c) for c in row] for row in rows])
