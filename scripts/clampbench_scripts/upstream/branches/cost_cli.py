# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py cost: the host cost per call of each site's own code in two vLLM trees (default
0.25.0 and 0.27.0, either side of pull request #48143) on the quick set's dumped inputs, as one
markdown table (cost_report.py): by default the sites that pull request changed (pairing
CHANGED_BY_PR); --all: every site. --port: the ports' figures against vLLM's code instead,
case by case (port_cost.py).

Exit codes: 0 the table written (--port: every difference listed); 1 (--port) a difference
KNOWN_COST_DIFFERENCES does not list, or a listed one no case shows; 2 bad usage, an unknown
version or no vLLM tree, a spoiled dump (dump_ready.py), an output that cannot be written; 3 the
clampbench run for the dump failed."""

from ...common.cli_parser import CliParser
from ...common.output import check_target, fail, write_text
from ...common.path_args import path_arg
from .. import dump
from ..dump_ready import dump_for
from ..vllm_code import source
from ..vllm_code.source import AFTER_PR, BEFORE_PR
from . import cost_report, port_cost
from .cli import ROOT
from .run import bind, open_tree

PROG = "upstream.py cost"


def build_parser():
    p = CliParser(prog=PROG, description=__doc__.split("\n\n")[0])
    p.add_argument("--base", default=BEFORE_PR, metavar="X", help=f"a version, a vllm-*.whl or a directory "
                   f"(default {BEFORE_PR})")
    p.add_argument("--head", default=AFTER_PR, metavar="Y", help=f"the same kinds (default {AFTER_PR})")
    p.add_argument("--all", action="store_true", help="every site, not only those #48143 changed")
    p.add_argument("--port", action="store_true", help="each call of the ports against the release it is "
                   "held to: exit 1 on a difference KNOWN_COST_DIFFERENCES does not list")
    p.add_argument("--dump", metavar="DIR", type=path_arg("--dump"), help="an existing `clampbench run --dump` tree")
    p.add_argument("--binary", type=path_arg("--binary"), default=str(ROOT / "build" / "clampbench"))
    p.add_argument("--out", metavar="FILE", type=path_arg("--out"), help="write the table here instead of stdout")
    return p


def costs(releases, sites, dump_dir):
    """{site: [(base block, head block)]} over the dump's cases (None where a side lacks the site)."""
    from ..sites.check import run_site
    per_site = {}
    manifest = dump.load_manifest(dump_dir)
    for key, site in sites.items():
        runners = [bind(r, site)[0] for r in releases]
        per_site[key] = [tuple(run_site(r, site, dump_dir, case, run).host_cost if run else None
                               for r, run in zip(releases, runners))
                         for case in manifest["cases"] if case["suite"] == site.suite]
    return per_site


def port_main(args):
    from ..sites.registry import SITES
    try:
        releases = {v: open_tree(v) for v in (BEFORE_PR, AFTER_PR)}
    except source.SourceError as exc:
        return fail(PROG, str(exc))
    with dump_for(PROG, args.dump, args.binary) as (dump_dir, code):
        if dump_dir is None:
            return code
        lines, failed = port_cost.check(releases, SITES, dump_dir, dump.load_manifest(dump_dir))
    write_text("\n".join(lines) + "\n", args.out)
    return 1 if failed else 0


def main(argv):
    args = build_parser().parse_args(argv)
    check_target(args.out)
    if args.port:
        if (args.base, args.head) != (BEFORE_PR, AFTER_PR):
            return fail(PROG, f"--port compares each port with the release it is held to ({BEFORE_PR}, {AFTER_PR}): "
                        "no --base or --head")
        return port_main(args)
    from ..sites.model import CHANGED_BY_PR
    from ..sites.registry import SITES  # imports torch: after argument errors, which need none
    sites = {k: s for k, s in SITES.items() if args.all or s.pairing == CHANGED_BY_PR}
    try:
        releases = [open_tree(args.base), open_tree(args.head)]
    except source.SourceError as exc:
        return fail(PROG, str(exc))
    with dump_for(PROG, args.dump, args.binary) as (dump_dir, code):
        if dump_dir is None:
            return code
        text = cost_report.table(costs(releases, sites, dump_dir), releases[0].label, releases[1].label)
    write_text(text, args.out)
    return 0
