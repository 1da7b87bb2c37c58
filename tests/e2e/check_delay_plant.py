# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""End-to-end check of --plant delay:R:SUITE through the real binary.

Two runs of two suites, the second with a planted x2 delay of one of them: the planted run
records the plant; every row keeps its allocations and its callgrind instruction count
exactly, since the stall runs only in the timing pass, outside the allocator; the planted suite's median
time about doubles and the other suite's does not move by much. The time bounds are loose
(x1.5-x2.8 and x0.7-x1.4 over the median row): an end-to-end check on a shared machine, not a
unit test. Exit 77 (CTest's skip) where valgrind is not installed.
"""
import json
import statistics
import subprocess
import sys

import callgrind_check

SUITES = ("mamba_fallback", "ngram_find")
PLANTED = "ngram_find"


def run(binary, out, *extra):
    cmd = [binary, "run", "--backend", "host", "--sizes", "quick", "--instructions", "callgrind",
           "--suite", ",".join(SUITES), "--out", out, *extra]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[-500:]}")
    with open(out) as f:
        doc = json.load(f)
    return doc["environment"], {(c["suite"], c["case_id"], v["name"]): v for c in doc["cases"] for v in c["variants"]}


def main():
    args = callgrind_check.prepare(__doc__)
    if args is None:
        return callgrind_check.SKIP
    # The reference run plants nothing; the callgrind child of either run is not handed a delay
    # plant (it stalls the timing pass only), so both children count the same command line.
    _, plain = run(args.binary, f"{args.workdir}/plain.json")
    env, planted = run(args.binary, f"{args.workdir}/plant.json", "--plant", f"delay:2:{PLANTED}")
    assert env["plant"] == f"delay:2:{PLANTED}", env["plant"]
    assert plain.keys() == planted.keys() and plain, sorted(plain)
    for key, v in plain.items():
        p = planted[key]
        assert p["instructions"] == v["instructions"] and v["instructions"], (key, v["instructions"], p["instructions"])
        assert p["allocations"] == v["allocations"], key
    ratios = {s: statistics.median(planted[k]["timing"]["cpu"]["median"] / v["timing"]["cpu"]["median"]
                                   for k, v in plain.items() if k[0] == s) for s in SUITES}
    assert 1.5 <= ratios[PLANTED] <= 2.8, ratios
    assert all(0.7 <= r <= 1.4 for s, r in ratios.items() if s != PLANTED), ratios
    print(f"ok: {len(plain)} rows, allocations and instructions unchanged; median time ratio per suite "
          + ", ".join(f"{s} x{r:.2f}" for s, r in ratios.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
