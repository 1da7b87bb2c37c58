# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""compare.py BASE.json HEAD.json: the regression gate between two runs.

Exit codes: 0 no regression, 1 regression (in a --fail-on category), 2 bad input or runs on
different device/backend/allocator without --allow-mixed.
"""
import argparse

from clampbench_scripts import comparison, compare_format, exports
from clampbench_scripts.output import fail, write_text
from clampbench_scripts.results import InputError, config_differences, load_rows

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
    p = argparse.ArgumentParser(prog=PROG, description="Compare two clampbench results files.")
    p.add_argument("base", help="results JSON of the base run")
    p.add_argument("head", help="results JSON of the head run")
    p.add_argument("--format", choices=sorted(compare_format.RENDERERS) + sorted(exports.EXPORTERS),
                   default="md", help="md, text, json (the comparison) or gbench, bmf (HEAD exported)")
    p.add_argument("--fail-on", type=parse_fail_on, default=list(comparison.CATEGORIES),
                   help="comma-separated categories that make exit code 1 (default all: "
                        "allocations,instructions,verdicts,time)")
    p.add_argument("--allow-mixed", action="store_true",
                   help="compare runs from different devices, backends or allocators")
    p.add_argument("--alpha", type=float, default=0.05, help="U test significance (default 0.05)")
    p.add_argument("--min-effect", type=float, default=0.05,
                   help="minimum relative change of the median time (default 0.05)")
    p.add_argument("--instructions-tolerance", type=positive_float, default=0.01,
                   help="relative change of the instructions per call that is a call (default 0.01)")
    p.add_argument("--max-load-per-cpu", type=positive_float, default=1.0,
                   help="when either run recorded more runnable threads per CPU than this besides its "
                        "own (environment.machine_load), time changes are not called (default 1)")
    p.add_argument("-o", "--output", help="write here instead of stdout")
    return p


def main(argv):
    args = build_parser().parse_args(argv)
    try:
        base_env, base_rows = load_rows(args.base)
        head_env, head_rows = load_rows(args.head)
    except InputError as e:
        return fail(PROG, str(e))
    diffs = [f"{field} {a!r} ({args.base}) vs {b!r} ({args.head})"
             for field, a, b in config_differences(base_env, head_env)]
    if diffs and not args.allow_mixed:
        return fail(PROG, "runs differ in " + "; ".join(diffs) + " (pass --allow-mixed to compare anyway)")
    result = comparison.compare_runs(base_env, base_rows, head_env, head_rows,
                                     alpha=args.alpha, min_effect=args.min_effect,
                                     max_load_per_cpu=args.max_load_per_cpu,
                                     instructions_tolerance=args.instructions_tolerance)
    result["mixed"] = diffs
    failing = comparison.failing_categories(result, args.fail_on)
    if args.format in exports.EXPORTERS:
        text = exports.render_export(args.format, head_env, head_rows)
    else:
        text = compare_format.RENDERERS[args.format](result, failing)
    write_text(text, args.output)
    return 1 if failing else 0
