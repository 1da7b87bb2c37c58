# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""End-to-end check of the callgrind instruction counter through the real binary.

Two runs of the same selection with --instructions callgrind must give every host variant a
count, and the same count: the figure compare.py gates on is only a gate if it repeats
exactly, also when the second run starts from another world (the binary at a longer path,
another working directory and TMPDIR, a longer environment), as a base and a head build on
two CI runners do. Exit 77 (CTest's skip) where valgrind is not installed.
"""
import json
import os
import shutil
import subprocess
import sys
import time

import callgrind_check


def run(binary, out, suites, *extra, cwd=None, env=None):
    cmd = [binary, "run", "--backend", "host", "--no-timing", "--instructions", "callgrind",
           "--suite", ",".join(suites), "--out", out, *extra]
    t0 = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=cwd, env=env)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[-500:]}")
    with open(out) as f:
        return json.load(f), time.monotonic() - t0


def run_elsewhere(binary, workdir, suites):
    """The same run from another world: the binary copied 40 characters deeper, another cwd
    and TMPDIR, and one more environment variable of 200 characters."""
    deeper = os.path.join(workdir, "a-directory-forty-characters-long-xxxxx")
    tmp = os.path.join(workdir, "another-tmp")
    os.makedirs(deeper)
    os.makedirs(tmp)
    copy = shutil.copy2(binary, os.path.join(deeper, "clampbench"))
    env = dict(os.environ, TMPDIR=tmp, CLAMPBENCH_UNRELATED="x" * 200)
    doc, _ = run(copy, os.path.join(workdir, "elsewhere.json"), suites, cwd=deeper, env=env)
    return doc


def counts(doc):
    return {(c["case_id"], v["name"]): v["instructions"] for c in doc["cases"] for v in c["variants"]}


def main():
    args = callgrind_check.prepare(__doc__)
    if args is None:
        return callgrind_check.SKIP
    suites = ["mamba_fallback", "ngram_find", "sparse_mla_slot_mapping"]
    first, t1 = run(args.binary, f"{args.workdir}/a.json", suites)
    second, t2 = run(args.binary, f"{args.workdir}/b.json", suites)
    env = first["environment"]["instructions"]
    assert env["method"] == "callgrind" and env["requested"] == "callgrind", env
    a, b = counts(first), counts(second)
    assert a.keys() == b.keys() and len(a) >= 3 * 17, sorted(a)
    missing = [k for k, v in a.items() if not isinstance(v, int) or v <= 0]
    assert not missing, f"no count for {missing}"
    moved = {k: (a[k], b[k]) for k in a if a[k] != b[k]}
    assert not moved, f"counts moved between two runs of one binary: {moved}"
    elsewhere = counts(run_elsewhere(args.binary, args.workdir, suites))
    moved = {k: (a[k], elsewhere[k]) for k in a if a[k] != elsewhere.get(k)}
    assert not moved, f"counts moved with the binary's path, cwd and environment: {len(moved)} of {len(a)}"
    # The count follows the work: eight ngram rows retire more than one, in every variant.
    for (case_id, variant), n in a.items():
        if case_id.startswith("ngram_find/B=1,"):
            bigger = a[(case_id.replace("B=1,", "B=8,"), variant)]
            assert bigger > n, f"{case_id} {variant}: B=8 counts {bigger}, B=1 {n}"
    # A planted +10% (a loop calibrated with the counter) is seen as +10% in every row; a
    # planted allocation as one more allocation per call, instructions untouched.
    planted, _ = run(args.binary, f"{args.workdir}/planted.json", suites, "--plant", "instructions")
    assert planted["environment"]["plant"] == "instructions"
    off = {k: counts(planted)[k] / n for k, n in a.items() if not 1.09 <= counts(planted)[k] / n <= 1.11}
    assert not off, f"planted +10% seen as {off}"
    extra, _ = run(args.binary, f"{args.workdir}/allocation.json", suites, "--plant", "allocation")
    allocs = {(c["case_id"], v["name"]): v["allocations"]["ledger"]["total"]["allocations"]
              for c in first["cases"] for v in c["variants"]}
    for c in extra["cases"]:
        for v in c["variants"]:
            assert v["allocations"]["ledger"]["total"]["allocations"] == allocs[(c["case_id"], v["name"])] + 1, v["name"]
    print(f"ok: {len(a)} counts, identical in two runs ({t1:.1f}s, {t2:.1f}s); planted +10% and +1 allocation seen")
    return 0


if __name__ == "__main__":
    sys.exit(main())
