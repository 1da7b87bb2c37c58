# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The nightly set's memory budget through the real binary (docs/performance.md).

`clampbench run --sizes nightly --no-timing --instructions off` must stay under 550 MiB of
peak RSS. The whole set takes half a minute, so by default this runs only the cases whose peak
is the set's: the ROCm site at E = 64, L = 131072 (vLLM's own call allocates 425 MiB) and the
two sparse-MLA suites at R = 256, L = 1M, Q = 8 (130 MiB of inputs, held three times while a
variant is checked). Their peak in one process must be under the budget less 50 MiB, what the
rest of the set may add under them (the results of the cases before, the heap they leave
fragmented: 14 MiB at the commit that set this limit, 55 MiB before it). The peak is the
process's own (wait4's ru_maxrss), so it does not depend on what else runs beside it.

--whole runs the whole nightly set instead, against the budget itself, and prints its wall
time (the budget's other half, under 60 s, is not asserted: it depends on the machine's load).
"""
import argparse
import json
import os
import subprocess
import sys
import time

BUDGET_MIB = 550
REST_OF_SET_MIB = 50
HEAVIEST = (
    "rocm_aiter_fa_chunks/E=64,L=131072",
    "sparse_mla_slot_mapping/R=256,L=1048576,ratio=128,padding=2,Q=8",
    "sparse_mla_step/R=256,L=1048576,padding=1,Q=8,order=0",
)


def peak_run(cmd):
    """(exit code, peak RSS in MiB, wall seconds, stderr) of one run of cmd."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, usage.ru_maxrss / 1024, time.monotonic() - start, stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--whole", action="store_true", help="the whole nightly set, against the budget itself")
    args = parser.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    out = os.path.join(args.workdir, "nightly.json")
    cmd = [args.binary, "run", "--backend", "host", "--sizes", "nightly", "--no-timing", "--instructions", "off",
           "--out", out]
    limit = BUDGET_MIB
    if not args.whole:
        for case in HEAVIEST:
            cmd += ["--case", case]
        limit = BUDGET_MIB - REST_OF_SET_MIB
    code, peak, wall, stderr = peak_run(cmd)
    if code != 0:
        sys.exit(f"{' '.join(cmd)} exited {code}: {stderr.strip()[-500:]}")
    with open(out) as f:
        ran = [c["case_id"] for c in json.load(f)["cases"]]
    if not args.whole:
        assert sorted(ran) == sorted(HEAVIEST), ran
    what = f"{len(ran)} nightly cases" + ("" if args.whole else " (the heaviest)")
    assert peak < limit, f"{what}: peak RSS {peak:.1f} MiB, over {limit} MiB"
    print(f"ok: {what}: peak RSS {peak:.1f} MiB (limit {limit} MiB), {wall:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
