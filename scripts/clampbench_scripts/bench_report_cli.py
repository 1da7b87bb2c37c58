# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""bench_report.py [--runs 365] [--cases-per-suite 6]: how long report.py takes on a year of
nightly runs (7 suites x 6 cases x 3 variants by default), synthetic, in a temporary dir."""
import argparse
import os
import subprocess
import sys
import tempfile
import time

from clampbench_scripts import synth


def main(argv):
    p = argparse.ArgumentParser(prog="bench_report.py", description=__doc__)
    p.add_argument("--runs", type=int, default=365)
    p.add_argument("--cases-per-suite", type=int, default=6)
    p.add_argument("--repetitions", type=int, default=10)
    p.add_argument("--keep", metavar="DIR", help="build the history and site here and keep them")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="clampbench-bench-") as tmp:
        root = args.keep or tmp
        hist, site = os.path.join(root, "history"), os.path.join(root, "site")
        t0 = time.perf_counter()
        paths = synth.write_history(hist, args.runs, args.cases_per_suite, args.repetitions)
        size = sum(os.path.getsize(x) for x in paths)
        print(f"generated {len(paths)} runs x {len(synth.SUITES) * args.cases_per_suite} cases x "
              f"{len(synth.VARIANTS)} variants ({size / 2**20:.0f} MiB) in "
              f"{time.perf_counter() - t0:.1f} s", file=sys.stderr)
        report = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "report.py")
        t0 = time.perf_counter()
        rc = subprocess.call([sys.executable, report, hist, "-o", site])
        elapsed = time.perf_counter() - t0
        print(f"report.py: exit {rc}, {elapsed:.1f} s wall for {len(paths)} runs", file=sys.stderr)
        return rc
