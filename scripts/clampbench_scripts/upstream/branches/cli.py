# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py compare --base X --head Y: each site's own code from two vLLM trees (a version
on PyPI, a wheel file, or a checkout / unpacked wheel) on the same dumped inputs, written as
two clampbench results files (one per side; the variant `vllm` in both) for compare.py, the
gate and the dashboard. Prints what each site allocates per call on each side.

Exit codes: 0 both files written with every site that exists in either tree; 2 bad usage, an
unknown version or no vLLM tree, an output that cannot be written; 3 the clampbench run for
the dump failed; 4 a site's file or function is missing from a side, 5 it no longer parses,
6 it no longer runs on the stand-ins (one line each; both files still hold the other sites).
Whether the head regressed is compare.py's call (exit 1 there), not this command's."""
import subprocess
import sys
import time
from pathlib import Path

from ...common.cli_parser import CliParser
from ...common.output import check_target, fail, json_text, write_text
from ...common.path_args import path_arg
from ..dump_ready import dump_for
from ..problems import EXIT_CANNOT_RUN, EXIT_MISSING, EXIT_UNPARSEABLE, PROBLEM_EXIT
from ..vllm_code import source
from . import results, trees
from .report import report
from .run import open_tree
from .timing import TimingConfig

PROG = "upstream.py" + " compare"
ROOT = Path(__file__).resolve().parents[4]


def build_parser():
    p = CliParser(prog=PROG, description=__doc__.split("\n\n")[0])
    p.add_argument("--base", required=True, metavar="X", type=path_arg("--base"), help="the base: a version, a vllm-*.whl or a directory")
    p.add_argument("--head", required=True, metavar="Y", type=path_arg("--head"), help="the head, the same kinds")
    p.add_argument("--sizes", choices=("quick", "nightly", "full"), default="quick",
                   help="the size set the dump is made with (default quick)")
    p.add_argument("--dump", metavar="DIR", type=path_arg("--dump"), help="an existing `clampbench run --dump` tree instead")
    p.add_argument("--binary", type=path_arg("--binary"), default=str(ROOT / "build" / "clampbench"), help="default: build/clampbench")
    p.add_argument("--out-base", type=path_arg("--out-base"), default=str(ROOT / "results" / "upstream-base.json"), metavar="FILE")
    p.add_argument("--out-head", type=path_arg("--out-head"), default=str(ROOT / "results" / "upstream-head.json"), metavar="FILE")
    p.add_argument("--no-timing", action="store_true", help="allocations and checks only (timing null)")
    p.add_argument("--min-samples", type=int, default=10, help="samples per side per case (default 10)")
    p.add_argument("--timeout-s", type=float, default=1.0,
                   help="time per side per case after which sampling stops (default 1 s)")
    return p


def tree_id(release):
    """What names a side where a run names its commit: a checkout's git commit, else the
    release's version (None for a directory that is neither)."""
    root = getattr(release.source, "root", None)
    if root is not None and (Path(root) / ".git").exists():
        proc = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True)
        if proc.returncode == 0 and proc.stdout.strip():
            return proc.stdout.strip()
    return release.version


def main(argv):
    args = build_parser().parse_args(argv)
    if args.min_samples < 1 or not args.timeout_s > 0:
        return fail(PROG, "--min-samples must be at least 1 and --timeout-s positive")
    check_target(args.out_base, [args.base, args.head])
    check_target(args.out_head, [args.base, args.head])
    if Path(args.out_base).resolve() == Path(args.out_head).resolve():
        return fail(PROG, f"--out-base and --out-head are the same file ({args.out_base})")
    from ..sites.registry import REPORTED  # imports torch: after argument errors, which need none
    try:
        base, head = open_tree(args.base), open_tree(args.head)
    except source.SourceError as exc:
        return fail(PROG, str(exc))
    for release in (base, head):
        release.source.git_commit = tree_id(release)
    timing = None if args.no_timing else TimingConfig(args.min_samples, timeout_s=args.timeout_s)
    load_start, started = results.machine_load(), time.time()
    with dump_for(PROG, args.dump, args.binary, args.sizes) as (dump_dir, code):
        if dump_dir is None:
            return code
        rows = trees.compare_trees(base, head, REPORTED, dump_dir, timing)
    load = results.load_block(load_start, results.machine_load())
    command = [sys.argv[0], "compare", *argv]
    # The base is stamped with the run's start and the head with its end (a second later at
    # least), so that a history of the two lists the base first.
    stamps = (started, max(time.time(), started + 1))
    for side, other, name, path, stamp in ((rows[0], rows[1], "base", args.out_base, stamps[0]),
                                           (rows[1], rows[0], "head", args.out_head, stamps[1])):
        env = results.environment(side.release, name, other.release, command, timing, load, stamp)
        env["size_set"] = args.sizes
        write_text(json_text(results.document(env, side.cases), indent=1) + "\n", path)
    sys.stdout.write(report(rows))
    codes = set()
    for name, side in (("base", rows[0]), ("head", rows[1])):
        for site, problem, detail in side.problems:
            print(f"{PROG}: {name} ({side.release.label}): {site}: {problem}: {detail}", file=sys.stderr)
            codes.add(PROBLEM_EXIT[problem])
    return next((c for c in (EXIT_UNPARSEABLE, EXIT_MISSING, EXIT_CANNOT_RUN) if c in codes), 0)
