# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""compare.py BASE.json HEAD.json: the regression gate between two runs.

Exit codes: 0 no regression, 1 regression (in a --fail-on category; wins over 3), 2 bad input
(a bad file or option, a file without a field the schema requires, an output that cannot be
written, no row in common: 0 rows compared is not "no regression"), a run that did not finish
without --allow-partial, or runs on different device/backend/allocator without --allow-mixed,
3 NOT ASSESSED: a row or suite of the base absent from the head (unless --selection-changed),
a --fail-on category whose figure some row lacks, null or missing, on a side
(allocations, instructions, host_cost, time; instructions that neither run counted, and
host_cost when neither run recorded a host_cost block anywhere, only when --fail-on names them
explicitly), a host_cost block null or malformed on a side, instructions counted by different methods, or for time: the run-to-run
noise is unknown (one run per side, no --history, no --time-noise), an overloaded single run
holds the calls, a median time is NaN, or some suite's minimum detectable slowdown is above
--max-mde; the rows are named in the output. Also 3: an I/O error while writing.
"""
import argparse
import math

from clampbench_scripts.compare import comparison, judgement, renderers
from clampbench_scripts.exports import formats as exports
from clampbench_scripts.history import nights
from clampbench_scripts.history import runs as history
from clampbench_scripts.common.cli_parser import CliParser
from clampbench_scripts.common.entry import guarded
from clampbench_scripts.common.output import check_outside, check_target, fail, warn, write_text
from clampbench_scripts.common.path_args import path_arg
from clampbench_scripts.common.results import config_differences, config_of, load_rows

DEFAULT_FAIL_ON = ("allocations", "instructions", "host_cost", "verdicts")

PROG = "compare.py"


def parse_fail_on(text):
    cats = [c.strip() for c in text.split(",") if c.strip()]
    bad = [c for c in cats if c not in comparison.CATEGORIES]
    if bad or not cats:
        raise argparse.ArgumentTypeError(
            f"unknown category {', '.join(bad) or '(none)'}; use {','.join(comparison.CATEGORIES)}")
    return cats


def positive_float(text):
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number")
    return value


def build_parser():
    p = CliParser(prog=PROG, description="Compare two clampbench results files.")
    p.add_argument("base", type=path_arg("BASE"), help="results JSON of the base run")
    p.add_argument("head", type=path_arg("HEAD"), help="results JSON of the head run")
    p.add_argument("--format", choices=sorted(renderers.RENDERERS) + sorted(exports.EXPORTERS),
                   default="md", help="md, text, json (gbench and bmf are export.py's: one run, not two)")
    p.add_argument("--fail-on", type=parse_fail_on, default=None,
                   help="comma-separated categories that make exit code 1 (default the exact ones: "
                        "allocations,instructions,host_cost,verdicts; add time to gate on time too); a "
                        "figure of one of them missing on a side is NOT ASSESSED (exit 3)")
    p.add_argument("--base", dest="base_more", type=path_arg("--base"), action="append", default=[],
                   metavar="FILE",
                   help="another run of the base (repeatable): time calls use the run-to-run spread")
    p.add_argument("--head", dest="head_more", type=path_arg("--head"), action="append", default=[],
                   metavar="FILE",
                   help="another run of the head (repeatable)")
    p.add_argument("--history", metavar="DIR", type=path_arg("--history"),
                   help="a history of runs (results/history) whose spread is the time noise")
    p.add_argument("--time-noise", type=positive_float, metavar="CV",
                   help="a stated run-to-run coefficient of variation of a row's median time (e.g. 0.15)")
    p.add_argument("--allow-partial", action="store_true",
                   help="compare runs that did not finish (outcome.status interrupted); the base's "
                   "cases a head lacks are NOT ASSESSED")
    p.add_argument("--selection-changed", action="store_true",
                   help="the head leaves out rows or suites of the base on purpose: they are listed, "
                        "not gated (without it a row or suite of the base absent from the head is NOT "
                        "ASSESSED, exit 3)")
    p.add_argument("--allow-mixed", action="store_true",
                   help="compare runs from different devices, backends or allocators")
    p.add_argument("--alpha", type=float, default=0.05,
                   help="false discovery rate of the time calls over all rows (default 0.05)")
    p.add_argument("--min-effect", type=float, default=0.05,
                   help="minimum relative change of the median time (default 0.05)")
    p.add_argument("--instructions-tolerance", type=positive_float, default=0.01,
                   help="relative change of the instructions per call that is a call (default 0.01)")
    p.add_argument("--max-load-per-cpu", type=positive_float, default=1.0,
                   help="with one run on a side: when a run recorded more runnable threads per CPU than "
                        "this besides its own (environment.machine_load), time is not assessed (default 1)")
    p.add_argument("--max-mde", type=positive_float, default=0.25, metavar="FRACTION",
                   help="with time in --fail-on: when some suite's minimum detectable slowdown is above this, "
                        "time is NOT ASSESSED (exit 3) rather than 'no regression' (default 0.25)")
    p.add_argument("-o", "--output", type=path_arg("-o/--output"), help="write here instead of stdout")
    return p


def option_problem(args):
    """The first option out of its range, as one line; None when all are fine."""
    if not 0 < args.alpha < 1:
        return f"--alpha {args.alpha!r}: a false discovery rate must lie strictly between 0 and 1"
    if not (math.isfinite(args.min_effect) and args.min_effect >= 0):
        return f"--min-effect {args.min_effect!r}: must be a finite number of at least 0"
    for name in ("time_noise", "instructions_tolerance", "max_load_per_cpu"):
        value = getattr(args, name)
        if value is not None and not math.isfinite(value):
            return f"--{name.replace('_', '-')} {value!r}: must be finite"
    if args.format in exports.EXPORTERS:  # one exporter: export.py, not a second path through here
        return f"--format {args.format} exports one run: use export.py {args.head} --format {args.format}"
    return None


def common_rows_problem(args, base_rows, head_rows):
    """Why no row can be compared, or None: an empty side, or no (case, variant) in both."""
    for path, rows in ((args.head, head_rows), (args.base, base_rows)):
        if not rows:
            return f"{path}: no cases in this run; nothing to compare (0 rows compared is not \"no regression\")"
    if not any(key in base_rows for key in head_rows):
        return (f"no (case, variant) of {args.head} is in {args.base} (different --sizes or suites?); "
                "nothing compared")
    return None


@guarded(PROG)
def main(argv=None):
    args = build_parser().parse_args(argv)
    explicit, args.fail_on = args.fail_on or [], args.fail_on or list(DEFAULT_FAIL_ON)
    problem = option_problem(args)
    if problem:
        return fail(PROG, problem)
    read = [args.base, args.head, *args.base_more, *args.head_more]
    if args.history is not None:  # a history's runs are inputs too: -o must never replace one
        read += history.history_files(args.history) + [nights.log_path(args.history)]
        check_outside(args.output, args.history, "the history --history reads")
    check_target(args.output, read)
    partial = args.allow_partial
    base_seen, head_seen = {}, {}  # a run given twice on one side is refused
    base_env, base_rows = load_rows(args.base, partial, base_seen)
    head_env, head_rows = load_rows(args.head, partial, head_seen)
    base_more = [load_rows(p, partial, base_seen) for p in args.base_more]
    head_more = [load_rows(p, partial, head_seen) for p in args.head_more]
    past = _history_runs(args.history, config_of(head_env)) if args.history is not None else []
    problem = common_rows_problem(args, base_rows, head_rows)
    if problem:
        return fail(PROG, problem)
    for path, (env, _) in zip(args.base_more + args.head_more, base_more + head_more):
        if config_of(env) != config_of(head_env) and not args.allow_mixed:
            return fail(PROG, f"{path} was run on another device/backend/allocator than {args.head}")
    diffs = [f"{field} {a!r} ({args.base}) vs {b!r} ({args.head})"
             for field, a, b in config_differences(base_env, head_env)]
    if diffs and not args.allow_mixed:
        return fail(PROG, "runs differ in " + "; ".join(diffs) + " (pass --allow-mixed to compare anyway)")
    result = comparison.compare_runs(base_env, base_rows, head_env, head_rows,
                                     alpha=args.alpha, min_effect=args.min_effect,
                                     max_load_per_cpu=args.max_load_per_cpu,
                                     instructions_tolerance=args.instructions_tolerance,
                                     base_more=base_more, head_more=head_more, history=past,
                                     time_noise=args.time_noise)
    result["mixed"] = diffs
    failing, code = judgement.judge(result, args.fail_on, explicit, args.selection_changed, args.max_mde)
    write_text(renderers.RENDERERS[args.format](result, failing), args.output)
    return code


def _history_runs(directory, config):
    """[(env, rows)] of the history's runs with this configuration, oldest first; unreadable
    files and every later copy of a run are skipped, each named on stderr."""
    runs = history.load_runs(history.history_files(directory),
                             lambda path, problem: warn(PROG, f"history: skipping {path}: {problem}"),
                             cache_dir=history.cache_dir(directory), full_latest=0)  # medians only
    return [(r["env"], r["rows"]) for r in runs if config_of(r["env"]) == config]
