# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Renders a comparison (comparison.compare_runs) as aligned text or JSON, and the cells and
headline that compare_markdown.py (the PR comment) shares."""
import math

from clampbench_scripts.compare import calls, finding_sets, host_cost_calls, lead, pooled_format, unseen
from clampbench_scripts.common.escape import escaped, terminal_text
from clampbench_scripts.common.output import json_text
from clampbench_scripts.common.units import fmt_bytes, fmt_count, fmt_delta, fmt_ratio, fmt_time

HEADERS = ("case", "variant", "allocs/call", "bytes/call", "peak bytes", "instructions/call", "host cost/call",
           "median time", "verdict")


def _figure_cell(fig, fmt):
    return f"{fmt(fig['base'])} -> {fmt(fig['head'])} ({fmt_delta(fig['delta'], fmt)}) {fig['call']}"


def _time_cell(t):
    text = f"{fmt_time(t['base_median'])} -> {fmt_time(t['head_median'])} ({fmt_ratio(t['ratio'])}"
    if t.get("q_value") is not None:
        text += f", q={t['q_value']:.2g}"
    text += f") {t['call']}"
    return text + (f" ({t['reason']})" if t["call"] == calls.AMBIGUOUS and t.get("reason") else "")


def _instructions_cell(i):
    if i is None:  # a comparison from before the figure
        return "-"
    text = f"{fmt_count(i['base'])} -> {fmt_count(i['head'])} ({fmt_ratio(i['ratio'])}) {i['call']}"
    return text + (f" ({i['reason']})" if i.get("reason") and (i["base"] or i["head"]) else "")


def _verdict_cell(v):
    head = v["head"] + ("" if v["head_expected"] else f" (UNEXPECTED, want {v['expected_verdict']})")
    return f"{v['base']} -> {head} {v['call']}"


def _order_writes_note(o, what="order-dependent writes"):
    """'' when neither run saw such a write; else what each saw and what changed."""
    if not o or not (o["base"] or o["head"]):
        return ""
    parts = [f"+{b}" for b in o["appeared"]] + [f"-{b}" for b in o["vanished"]]
    same = sorted(set(o["base"] or []) & set(o["head"] or []))
    text = f"; {what}: " + ", ".join(parts + same)
    if o["appeared"] or o["vanished"]:
        text += " (appeared +, vanished -)"
    if not o["head_expected"]:
        text += " UNEXPECTED"
    return text + f" {o['call']}"


def table_cells(entry):
    a = entry["allocations"]
    return (entry["case_id"], entry["variant"],
            _figure_cell(a["allocations"], fmt_count),
            _figure_cell(a["bytes_requested"], fmt_bytes),
            _figure_cell(a["peak_bytes"], fmt_bytes),
            _instructions_cell(entry.get("instructions")),
            host_cost_calls.cell(entry.get("host_cost")),
            _time_cell(entry["time"]),
            _verdict_cell(entry["verdict"]) + finding_sets.note(entry.get("findings"))
            + _order_writes_note(entry.get("order_dependent_writes"))
            + _order_writes_note(entry.get("latent_writes"), "latent writes"))


def headline_lines(result, failing):
    rows = result["rows"]
    worse = sum(1 for e in rows if e["regressions"])
    b, h = result["base"], result["head"]
    lines = [f"base {b.get('git_commit_short', str(b['git_commit'])[:7])} ({b['time']}) vs head "
             f"{h.get('git_commit_short', str(h['git_commit'])[:7])} "
             f"({h['time']}) on {h['device_name']}/{h['backend']}/{h['allocator']}",
             f"{len(rows)} rows compared, {worse} regressed, {len(result['added'])} added, "
             f"{len(result['removed'])} removed; time: {_time_text(result)}; instructions: "
             + _methods_text(result)]
    if result.get("overloaded") and lead.measured(result)["time"]:
        lines.append("OVERLOADED MACHINE: " + "; ".join(result["overloaded"]) + ": with one run per side time "
                     f"changes are shown but not assessed (more than {result['max_load_per_cpu']:g} other runnable "
                     "threads per CPU; give several runs per side, or rerun on a quiet machine)")
    lines += not_assessed_lines(result.get("not_assessed"))
    if result.get("selection_changed") is not None:
        lines.append(f"selection changed on purpose: {result['selection_changed']} rows of the base not in the head "
                     "(--selection-changed: not gated)")
    if result.get("time_not_assessed"):
        lines.append(f"TIME NOT ASSESSED: {result['time_not_assessed']} row(s) timed on both sides could not be "
                     "called (" + _not_assessed_reason(result) + ")")
    lines += pooled_format.power_lines(result, failing)
    if result.get("mixed"):
        lines.append("MIXED RUNS (--allow-mixed): " + "; ".join(result["mixed"]))
    lines.append("RESULT: " + pooled_format.verdict(result, failing))
    return lines


NAMED_ROWS = 10


def not_assessed_lines(not_assessed):
    """The headline's NOT ASSESSED lines (unseen.not_assessed), each naming its rows; the
    gate prints the same for its first pair."""
    lines = []
    for category, rows in (not_assessed or {}).items():
        if category == unseen.ABSENT:
            lines.append("NOT ASSESSED: rows of the base absent from the head (pass --selection-changed if the "
                         "selection changed on purpose): " + _named(rows))
        else:
            lines.append(f"NOT ASSESSED: {category} of {len(rows)} row(s) cannot be judged: " + _named(rows))
    return lines


def _methods_text(result):
    """How the two runs counted instructions: 'perf, tolerance 1.0%', 'not counted', or each
    side's method when they differ ('perf in base, not counted in head')."""
    methods = result.get("instruction_methods") or [None, None]
    if not any(methods):
        return "not counted"
    if methods[0] != methods[1]:
        return ", ".join(f"{m or 'not counted'} in {side}" for side, m in zip(("base", "head"), methods))
    return f"{methods[1]}, tolerance {result['instructions_tolerance']:.1%}"


