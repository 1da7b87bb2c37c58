#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""`cmake --install` into a temporary prefix, then use only what was installed, from another
directory: the binary (--version, a quick host run that must read the *installed*
expectations.json, proven by marking that copy), the Python scripts, and the CMake package
(a consumer project linking clampbench::kernels)."""
import argparse
import json
import os
import shutil
import subprocess
import sys

MARK = "install test: the installed copy was read"


def run(cmd, cwd, expect=0):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if p.returncode != expect:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {p.returncode}, expected {expect}\n{p.stdout}{p.stderr}")
    return p.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--workdir", required=True)
    a = ap.parse_args()
    a.build, a.source, a.workdir = (os.path.abspath(p) for p in (a.build, a.source, a.workdir))
    shutil.rmtree(a.workdir, ignore_errors=True)
    prefix, elsewhere = os.path.join(a.workdir, "prefix"), os.path.join(a.workdir, "elsewhere")
    os.makedirs(elsewhere)
    run(["cmake", "--install", a.build, "--prefix", prefix], cwd=a.workdir)
    share = os.path.join(prefix, "share", "clampbench")
    for rel in ["bin/clampbench", "share/clampbench/expectations.json", "share/clampbench/schema-v1.json",
                "share/clampbench/scripts/compare.py", "share/clampbench/scripts/clampbench_scripts/exports/formats.py",
                "include/clampbench/kernels/tensor.h", "lib/cmake/clampbench/clampbenchConfig.cmake"]:
        if not os.path.isfile(os.path.join(prefix, rel)):
            sys.exit(f"FAIL: {rel} not installed")

    binary = os.path.join(prefix, "bin", "clampbench")
    print(run([binary, "--version"], cwd=elsewhere).strip())
    out = os.path.join(a.workdir, "out.json")
    quick = [binary, "run", "--sizes", "quick", "--backend", "host", "--no-timing", "--suite", "mamba_fallback",
             "--out", out]
    run(quick, cwd=elsewhere)
    # Mark the installed copy: the reference variant "expected" to error. A binary reading the
    # source tree's file would still exit 0; one reading the installed copy exits 1.
    installed = os.path.join(share, "expectations.json")
    original = open(installed).read()
    doc = json.loads(original)
    doc["expectations"].insert(0, {"suite": "mamba_fallback", "variant": "clamp", "verdict": "error", "reason": MARK})
    marked = json.dumps(doc)
    with open(installed, "w") as f:
        f.write(marked)
    run(quick, cwd=elsewhere, expect=1)
    with open(out) as f:
        if json.load(f)["cases"][0]["variants"][0]["expectation_reason"] != MARK:
            sys.exit("FAIL: the installed expectations.json was not the one used")
    with open(installed, "w") as f:
        f.write(original)
    run(quick, cwd=elsewhere)
    # --expectations still wins over the installed copy.
    elsewhere_file = os.path.join(elsewhere, "marked.json")
    with open(elsewhere_file, "w") as f:
        f.write(marked)
    run(quick + ["--expectations", elsewhere_file], cwd=elsewhere, expect=1)

    run(["/usr/bin/python3", os.path.join(share, "scripts", "history.py"), "--help"], cwd=elsewhere)

    consumer = os.path.join(a.workdir, "consumer")
    run(["cmake", "-S", os.path.join(a.source, "tests", "install", "consumer"), "-B", consumer,
         f"-DCMAKE_PREFIX_PATH={prefix}", "-DCMAKE_BUILD_TYPE=Release"], cwd=a.workdir)
    run(["cmake", "--build", consumer], cwd=a.workdir)
    got = run([os.path.join(consumer, "consumer")], cwd=elsewhere).strip()
    if got != "allocations 1":
        sys.exit(f"FAIL: the consumer of clampbench::kernels printed {got!r}")
    print("install: binary, expectations, scripts and clampbench::kernels work from", prefix)


if __name__ == "__main__":
    main()
