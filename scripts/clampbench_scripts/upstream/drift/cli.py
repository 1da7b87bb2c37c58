# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py: per site, is vLLM's function there, which form does it have, and does it agree
bitwise with the port on the quick set.

Exit codes: 0 every site found and agreeing; 1 a site disagrees with the port; 2 bad usage,
an unknown version or a directory that is no vLLM tree; 4 a site's file or function is
missing; 5 a site's function no longer parses; 6 a site's code no longer runs on the
stand-ins; 3 the clampbench run for the dump failed. Several problems: the first of 1, 5, 4, 6.

`upstream.py scan ...`, `upstream.py compare ...` and `upstream.py cost ...` are the other
commands (../cli.py); its --help lists them (../commands.py)."""
import argparse
import functools
import sys
from pathlib import Path

from ...common.cli_parser import CliParser
from ...common.output import check_target, fail, json_text, write_text
from ...common.path_args import path_arg
from .. import commands, dump
from ..dump_ready import dump_for
from ..vllm_code import source
from ..vllm_code.release import Release
from . import assess, report

PROG = "upstream.py"
ROOT = Path(__file__).resolve().parents[4]


def build_parser():
    # The epilog lists the other commands (upstream.py --help is this help); raw: it is a table.
    p = CliParser(prog=PROG, description=__doc__.split("\n\n")[0], epilog=commands.HELP,
                  formatter_class=argparse.RawDescriptionHelpFormatter)
    tree = p.add_mutually_exclusive_group(required=True)
    tree.add_argument("--vllm-version", action="append", metavar="X",
                      help="a vLLM release on PyPI (repeat for several; wheels are cached)")
    tree.add_argument("--vllm-src", action="append", metavar="DIR", type=path_arg("--vllm-src"),
                      help="a vLLM checkout or unpacked wheel (repeat for several)")
    p.add_argument("--dump", metavar="DIR", type=path_arg("--dump"), help="an existing `clampbench run --dump` tree "
                   "(default: run BINARY on the quick set into a temporary directory)")
    p.add_argument("--binary", type=path_arg("--binary"), default=str(ROOT / "build" / "clampbench"), help="default: build/clampbench")
    p.add_argument("--format", choices=("text", "md", "json"), default="text")
    p.add_argument("--out", metavar="FILE", type=path_arg("--out"), help="write the report here (atomically) instead of stdout")
    return p


def open_trees(args):
    if args.vllm_version:
        return [Release(source.open_release(v)) for v in args.vllm_version]
    return [Release(source.DirSource(Path(d))) for d in args.vllm_src]


def main(argv):
    args = build_parser().parse_args(argv)
    check_target(args.out)
    from ..sites.registry import REPORTED  # imports torch: after argument errors, which need none
    try:
        releases = open_trees(args)
    except source.SourceError as exc:
        return fail(PROG, str(exc))
    with dump_for(PROG, args.dump, args.binary) as (dump_dir, code):
        if dump_dir is None:
            return code
        previous = functools.lru_cache(maxsize=None)(lambda: Release(source.open_release(source.AFTER_PR)))
        reports = [(r.label, assess.assess_all(r, REPORTED, dump_dir, previous)) for r in releases]
        unsited = {c["suite"] for c in dump.load_manifest(dump_dir)["cases"]} - {s.suite for s in REPORTED.values()}
    if args.format == "json":
        text = json_text([report.as_json(label, s) for label, s in reports], indent=2) + "\n"
    else:
        text = (report.as_markdown if args.format == "md" else report.as_text)(reports)
    write_text(text, args.out)
    for label, statuses in reports:
        for s in statuses:
            if s.problem:
                print(f"{PROG}: {label}: {s.site or s.suite}: {s.problem}: {s.detail}", file=sys.stderr)
    for suite in sorted(unsited):  # a new suite before its site is written: not checked, not a failure
        print(f"{PROG}: no upstream site for suite {suite}: not checked", file=sys.stderr)
    return assess.exit_code([s for _, statuses in reports for s in statuses])
