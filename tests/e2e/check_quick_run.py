# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""End-to-end check of `clampbench run --sizes quick --backend host`.

Runs the real binary, validates the results against results/schema-v1.json, and asserts the
expected verdicts of all seven sites (builders.md, "Expected verdicts") -- encoded here on
purpose, independently of results/expectations.json. Then reruns sparse_mla with --dump and
reproduces the mutation from the .npy files with numpy.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

import jsonschema
import numpy as np


def expected_verdict(suite, variant, params):
    if suite == "ngram_update" and variant == "clamp_naive":
        return "output_mismatch"
    if suite == "sparse_mla_slot_mapping" and variant == "clamp_":
        # Mutated whenever the table view holds negative entries: -1 padding rows need a
        # second row (R > 1); holes (padding 2) are there at any R.
        holds_negatives = params["padding"] == 2 or (params["padding"] == 1 and params["R"] > 1)
        return "mutation" if holds_negatives else "same"
    return "same"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--workdir", required=True)
    args = ap.parse_args()
    shutil.rmtree(args.workdir, ignore_errors=True)
    os.makedirs(args.workdir)
    out = os.path.join(args.workdir, "quick.json")

    t0 = time.monotonic()
    run = subprocess.run([args.binary, "run", "--sizes", "quick", "--backend", "host", "--out", out],
                         capture_output=True, text=True)
    wall = time.monotonic() - t0
    sys.stderr.write(run.stderr[-4000:])
    assert run.returncode == 0, f"exit code {run.returncode}"
    assert wall < 60, f"quick set took {wall:.1f}s on host (limit 60s)"
    assert not [f for f in os.listdir(args.workdir) if ".tmp." in f], "temporary file left behind"

    with open(out) as f:
        doc = json.load(f)
    with open(os.path.join(args.source, "results", "schema-v1.json")) as f:
        jsonschema.validate(doc, json.load(f))

    assert doc["environment"]["backend"] == "host"
    assert doc["environment"]["machine_load"]["cpus"] >= 1, doc["environment"]  # Linux: /proc/loadavg
    assert doc["outcome"] == {"status": "as_expected", "exit_code": 0, "unexpected": [], "internal_errors": []}
    suites = {c["suite"] for c in doc["cases"]}
    listed = subprocess.run([args.binary, "list", "--json"], capture_output=True, text=True, check=True)
    assert suites == {s["name"] for s in json.loads(listed.stdout)}, sorted(suites)  # every registered suite
    seen = {"mutation": 0, "output_mismatch": 0}
    for case in doc["cases"]:
        names = [v["name"] for v in case["variants"]]
        assert names[0] == "clamp" and "clamp_" in names, (case["case_id"], names)
        for v in case["variants"]:
            want = expected_verdict(case["suite"], v["name"], case["params"])
            assert v["verdict"] == want, (case["case_id"], v["name"], v["verdict"], want, v["error"])
            assert v["timing"] is not None and v["timing"]["wall"]["median"] > 0, (case["case_id"], v["name"])
            seen[v["verdict"]] = seen.get(v["verdict"], 0) + 1
            if v["name"] == "clamp_":
                saved = v["saved_vs_reference"]["allocations"]
                assert saved >= 1, (case["case_id"], "clamp_ saves no allocation", saved)
            if v["verdict"] == "mutation":
                muts = v["checks"]["mutations"]
                assert "block_table" in [m["buffer"] for m in muts], muts  # the view (and its base)
                for m in muts:
                    assert m["role"] == "persistent" and m["changed"] > 0, m
                    assert all(e["before"] < 0 and e["after"] == 0 for e in m["first"]), m
                assert any(not c["equal"] for c in v["checks"]["consequences"]), "no observable consequence"
    assert seen["mutation"] > 0 and seen["output_mismatch"] > 0, seen
    # The share of the clamp -> fused allocation gap each variant closes, per suite: fused
    # closes all of it, clamp none, clamp_ part (prefix caching: 2 of 9 allocations).
    for s in doc["summary"]:
        share = {name: v["share_of_floor_gap"] for name, v in s["variants"].items()}
        assert share["fused"] == {"min": 1.0, "max": 1.0}, (s["suite"], share)
        assert share["clamp"] == {"min": 0.0, "max": 0.0}, (s["suite"], share)
        assert 0 < share["clamp_"]["min"] <= share["clamp_"]["max"] < 1, (s["suite"], share)
    prefix = next(s for s in doc["summary"] if s["suite"] == "mamba_prefix_caching")
    assert prefix["variants"]["clamp_"]["share_of_floor_gap"] == {"min": 2 / 9, "max": 2 / 9}, prefix
    print(f"quick set on host: {len(doc['cases'])} cases in {wall:.1f}s; verdicts {seen}")

    # Reproduce the hazard from a dump, in numpy only.
    dump = os.path.join(args.workdir, "dump")
    run = subprocess.run([args.binary, "run", "--backend", "host", "--no-timing", "--suite", "sparse_mla_slot_mapping",
                          "--out", os.path.join(args.workdir, "sparse.json"), "--dump", dump],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    with open(os.path.join(dump, "manifest.json")) as f:
        manifest = json.load(f)
    reproduced = 0
    for case in manifest["cases"]:
        table = next(i for i in case["inputs"] if i["name"] == "block_table")
        before = np.load(os.path.join(dump, table["file"]))
        assert list(before.shape) == table["shape"]
        variants = {v["name"]: v for v in case["variants"]}
        after_file = next(a["file"] for a in variants["clamp_"]["inputs_after"] if a["name"] == "block_table")
        after = np.load(os.path.join(dump, after_file))
        if (before < 0).any():
            assert (after >= 0).all() and np.array_equal(after, np.maximum(before, 0))
            reproduced += 1
        for o in variants["clamp"]["outputs"]:
            mine = np.load(os.path.join(dump, o["file"]))
            theirs = np.load(os.path.join(dump, next(p["file"] for p in variants["clamp_"]["outputs"] if p["name"] == o["name"])))
            if o["name"] != "block_table":
                assert np.array_equal(mine, theirs), o["name"]
    assert reproduced > 0
    print(f"dump: mutation reproduced from .npy files in {reproduced} cases")


if __name__ == "__main__":
    main()
