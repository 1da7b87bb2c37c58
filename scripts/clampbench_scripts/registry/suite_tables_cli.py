# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""suite_tables.py [--binary BIN] [--check]: the suites tables of README.md and docs/suites.md
from the binary's registry (`BIN list --json`), written in place; --check writes nothing and
exits 1 naming each page whose tables differ. BIN: $CLAMPBENCH_BIN, else build/clampbench.
Exit 0 up to date (or written), 1 out of date (--check), 2 no binary or a page without its
markers, 3 an I/O error."""
import argparse
import json
import os
import subprocess
import sys

from clampbench_scripts.common.entry import guarded
from clampbench_scripts.common.output import write_text
from clampbench_scripts.common.results import InputError
from clampbench_scripts.registry.suite_tables import PAGES, rewrite

PROG = "suite_tables.py"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def registry(binary):
    """The suites as `BINARY list --json` prints them."""
    if not os.access(binary, os.X_OK) or os.path.isdir(binary):
        raise InputError(binary, "no clampbench binary here: build it (bash scripts/main.sh) or name one "
                                 "with --binary")
    proc = subprocess.run([binary, "list", "--json"], capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise InputError(binary, f"list --json exited {proc.returncode}: {proc.stderr.strip()[:200]}")
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError as e:
        raise InputError(binary, f"list --json printed no JSON ({e})") from None


def stale_pages(suites, root=ROOT, write=False):
    """The pages (of PAGES, under ROOT) whose tables differ from SUITES'; written when WRITE."""
    stale = []
    for page in PAGES:
        path = os.path.join(root, page)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            new = rewrite(page, text, suites)
        except ValueError as e:
            raise InputError(page, str(e)) from None
        if new != text:
            stale.append(page)
            if write:
                write_text(new, path)
    return stale


@guarded(PROG)
def main(argv=None):
    p = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    p.add_argument("--binary", default=os.environ.get("CLAMPBENCH_BIN") or os.path.join(ROOT, "build", "clampbench"),
                   help="the clampbench binary whose registry to read (default $CLAMPBENCH_BIN, else build/clampbench)")
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 when a page's tables are out of date")
    args = p.parse_args(argv)
    stale = stale_pages(registry(args.binary), write=not args.check)
    if args.check and stale:
        print(f"{PROG}: out of date with {args.binary} list --json: {', '.join(stale)} "
              "(regenerate: /usr/bin/python3 scripts/suite_tables.py)", file=sys.stderr)
        return 1
    print(f"{PROG}: {', '.join(PAGES)}: " + (f"{'rewrote ' + ', '.join(stale) if stale else 'up to date'}"))
    return 0
