# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""gate_check.py: A/A pairs and planted changes through clampbench run and compare.py; writes
results/gate-check.{json,md}. Exit 0 when no A/A pair made a call and every planted change
was called in every try, 1 otherwise, 2 on bad input (checked before any run: a --binary that
is not an executable file, a --delay-suite the binary does not list), 3 when a run or a
comparison failed, 130/143 on SIGINT/SIGTERM. The runs' work directory is removed whatever
the end (kept with --keep), with --adaptive too. An --adaptive budget that is not a positive
number of seconds and an empty --plants list are bad usage (exit 2, nothing written)."""
import math
import os
from pathlib import Path

from clampbench_scripts.gate import gate_bench, gate_check
from clampbench_scripts.common.cli_parser import CliParser
from clampbench_scripts.common.entry import EXIT_IO_ERROR, exit_on_sigterm, guarded
from clampbench_scripts.common.output import check_target, fail, json_text, warn, write_text
from clampbench_scripts.common.path_args import path_arg

ROOT = Path(__file__).resolve().parents[3]
PROG = "gate_check.py"


def passed(doc):
    """Every A/A pair clean and assessed (exit 0); every required plant that ran called in every try."""
    aa_clean = all(p["exit_code"] == 0 for p in doc["aa"])
    planted = all(t["exit_code"] == 1 and t["failing_in"] for name, tries in doc["planted"].items()
                  if name in gate_check.REQUIRED or not name.startswith("delay") for t in tries)
    return aa_clean and planted


@guarded(PROG)
def main(argv=None):
    ap = CliParser(prog=PROG, description=__doc__)
    ap.add_argument("--binary", type=path_arg("--binary"), default=str(ROOT / "build" / "clampbench"))
    ap.add_argument("--pairs", type=int, default=6, help="A/A pairs (default 6)")
    ap.add_argument("--tries", type=int, default=3, help="tries per planted change (default 3)")
    ap.add_argument("--runs", type=int, default=2, help="runs per side (default 2)")
    ap.add_argument("--plants", help="comma-separated plant names to run (default all: "
                    + ", ".join(gate_check.plants()) + ")")
    ap.add_argument("--delay-suite", default=gate_check.DELAY_SUITE, help="the suite a one-suite delay slows")
    ap.add_argument("--keep", action="store_true", help="keep the runs' work directory (its path is printed)")
    ap.add_argument("--out", type=path_arg("--out"), default=str(ROOT / "results" / "gate-check.json"),
                    help="JSON; a .md beside it")
    ap.add_argument("--adaptive", type=float, metavar="BUDGET_S",
                    help="benchmark gate.py instead: --pairs A/A comparisons and the delay plants, each with this "
                         "--budget (the tries per plant are fixed by gate_bench.plants())")
    args = ap.parse_args(argv)
    if args.adaptive is not None and not (math.isfinite(args.adaptive) and args.adaptive > 0):
        return fail(PROG, f"--adaptive {args.adaptive!r}: the budget of each gate.py must be a positive "
                          "number of seconds")
    if not (os.path.isfile(args.binary) and os.access(args.binary, os.X_OK)):
        what = "a directory, not" if os.path.isdir(args.binary) else "no"
        return fail(PROG, f"{args.binary}: {what} clampbench binary (build it, or pass --binary FILE)")
    check_target(args.out)
    check_target(str(Path(args.out).with_suffix(".md")))
    if min(args.pairs, args.tries, args.runs) < 1:
        return fail(PROG, "--pairs, --tries and --runs must be at least 1")
    only = None
    if args.plants is not None:  # '' (an unset variable) is no plant, not every plant
        only = [p.strip() for p in args.plants.split(",") if p.strip()]
        known = gate_bench.plants(args.delay_suite) if args.adaptive is not None else gate_check.plants(
            delay_suite=args.delay_suite)
        unknown = [p for p in only if p not in known]
        if not only:
            return fail(PROG, f"--plants {args.plants!r}: no plant named; known: {', '.join(known)}")
        if unknown:
            return fail(PROG, f"--plants: unknown plant {', '.join(unknown)}")
    exit_on_sigterm()  # a SIGTERM unwinds like Ctrl-C: the work directory is removed
    try:
        suites = gate_check.known_suites(args.binary)
        if args.delay_suite not in suites:
            return fail(PROG, f"--delay-suite {args.delay_suite!r}: no such suite in {args.binary}; "
                              f"known: {', '.join(suites)}")
        if args.adaptive is not None:
            return _adaptive(args, only)
        doc = gate_check.run_check(args.binary, str(ROOT / "scripts"), args.pairs, args.tries, args.runs,
                                   only=only, delay_suite=args.delay_suite, keep=args.keep)
    except gate_check.GateError as e:
        warn(PROG, str(e))
        return EXIT_IO_ERROR
    out = Path(args.out)
    write_text(json_text(doc, indent=1) + "\n", str(out))
    write_text(gate_check.markdown(doc), str(out.with_suffix(".md")))
    write_text(gate_check.markdown(doc) + "\n")
    return 0 if passed(doc) else 1


def _adaptive(args, only):
    """gate_check.py --adaptive: gate_bench.py's record; exit 0 when no A/A comparison failed
    the gate and every plant was called in the tries its target asks (gate_bench.met)."""
    doc = gate_bench.run_bench(args.binary, str(ROOT / "scripts"), args.pairs, args.adaptive, only=only,
                               delay_suite=args.delay_suite, keep=args.keep)
    out = Path(args.out)
    write_text(json_text(doc, indent=1) + "\n", str(out))
    write_text(gate_bench.markdown(doc), str(out.with_suffix(".md")))
    write_text(gate_bench.markdown(doc) + "\n")
    return 0 if gate_bench.met(doc) else 1