def _named(rows):
    """'case variant (reason); ...' of the first NAMED_ROWS rows, then how many more."""
    text = "; ".join(f"{name} ({reason})" for name, reason in rows[:NAMED_ROWS])
    return text + (f"; and {len(rows) - NAMED_ROWS} more (--format json lists them all)" if len(rows) > NAMED_ROWS else "")


def _time_text(result):
    """How time was judged, or that neither run measured it."""
    if not lead.measured(result)["time"]:
        return "not measured"
    return f"{_noise_text(result)}, FDR {result['alpha']}, min effect {result['min_effect']:.0%}"


def _noise_text(result):
    n = result.get("time_noise") or {}
    runs = n.get("runs") or [1, 1]
    text = f"{runs[0]} vs {runs[1]} run(s)"
    if n.get("source") == "stated":
        return text + f", stated noise CV {n['stated_cv']:g}"
    if n.get("source") == "measured":
        hist = f" and {n['history_runs']} history runs" if n.get("history_runs") else ""
        return text + f", run-to-run noise measured over the sides{hist} (typical CV {math.expm1(n['prior_sigma']):.1%})"
    return text + ", run-to-run noise unknown"


def _not_assessed_reason(result):
    reasons = sorted({e["time"]["reason"] for e in result["rows"]
                      if e["time"]["call"] == "NOT_ASSESSED" and e["time"].get("reason")})
    return reasons[0] if reasons else "unknown"


def row_changes(result):
    lines = [f"added: {r['case_id']} {r['variant']}" for r in result["added"]]
    return lines + [f"removed: {r['case_id']} {r['variant']}" for r in result["removed"]]


def lead_text_lines(result, failing):
    """The verdict, then each finding and regressed row with its repro command, then the
    categories neither run measured (lead.py): what a reader needs in ten seconds."""
    got = lead.lead(result)
    shared = lead.shared_repro(got)
    out = ["RESULT: " + pooled_format.verdict(result, failing)]
    for title, items, more in (("finding", got["findings"], got["more"][0]),
                               ("regressed", got["regressed"], got["more"][1])):
        for text, cmd in items:
            out += [f"{title}: {text.replace('`', '')}"] + ([] if shared else [f"  repro: {cmd}"])
        if more:
            out.append(f"{title}: and {more} more (the table below)")
    out += [f"repro (every line above): {shared}"] if shared else []
    return out + ([got["not_measured"]] if got["not_measured"] else [])


def shown_columns(result):
    """The table's columns: a category neither run measured has none (lead.measured)."""
    seen = lead.measured(result)
    drop = {"instructions/call": not seen["instructions"], "median time": not seen["time"],
            "host cost/call": not seen["host cost"]}
    return [i for i, h in enumerate(HEADERS) if not drop.get(h)]


def render_text(result, failing):
    """The verdict and what it is about first; then the headline; then the rows, the changed
    ones (marked !) before the unchanged ones."""
    result = escaped(result, terminal_text)  # the files' strings never reach the terminal raw
    columns = shown_columns(result)
    ordered = sorted(result["rows"], key=lambda e: not (e["regressions"] or _changed(e)))
    table = [[HEADERS[i] for i in columns]] + [[table_cells(e)[i] for i in columns] for e in ordered]
    widths = [max(len(row[i]) for row in table) for i in range(len(columns))]
    out = lead_text_lines(result, failing) + [""] + list(headline_lines(result, failing)) + [""]
    if lead.measured(result)["time"]:
        out += pooled_format.text_lines(result) + [""]
    for i, row in enumerate(table):
        mark = "! " if i and ordered[i - 1]["regressions"] else "  "
        out.append(mark + "  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    return "\n".join(out + [""] + row_changes(result)).rstrip() + "\n"


def _changed(entry):
    """Any call not SAME in the row's exact figures or verdict (compare_markdown.is_open's rule
    without the time and findings parts)."""
    return (any(f["call"] != calls.SAME for f in entry["allocations"].values())
            or entry["verdict"]["call"] != calls.SAME or not entry["verdict"]["head_expected"])


def render_json(result, failing):
    doc = dict(result, failing=failing, regression=bool(failing),
               calls=[calls.SAME, calls.BETTER, calls.WORSE, calls.AMBIGUOUS, "NOT_ASSESSED"])
    return json_text(doc, indent=2, sort_keys=True) + "\n"

