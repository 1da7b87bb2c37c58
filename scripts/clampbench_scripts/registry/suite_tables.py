# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The suites tables of README.md and docs/suites.md, rendered from `clampbench list --json`
in the order the binary lists the suites. Each table sits between
`<!-- suite-table NAME -->` and `<!-- /suite-table NAME -->` in its page; everything outside
the markers is the page's own."""
import re

# page -> the tables it holds, in order
PAGES = {"README.md": ("brief",), "docs/suites.md": ("sites", "sizes")}
MARKER = re.compile(r"(<!-- suite-table (\w+) -->\n)(.*?)(<!-- /suite-table \2 -->)", re.S)
SIZES = ("quick", "nightly", "full")


def _cell(text):
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


def rows(table, suites):
    """The table's body rows, one per suite, in the registry's order."""
    return ["| " + " | ".join(_cell(cell(s)) for _, cell in COLUMNS[table]) + " |" for s in suites]


def render(table, suites):
    """TABLE ('brief', 'sites' or 'sizes') as markdown, header first, newline-terminated."""
    header = [name for name, _ in COLUMNS[table]]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header), *rows(table, suites)]
    return "\n".join(lines) + "\n"


def rewrite(page, text, suites):
    """TEXT with each of PAGE's tables rendered anew between its markers. ValueError names a
    table whose markers are missing, or one that does not belong on the page."""
    found = [m.group(2) for m in MARKER.finditer(text)]
    if found != list(PAGES[page]):
        raise ValueError(f"holds the suite tables {found}, not {list(PAGES[page])} "
                         "(each between <!-- suite-table NAME --> and <!-- /suite-table NAME -->)")
    return MARKER.sub(lambda m: m.group(1) + render(m.group(2), suites) + m.group(4), text)
