# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Conformance without pytest: run clampbench --dump (or read a given dump), check every
(case, variant) against the torch references, print one line per suite and each difference.

  /usr/bin/python3 tests/conformance/run_conformance.py [--bin build/clampbench] [--dump DIR]

Exit codes: 0 all pairs bitwise equal, 1 some differ, 2 torch not importable or no binary.
"""

import argparse
import shutil
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", type=Path, help="clampbench binary (default $CLAMPBENCH_BIN or build/clampbench)")
    parser.add_argument("--dump", type=Path, help="check this dump instead of running the binary")
    args = parser.parse_args(argv)
    try:
        import conformance_dump as cd
    except Exception as exc:
        print(f"run_conformance: torch not importable: {exc}", file=sys.stderr)
        return 2
    work = None
    try:
        if args.dump:
            dump_dir = args.dump
        else:
            binary = args.bin or cd.default_binary()
            if not binary.exists():
                print(f"run_conformance: no clampbench binary at {binary}", file=sys.stderr)
                return 2
            work = Path(tempfile.mkdtemp(prefix="clampbench-conformance-"))
            dump_dir = cd.run_clampbench(binary, work)
        manifest = cd.load_manifest(dump_dir)
        tally = defaultdict(lambda: [0, 0])
        failures = []
        for case, variant in cd.all_pairs(manifest):
            check = cd.check_variant(dump_dir, case, variant)
            tally[case["suite"]][0 if not check.differences else 1] += 1
            if check.differences:
                failures.append(check)
        for suite, (ok, bad) in tally.items():
            print(f"{suite:26} {ok:3} equal  {bad:3} differ")
        for check in failures:
            print(f"\n{check.case_id} [{check.variant}]:")
            for d in check.differences:
                print(f"  {d}")
        total = sum(ok + bad for ok, bad in tally.values())
        print(f"\n{total - len(failures)} of {total} (case, variant) pairs bitwise equal to torch")
        return 1 if failures else 0
    finally:
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
