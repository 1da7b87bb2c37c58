# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""`compare.py --format md`: a pull-request comment. The verdict, then each finding and
regressed row with its repro command (lead.py), then the headline; per suite the rows that
changed or carry a finding, in the open, the unchanged ones inside <details>; a category
neither run measured is one line, not a column of NOT_ASSESSED cells. The whole comment stays
under GitHub's 65,536-character limit: rows that do not fit are cut (the unchanged ones first)
and a note says how many and where to get them all."""
from clampbench_scripts.common.escape import escaped, markdown_text
from clampbench_scripts.compare import calls, lead, pooled_format
from clampbench_scripts.compare.compare_format import (HEADERS, headline_lines, row_changes, shown_columns,
                                                       table_cells)

GITHUB_COMMENT_LIMIT = 65536
BUDGET = GITHUB_COMMENT_LIMIT - 1536  # room for the cut notes and closing tags
ALL_ROWS_HINT = "`compare.py BASE HEAD --format text` (or `--format json`) has every row"


def is_open(entry):
    """A change (any call not SAME, timing only when it is a call) or a finding (a verdict
    other than "same", or one not as expected)."""
    if entry["regressions"] or any(f["call"] != calls.SAME for f in entry["allocations"].values()):
        return True
    if entry.get("instructions", {}).get("call") in (calls.BETTER, calls.WORSE):
        return True
    if entry.get("host_cost", {}).get("call") in (calls.BETTER, calls.WORSE):
        return True
    v = entry["verdict"]
    return (entry["time"]["call"] in (calls.BETTER, calls.WORSE) or v["call"] != calls.SAME
            or v["head"] != "same" or not v["head_expected"])


def _row(entry, columns):
    cells = [list(table_cells(entry))[i] for i in columns]
    cells[0] = cells[0].split("/", 1)[-1]  # the suite is the group's heading
    if entry["regressions"]:
        cells = [f"**{c}**" for c in cells]
    return "| " + " | ".join(cells) + " |"


def _by_suite(entries):
    groups = {}
    for e in entries:
        groups.setdefault(e["suite"], []).append(e)
    return groups


def _tables(entries, budget, level, result):
    """Markdown of the entries' per-suite tables within `budget` characters; (lines, rows cut)."""
    columns = shown_columns(result)
    header = ["| " + " | ".join(HEADERS[i] for i in columns) + " |", "|" + "---|" * len(columns)]
    out, used, cut = [], 0, 0
    for suite, rows in _by_suite(entries).items():
        title = [f"{level} {suite} ({len(rows)} row{'s' if len(rows) != 1 else ''})", ""] + header
        lines = []
        for e in rows:
            line = _row(e, columns)
            cost = len(line) + 1 + (0 if lines else sum(len(t) + 1 for t in title) + 1)
            if used + cost > budget:
                cut += 1
                continue
            lines.append(line)
            used += cost
        if lines:
            out += title + lines + [""]
    return out, cut


def _code(text):
    """TEXT (already markdown_text-escaped) as a code span, or as plain escaped text when it
    holds a backtick: inside a code span a backslash escapes nothing, and a backtick from the
    data would end the span and let the rest be read as markdown."""
    return text if "`" in text else f"`{text}`"


def _lead_lines(result):
    """The comment's first screen after the verdict: findings and regressed rows, each with
    its repro command, then the categories neither run measured (lead.py)."""
    got, out = lead.lead(result), []
    shared = lead.shared_repro(got)
    for title, items, more in (("**Findings** (what the head does that the base did not):", got["findings"],
                                got["more"][0]), ("**Regressed rows:**", got["regressed"], got["more"][1])):
        if not items:
            continue
        out += [title, ""]
        for text, cmd in items:
            out += [f"- {text}"] + ([] if shared else [f"  - repro: {_code(cmd)}"])
        if more:
            out.append(f"- and {more} more (the tables below)")
        out.append("")
    if shared:
        out += [f"repro (every line above): {_code(shared)}", ""]
    if got["not_measured"]:
        out += [f"_{got['not_measured']}._", ""]
    return out


def render_markdown(result, failing):
    """The comment; every string of RESULT (the results files' data) is escaped first
    (escape.markdown_text), so no line or cell below holds raw data. The verdict first, then
    what it is about (lead.py), then the headline, then the tables: changed rows in the open,
    unchanged ones in a <details> block."""
    result = escaped(result, markdown_text)
    rows = result["rows"]
    opened = [e for e in rows if is_open(e)]
    closed = [e for e in rows if not is_open(e)]
    status = pooled_format.verdict(result, failing)
    out = [f"## clampbench compare: {status}", ""] + _lead_lines(result)
    out += [f"- {line}" for line in headline_lines(result, failing)]
    if lead.measured(result)["time"]:
        out += [""] + pooled_format.markdown_lines(result)
    out += ["", f"### Changes and findings: {len(opened)} of {len(rows)} rows", ""]
    used = sum(len(line) + 1 for line in out)
    if opened:
        tables, cut = _tables(opened, BUDGET - used, "####", result)
        out += tables
        if cut:
            out += [f"_{cut} of {len(opened)} changed rows cut to fit GitHub's {GITHUB_COMMENT_LIMIT:,}-character "
                    f"comment limit; {ALL_ROWS_HINT}._", ""]
    else:
        out += ["Nothing changed and no findings.", ""]
    extra = row_changes(result)
    if extra:
        out += ["### Rows in only one run", ""] + [f"- {line}" for line in extra] + [""]
    if closed:
        used = sum(len(line) + 1 for line in out)
        tables, cut = _tables(closed, BUDGET - used - 200, "####", result)
        out += ["<details>", f"<summary>Unchanged: {len(closed)} rows by suite</summary>", ""] + tables
        if cut:
            out += [f"_{cut} of {len(closed)} unchanged rows cut to fit GitHub's {GITHUB_COMMENT_LIMIT:,}-character "
                    f"comment limit; {ALL_ROWS_HINT}._", ""]
        out.append("</details>")
    return "\n".join(out) + "\n"
