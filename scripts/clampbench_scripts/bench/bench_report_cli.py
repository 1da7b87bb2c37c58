# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""bench_report.py [--runs 365] [--cases-per-suite 53]: how long report.py takes on a year of
nightly runs, synthetic (7 suites x 53 cases x 3 variants: the nightly set's 371 cases), in a
temporary dir. Two figures: the first build of the history (every file parsed, its run
cache written), and the nightly step (history.py add of the newest run, then report.py: the
older runs come from the cache, the figures whose data did not change are kept)."""
import os
import shutil
import subprocess
import sys
import tempfile
import time

from clampbench_scripts.history import runs as history
from clampbench_scripts.bench import synth
from clampbench_scripts.common.cli_parser import CliParser
from clampbench_scripts.common.entry import guarded
from clampbench_scripts.common.path_args import path_arg

PROG = "bench_report.py"


def _report(hist, site):
    report = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "report.py")
    t0 = time.perf_counter()
    rc = subprocess.call([sys.executable, report, hist, "-o", site])
    return rc, time.perf_counter() - t0


@guarded(PROG)
def main(argv=None):
    p = CliParser(prog=PROG, description=__doc__)
    p.add_argument("--runs", type=int, default=365)
    p.add_argument("--cases-per-suite", type=int, default=53)
    p.add_argument("--repetitions", type=int, default=10)
    p.add_argument("--keep", metavar="DIR", type=path_arg("--keep"),
                   help="build the history and site here and keep them")
    args = p.parse_args(argv)
    if args.runs < 2:
        p.error("--runs must be at least 2 (a history, then a nightly step)")
    with tempfile.TemporaryDirectory(prefix="clampbench-bench-") as tmp:
        root = args.keep or tmp
        hist, site = os.path.join(root, "history"), os.path.join(root, "site")
        t0 = time.perf_counter()
        paths = synth.write_history(hist, args.runs, args.cases_per_suite, args.repetitions)
        size = sum(os.path.getsize(x) for x in paths)
        newest = os.path.join(root, "newest.json")
        shutil.move(paths[-1], newest)  # added by the nightly step below
        print(f"generated {len(paths)} runs x {len(synth.SUITES) * args.cases_per_suite} cases x "
              f"{len(synth.VARIANTS)} variants ({size / 2**20:.0f} MiB) in "
              f"{time.perf_counter() - t0:.1f} s", file=sys.stderr)
        rc, first = _report(hist, site)
        print(f"report.py: exit {rc}, {first:.1f} s wall for the first build of {len(paths) - 1} runs",
              file=sys.stderr)
        if rc:
            return rc
        t0 = time.perf_counter()
        history.add(newest, hist)
        added = time.perf_counter() - t0
        rc, step = _report(hist, site)
        print(f"report.py: exit {rc}, {step:.1f} s wall for {len(paths)} runs after history.py add "
              f"of the newest ({added:.1f} s)", file=sys.stderr)
        return rc
