# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""check_benchmarks.py --program BENCH [--skip-message MSG]: run one Google Benchmark program
briefly and fail if any benchmark reported an error. The benchmarks check their own
preconditions (a warm cache, every round trip an immediate reuse, the ledger saw every event)
with SkipWithError, which does not change the exit status; this turns those into a failing
test. Benchmarks skipped with MSG (e.g. "no CUDA device") count as skipped; when all are,
the script prints SKIPPED for ctest's SKIP_REGULAR_EXPRESSION."""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--program", required=True, type=Path)
    p.add_argument("--skip-message", default=None)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.json"
        run = subprocess.run([str(args.program), "--benchmark_min_time=0.01", f"--benchmark_out={out}",
                              "--benchmark_out_format=json"], capture_output=True, text=True, timeout=600)
        if run.returncode != 0:
            print(f"{args.program.name} exited with {run.returncode}:\n{run.stdout}{run.stderr}")
            return 1
        benchmarks = json.loads(out.read_text())["benchmarks"]
    if not benchmarks:
        print(f"{args.program.name}: no benchmark ran")
        return 1
    errors = [b for b in benchmarks if b.get("error_occurred")]
    skipped = [b for b in errors if args.skip_message and b.get("error_message") == args.skip_message]
    failed = [b for b in errors if b not in skipped]
    for b in failed:
        print(f"FAILED {b['name']}: {b.get('error_message')}")
    print(f"{args.program.name}: {len(benchmarks)} benchmarks, {len(failed)} failed, {len(skipped)} skipped")
    if failed:
        return 1
    if len(skipped) == len(benchmarks):
        print("SKIPPED: " + args.skip_message)
    return 0


if __name__ == "__main__":
    sys.exit(main())
