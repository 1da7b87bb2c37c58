# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The suites tables of README.md and docs/suites.md, rendered from `clampbench list --json`
in the order the binary lists the suites (docs/suites.md's `floor` table comes from a quick
run's results instead: floor_table.py). Each table sits between
`<!-- suite-table NAME -->` and `<!-- /suite-table NAME -->` in its page; everything outside
the markers is the page's own."""
import re

# page -> the tables it holds, in order
PAGES = {"README.md": ("brief",), "docs/suites.md": ("sites", "sizes", "floor")}
MARKER = re.compile(r"(<!-- suite-table (\w+) -->\n)(.*?)(<!-- /suite-table \2 -->)", re.S)
SIZES = ("quick", "nightly", "full")


def cell(text):
    """TEXT as one markdown table cell: a `|` escaped, a newline a space."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def _file(suite):
    return suite["vllm_file"].removeprefix("vllm/")


def _variants(suite):
    return ", ".join(f"`{v['name']}`" for v in suite["variants"])


def _cases(suite):
    return " / ".join(str(suite["cases"][size]) for size in SIZES)


def _axis(axis):
    return f"{axis['name']}: " + " / ".join(",".join(map(str, axis[size])) for size in SIZES)


def _readers(suite):
    return ", ".join(f"`{r['name']}`" for r in suite["readers"]) or "-"


COLUMNS = {
    "brief": (("suite", lambda s: s["name"]), ("vLLM file", lambda s: f"`{_file(s)}`"),
              ("function", lambda s: f"`{s['vllm_function']}`"), ("device", lambda s: s["device"]),
              ("variants", _variants),
              ("cases (quick / nightly / full)", _cases)),
    "sites": (("suite", lambda s: s["name"]), ("what it builds", lambda s: s["description"]),
              ("vLLM file", lambda s: f"`{_file(s)}`"), ("function", lambda s: f"`{s['vllm_function']}`"),
              ("later readers", _readers)),
    "sizes": (("suite", lambda s: s["name"]), ("device", lambda s: s["device"]), ("variants", _variants),
              ("axes: quick / nightly / full values", lambda s: "; ".join(map(_axis, s["axes"]))),
              ("cases (quick / nightly / full)", _cases)),
}


def _cells(table, suites):
    return [[cell(column(s)) for _, column in COLUMNS[table]] for s in suites]


def rows(table, suites):
    """The table's body rows, one per suite, in the registry's order."""
    return ["| " + " | ".join(cells) + " |" for cells in _cells(table, suites)]


def markdown(header, body):
    """A markdown table of the cells HEADER and the rows of cells BODY, newline-terminated."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in body]) + "\n"


def render(table, suites):
    """TABLE ('brief', 'sites' or 'sizes') as markdown, header first, newline-terminated."""
    return markdown([name for name, _ in COLUMNS[table]], _cells(table, suites))


def rewrite(page, text, suites, rendered=None):
    """TEXT with each of PAGE's tables rendered anew between its markers: from SUITES, or taken
    from RENDERED ({table: markdown}) for a table made from elsewhere (floor). ValueError names a
    table whose markers are missing, one that does not belong on the page, or one not rendered."""
    found = [m.group(2) for m in MARKER.finditer(text)]
    if found != list(PAGES[page]):
        raise ValueError(f"holds the suite tables {found}, not {list(PAGES[page])} "
                         "(each between <!-- suite-table NAME --> and <!-- /suite-table NAME -->)")
    rendered = rendered or {}
    missing = [t for t in found if t not in COLUMNS and t not in rendered]
    if missing:
        raise ValueError(f"holds the tables {missing}, made from a quick run's results, and none were given")
    tables = {t: render(t, suites) if t in COLUMNS else rendered[t] for t in found}
    return MARKER.sub(lambda m: m.group(1) + tables[m.group(2)] + m.group(4), text)
