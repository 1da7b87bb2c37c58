# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""suite_tables.py [--binary BIN] [--check]: the suites tables of README.md and docs/suites.md
from the binary (the registry, `BIN list --json`; docs/suites.md's floor table, a quick run's
host cost: `BIN run --backend host --sizes quick --no-timing --instructions off`, in a temporary
directory), written in place; --check writes nothing and exits 1 naming each page whose tables
differ. BIN: $CLAMPBENCH_BIN, else build/clampbench.
Exit 0 up to date (or written), 1 out of date (--check), 2 no binary, a binary whose list or
quick run fails, or a page without its markers, 3 an I/O error."""
import os
import sys

from clampbench_scripts.common.cli_parser import CliParser
from clampbench_scripts.common.entry import guarded
from clampbench_scripts.common.output import write_text
from clampbench_scripts.common.results import InputError
from clampbench_scripts.registry import floor_table
from clampbench_scripts.registry.binary import quick_results, registry
from clampbench_scripts.registry.suite_tables import PAGES, rewrite

PROG = "suite_tables.py"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def stale_pages(suites, rendered, root=ROOT, write=False):
    """The pages (of PAGES, under ROOT) whose tables differ from SUITES' and RENDERED's
    ({table: markdown}, the tables not made from the registry); written when WRITE."""
    stale = []
    for page in PAGES:
        path = os.path.join(root, page)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            new = rewrite(page, text, suites, rendered)
        except ValueError as e:
            raise InputError(page, str(e)) from None
        if new != text:
            stale.append(page)
            if write:
                write_text(new, path)
    return stale


@guarded(PROG)
def main(argv=None):
    p = CliParser(prog=PROG, description=__doc__.split("\n\n")[0])
    p.add_argument("--binary", default=os.environ.get("CLAMPBENCH_BIN") or os.path.join(ROOT, "build", "clampbench"),
                   help="the clampbench binary to read (default $CLAMPBENCH_BIN, else build/clampbench)")
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 when a page's tables are out of date")
    args = p.parse_args(argv)
    suites = registry(args.binary)
    rendered = {"floor": floor_table.render(quick_results(args.binary))}
    stale = stale_pages(suites, rendered, write=not args.check)
    if args.check and stale:
        print(f"{PROG}: out of date with {args.binary} (list --json, a quick run): {', '.join(stale)} "
              "(regenerate: /usr/bin/python3 scripts/suite_tables.py)", file=sys.stderr)
        return 1
    print(f"{PROG}: {', '.join(PAGES)}: " + (f"{'rewrote ' + ', '.join(stale) if stale else 'up to date'}"))
    return 0
