# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""End-to-end check of the host cost through the real binary.

Every variant of every case of the quick and the nightly set must carry a host_cost block
(null only for a call that failed), and two runs of the quick set must give every one the same
counts: compare.py gates them as exact, which is only a gate if they repeat. The nightly set
runs with --sizes nightly on the host backend, without timing or instruction counts.
"""
import argparse
import json
import os
import subprocess
import sys


def run(binary, out, sizes):
    cmd = [binary, "run", "--backend", "host", "--no-timing", "--instructions", "off", "--sizes", sizes, "--out", out]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[-500:]}")
    with open(out) as f:
        return json.load(f)


def costs(doc, sizes):
    """{(case_id, variant): host_cost}; exits naming the first variant that lacks one."""
    found = {}
    for case in doc["cases"]:
        for v in case["variants"]:
            key = (case["case_id"], v["name"])
            cost = v.get("host_cost")
            if cost is None and v.get("error") is None:
                sys.exit(f"{sizes}: {key[0]} {key[1]} ran and carries no host_cost")
            if cost is not None and (cost["ops"] != sum(cost["by_op"].values())
                                     or cost["syncs"] != sum(cost["sync_ops"].values())):
                sys.exit(f"{sizes}: {key[0]} {key[1]}: by_op or sync_ops do not add up: {cost}")
            found[key] = cost
    if not found:
        sys.exit(f"{sizes}: no case ran")
    return found


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--binary", required=True)
    p.add_argument("--workdir", required=True)
    args = p.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    first = costs(run(args.binary, os.path.join(args.workdir, "quick-1.json"), "quick"), "quick")
    second = costs(run(args.binary, os.path.join(args.workdir, "quick-2.json"), "quick"), "quick")
    if first != second:
        differ = [k for k in first if first[k] != second.get(k)]
        sys.exit(f"two quick runs differ in {len(differ)} host costs, first {differ[0]}: "
                 f"{first[differ[0]]} vs {second.get(differ[0])}")
    nightly = costs(run(args.binary, os.path.join(args.workdir, "nightly.json"), "nightly"), "nightly")
    launched = sum(1 for c in nightly.values() if c and c["launches"] > 0)
    print(f"quick: {len(first)} variant calls, the same counts twice; nightly: {len(nightly)} calls carry "
          f"host_cost ({launched} launch kernels)")


if __name__ == "__main__":
    main()
