# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""gate.py --base-binary B --head-binary H [options] [-- RUN ARGS]: the adaptive time gate.

Runs interleaved pairs of base and head runs (`clampbench run RUN ARGS`) until every suite's
time is answered (called, or its minimum detectable slowdown at most --max-mde), a suite is
called WORSE, or --budget seconds run out; then compares the first pair's exact figures
(allocations, instructions, host cost, verdicts) by compare.py's own rules (gate_exact.py). Exit codes: 0
no regression and every suite assessed, 1 a regression (a suite's time WORSE, or an exact
figure), 2 bad usage (the binary's own usage error, exit 2, over the run arguments included),
3 some suite NOT ASSESSED (listed with its MDE), or an exact figure of the first pair that
compare.py would call NOT ASSESSED (rows named), and nothing regressed; or a run that failed;
130/143 on SIGINT/SIGTERM. The runs' temporary work directory is removed whatever the end."""
import argparse
import math
import os
import shutil
import sys
import tempfile
import time

from clampbench_scripts.common.cli_parser import CliParser
from clampbench_scripts.common.entry import EXIT_BAD_INPUT, exit_on_sigterm, guarded
from clampbench_scripts.common.output import check_target, fail, json_text, write_text
from clampbench_scripts.common.path_args import path_arg
from clampbench_scripts.gate import adaptive, gate_exact, gate_format, gate_runs

PROG = "gate.py"


def build_parser():
    p = CliParser(prog=PROG, description="Adaptive time gate between two clampbench binaries; "
                                "arguments after -- go to every `clampbench run`.")
    p.add_argument("--base-binary", required=True, type=path_arg("--base-binary"),
                   help="the clampbench binary of the base")
    p.add_argument("--head-binary", required=True, type=path_arg("--head-binary"),
                   help="the clampbench binary of the head")
    p.add_argument("--max-mde", type=float, default=0.10, metavar="FRACTION",
                   help="a suite is assessed when its minimum detectable slowdown is at most this (default 0.10)")
    p.add_argument("--budget", type=float, default=360.0, metavar="SECONDS",
                   help="wall seconds for all runs; no pair is started that would not fit (default 360)")
    p.add_argument("--alpha", type=float, default=0.05,
                   help="chance of any false time call, over all suites and looks (default 0.05)")
    p.add_argument("--min-effect", type=float, default=0.05, help="smallest change called (default 0.05)")
    p.add_argument("--max-pairs", type=int, default=adaptive.Config.max_pairs,
                   help="most pairs of runs per suite: the looks alpha is spent over "
                        f"(default {adaptive.Config.max_pairs})")
    p.add_argument("--json", metavar="FILE", type=path_arg("--json"), help="also write the answer as JSON")
    p.add_argument("--keep-runs", metavar="DIR", type=path_arg("--keep-runs"),
                   help="write the runs' results here and keep them")
    p.add_argument("--selection-changed", action="store_true",
                   help="as compare.py's: rows of the base's first run absent from the head's are listed, not "
                        "NOT ASSESSED")
    p.add_argument("run_args", nargs=argparse.REMAINDER, help="-- then arguments of clampbench run")
    return p


def option_problem(args):
    for side in ("base", "head"):
        path = getattr(args, f"{side}_binary")
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            return f"--{side}-binary {path}: not an executable file"
    if not (math.isfinite(args.max_mde) and args.max_mde > 0):
        return f"--max-mde {args.max_mde!r}: must be a positive fraction (0.10 is 10%)"
    if not (math.isfinite(args.budget) and args.budget > 0):
        return f"--budget {args.budget!r}: must be a positive number of seconds"
    if not 0 < args.alpha < 1:
        return f"--alpha {args.alpha!r}: must lie strictly between 0 and 1"
    if not (math.isfinite(args.min_effect) and args.min_effect >= 0):
        return f"--min-effect {args.min_effect!r}: must be a finite number of at least 0"
    if args.max_pairs < 2:
        return f"--max-pairs {args.max_pairs}: at least 2 (a side's spread needs two runs)"
    refused = gate_runs.refused_argument(args.run_args)
    if refused:
        return f"run argument {refused}: the gate owns the runs' output and needs their timing"
    if args.keep_runs and not os.path.isdir(args.keep_runs):
        return f"--keep-runs {args.keep_runs}: not a directory"
    return None


def log_line(line):
    print(f"{PROG}: {line}", file=sys.stderr, flush=True)


@guarded(PROG)
def main(argv=None):
    args = build_parser().parse_args(argv)
    args.run_args = args.run_args[1:] if args.run_args[:1] == ["--"] else args.run_args
    problem = option_problem(args)
    if problem:
        return fail(PROG, problem)
    if args.json:
        check_target(args.json, [args.base_binary, args.head_binary])
    exit_on_sigterm()  # a SIGTERM unwinds like Ctrl-C: the work directory below is removed
    work = args.keep_runs
    try:
        work = work or tempfile.mkdtemp(prefix="clampbench-gate-")
        runner = gate_runs.BinaryRunner({"base": args.base_binary, "head": args.head_binary}, args.run_args,
                                        work, log_line)
        config = adaptive.Config(max_mde=args.max_mde, budget_s=args.budget, alpha=args.alpha,
                                 min_effect=args.min_effect, max_pairs=args.max_pairs)
        try:
            doc = adaptive.run_gate(runner, config, time.monotonic, log_line)
        except gate_runs.RunFailed as e:
            log_line(str(e))
            return EXIT_BAD_INPUT if e.usage else adaptive.EXIT_NOT_ASSESSED
        gate_exact.judge_first_pair(doc, doc.pop("exact"), args.selection_changed)
        if args.json:
            write_text(json_text(doc, indent=1) + "\n", args.json)
        write_text(gate_format.text(doc))
        return doc["exit_code"]
    finally:
        if work and not args.keep_runs:
            shutil.rmtree(work, ignore_errors=True)
