# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""End-to-end check of `clampbench run --sizes quick --backend host`.

Runs the real binary, validates the results against results/schema-v1.json, and asserts the
expected verdicts of all seven sites and DeepSeek V4's compressor (as vLLM's released code
gives them) -- encoded here on purpose, independently of results/expectations.json. Then reruns sparse_mla with --dump and
reproduces the mutation from the .npy files with numpy, and sparse_mla_step's three slot mappings.
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
        # At ratio 128 the C128A decode slots are read from the table after clamp_ rewrote it:
        # every case with holes has a decode row whose C128A row reads one, so they differ.
        if params["ratio"] == 128 and params["padding"] == 2:
            return "output_mismatch"
        # Otherwise mutated whenever the table view holds negative entries: -1 padding rows
        # need a second row (R > 1); holes (padding 2) are there at any R.
        holds_negatives = params["padding"] == 2 or (params["padding"] == 1 and params["R"] > 1)
        return "mutation" if holds_negatives else "same"
    if suite == "static_sink" and variant == "clamp_":
        # vLLM's released in-place form raises the shared seq_lens (a mutation) and never writes
        # the builder-owned buffer the counterfactual writes (its destination, not an output):
        # with one KV-cache group the outputs agree; with two the lengths are raised twice.
        return "output_mismatch" if params["G"] == 2 else "mutation"
    if suite == "compressor_block_table" and variant == "clamp_":
        # vLLM's released in-place form: the table's -1 entries become 0, outputs unchanged.
        holds_negatives = params["padding"] == 2 or (params["padding"] == 1 and params["R"] > 1)
        return "mutation" if holds_negatives else "same"
    if suite == "sparse_mla_step" and variant == "clamp_":
        # Holes: C128A's decode slots and the indexer's decode-table view read them after a
        # clamp_. Padding rows only: the table changes; the indexer's decode view holds them
        # only when every row counts as a decode (Q = 1).
        if params["padding"] == 2:
            return "output_mismatch"
        if params["padding"] == 1 and params["R"] > 1:
            return "output_mismatch" if params["Q"] == 1 else "mutation"
        return "same"
    return "same"


def step_differing_outputs(params):
    """The outputs (and written buffers) of sparse_mla_step that clamp_ changes with holes: the
    indexer's slot mapping only when C128A clamped the table before the indexer read it."""
    differing = {"c128a_global_decode_topk_indices", "c128a_global_decode_buffer", "indexer_decode_block_table"}
    return differing | ({"indexer_compressed_slot_mapping"} if params["order"] == 1 else set())


def mla_release_saving(params):
    """What 0.27.0's MLA build allocates less than 0.25.0's, as vLLM's code does: one per
    clamp_ (two plans under DCP), less has_empty_context's eq and any (2); with no context,
    0.25.0 alone has counted the prefills with context (gt, sum) before returning."""
    if params["L"] == 0:
        return 2
    return (2 if params["D"] > 1 else 1) - 2


def expected_order_writes(suite, variant, params):
    """Buffers with an order-dependent write: vLLM's propose scatter writes column L - 1 of
    row 3 twice (a valid token, then the old value back) whenever the batch has a row 3."""
    if suite == "ngram_propose" and variant in ("clamp", "clamp_", "fused") and params["B"] >= 4:
        return ["token_ids"]
    return []


def expected_latent_writes(suite, variant, params):
    """(buffer, elements written, elements changed or None) of each in-place write into a
    Persistent buffer: sparse-MLA's clamp_ (vLLM 0.27.0 sparse_mla.py:212), which writes the
    whole R x (L / 256) table view every call (block size 256), and the compressor's (every
    release, compressor.py:142), which writes its R x cdiv(L, 4 or 8) view (block size 4 at
    ratio 4, 8 at 128); both change nothing when the table holds no negative entry (padding 0)
    -- the latent hazard the mutation check cannot see."""
    holds_negatives = params.get("padding") == 2 or (params.get("padding") == 1 and params.get("R", 0) > 1)
    if suite == "sparse_mla_slot_mapping" and variant == "clamp_":
        return [("block_table", "clamp_", params["R"] * (params["L"] // 256), None if holds_negatives else 0)]
    if suite == "compressor_block_table" and variant == "clamp_":
        block_size = 4 if params["ratio"] == 4 else 8
        return [("block_table", "clamp_", params["R"] * -(-params["L"] // block_size), None if holds_negatives else 0)]
    if suite == "sparse_mla_step" and variant == "clamp_":  # two sparse-MLA builders, each the whole view
        return [("block_table", "clamp_", 2 * params["R"] * (params["L"] // 256), None if holds_negatives else 0)]
    if suite == "static_sink" and variant == "clamp_":
        # Once per KV-cache group: every row raised (copy_), then the padded rows put back
        # (the masked store): R x G written and changed, pad x G written and changed.
        groups = params["G"]
        return [("seq_lens", "copy_", groups * params["R"], groups * params["R"]),
                ("seq_lens", "masked_fill_", groups * params["pad"], groups * params["pad"])]
    return []


def c128a_decode(inputs, table, decode_tokens, width):
    """vLLM's C128A decode slots (block size 256 // 128 = 2) of the first decode tokens."""
    pos = inputs["positions"][:decode_tokens]
    qsl = inputs["query_start_loc"]
    req = np.searchsorted(qsl, np.arange(decode_tokens), side="right") - 1
    n = np.minimum((pos + 1) // 128, width)[:, None]
    j = np.arange(width)[None, :]
    slots = table[req[:, None], np.where(j < n, j // 2, 0)] * 2 + j % 2
    return np.where(j < n, slots, -1).astype(np.int32)[:, None, :]


def compressed_slots(inputs, table, ratio, block_size):
    """get_compressed_slot_mapping (_compressed_slot_mapping_kernel) in plain Python: -1, then
    for each query token at position p with (p + 1) % ratio == 0 its compressed slot."""
    qsl, seq = inputs["query_start_loc"], inputs["seq_lens"]
    out = np.full(inputs["positions"].shape[0], -1, dtype=np.int64)
    for r in range(seq.shape[0]):
        qlen = int(qsl[r + 1] - qsl[r])
        for k in range(qlen):
            pos = int(seq[r]) - qlen + k
            if (pos + 1) % ratio == 0:
                c = pos // ratio
                out[int(qsl[r]) + k] = int(table[r, c // block_size]) * block_size + c % block_size
    return out


def check_step_dump(binary, workdir):
    """sparse_mla_step from its dump: the sparse-MLA slot mappings read the clamped table in
    every variant; the indexer reads the table raw, i.e. clamped only when C128A (order 1)
    clamp_ed it first; its decode-table view shows the table as the step left it."""
    dump = os.path.join(workdir, "step_dump")
    run = subprocess.run([binary, "run", "--backend", "host", "--no-timing", "--suite", "sparse_mla_step",
                          "--out", os.path.join(workdir, "step.json"), "--dump", dump], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    with open(os.path.join(dump, "manifest.json")) as f:
        manifest = json.load(f)
    indexer_differs = 0
    for case in manifest["cases"]:
        inputs = {i["name"]: np.load(os.path.join(dump, i["file"])) for i in case["inputs"]}
        variants = {v["name"]: v for v in case["variants"]}
        def load(v, name):
            return np.load(os.path.join(dump, next(o["file"] for o in variants[v]["outputs"] if o["name"] == name)))
        before = inputs["block_table"]
        after = np.load(os.path.join(dump, next(a["file"] for a in variants["clamp_"]["inputs_after"]
                                                 if a["name"] == "block_table")))
        clamped = np.maximum(before, 0)
        c128a_first = case["params"]["order"] == 1
        indexer_reads = {"clamp": before, "clamp_": clamped if c128a_first else before, "fused": before}
        for v, table in indexer_reads.items():
            expected = {"indexer_compressed_slot_mapping": compressed_slots(inputs, table, 4, 64),
                        "c4a_compressed_slot_mapping": compressed_slots(inputs, clamped, 4, 64),
                        "c128a_compressed_slot_mapping": compressed_slots(inputs, clamped, 128, 2)}
            for name, slots in expected.items():
                assert np.array_equal(load(v, name), slots), (case["case_id"], v, name)
        decodes = load("clamp", "indexer_decode_block_table").shape[0]
        assert np.array_equal(load("clamp", "indexer_decode_block_table"), before[:decodes])
        assert np.array_equal(load("clamp_", "indexer_decode_block_table"), after[:decodes])
        indexer_differs += not np.array_equal(load("clamp", "indexer_compressed_slot_mapping"),
                                              load("clamp_", "indexer_compressed_slot_mapping"))
    holes_c128a_first = [c for c in manifest["cases"] if c["params"]["padding"] == 2 and c["params"]["order"] == 1]
    assert indexer_differs == len(holes_c128a_first) > 0, indexer_differs
    print(f"step dump: slot mappings of all three builders recomputed in {len(manifest['cases'])} cases; "
          f"the indexer's differs in {indexer_differs}")


def run_quick_set(binary, source, workdir):
    """Runs the quick set on host into WORKDIR; (results, wall seconds), validated against the
    schema."""
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    out = os.path.join(workdir, "quick.json")
    t0 = time.monotonic()
    run = subprocess.run([binary, "run", "--sizes", "quick", "--backend", "host", "--out", out],
                         capture_output=True, text=True)
    wall = time.monotonic() - t0
    sys.stderr.write(run.stderr[-4000:])
    assert run.returncode == 0, f"exit code {run.returncode}"
    assert wall < 60, f"quick set took {wall:.1f}s on host (limit 60s)"
    assert not [f for f in os.listdir(workdir) if ".tmp." in f], "temporary file left behind"
    with open(out) as f:
        doc = json.load(f)
    with open(os.path.join(source, "results", "schema-v1.json")) as f:
        jsonschema.validate(doc, json.load(f))
    return doc, wall


def check_run_level(doc, binary):
    """The run as a whole: host backend, load recorded, everything as expected, every suite."""
    assert doc["environment"]["backend"] == "host"
    assert doc["environment"]["machine_load"]["cpus"] >= 1, doc["environment"]  # Linux: /proc/loadavg
    assert doc["outcome"] == {"status": "as_expected", "exit_code": 0, "unexpected": [], "internal_errors": [],
                              "unexpected_findings": [], "unexpected_order_dependent_writes": [],
                              "unexpected_latent_writes": []}
    suites = {c["suite"] for c in doc["cases"]}
    listed = subprocess.run([binary, "list", "--json"], capture_output=True, text=True, check=True)
    assert suites == {s["name"] for s in json.loads(listed.stdout)}, sorted(suites)  # every registered suite


def check_write_findings(case, v):
    """The variant's order-dependent and latent writes, each as the suite's rules predict."""
    found = v["order_dependent_writes"]["findings"]
    want_writes = expected_order_writes(case["suite"], v["name"], case["params"])
    assert [f["buffer"] for f in found] == want_writes, (case["case_id"], v["name"], found)
    for f in found:
        assert f["expected"] and f["first_index"] == [3, case["params"]["L"] - 1], f
    latent = v["latent_writes"]["findings"]
    want_latent = expected_latent_writes(case["suite"], v["name"], case["params"])
    assert [f["buffer"] for f in latent] == [b for b, _, _, _ in want_latent], (case["case_id"], v["name"], latent)
    for f, (_, op, written, changed) in zip(latent, want_latent):
        assert f["expected"] and f["op"] == op and f["elements_written"] == written, f
        if changed is not None:
            assert f["elements_changed"] == changed, f
        else:  # the same write the mutation check sees changed something
            assert f["elements_changed"] > 0, f


def check_hazard_evidence(case, v):
    """A variant that wrote the shared block table: the mutation, its consequence, and which
    outputs differ."""
    table_sites = ("sparse_mla_slot_mapping", "sparse_mla_step")
    if case["suite"] == "static_sink" and v["name"] == "clamp_":  # the shared seq_lens, raised
        muts = v["checks"]["mutations"]
        assert [m["buffer"] for m in muts] == ["seq_lens"], (case["case_id"], muts)
        assert all(e["after"] > e["before"] for e in muts[0]["first"]), muts
        differ = any(not c["equal"] for c in v["checks"]["consequences"])
        assert differ == (case["params"]["near"] == 1), (case["case_id"], v["checks"]["consequences"])
        return
    if v["verdict"] == "mutation" or (v["verdict"] == "output_mismatch" and case["suite"] in table_sites):
        muts = v["checks"]["mutations"]
        assert "block_table" in [m["buffer"] for m in muts], muts  # the view (and its base)
        for m in muts:
            assert m["role"] == "persistent" and m["changed"] > 0, m
            assert all(e["before"] < 0 and e["after"] == 0 for e in m["first"]), m
        assert any(not c["equal"] for c in v["checks"]["consequences"]), "no observable consequence"
    if v["verdict"] == "output_mismatch" and case["suite"] == "sparse_mla_slot_mapping":
        differing = {m["output"] for m in v["checks"]["outputs"]["mismatches"]}
        assert differing == {"c128a_global_decode_topk_indices", "c128a_global_decode_buffer"}, differing
    if v["verdict"] == "output_mismatch" and case["suite"] == "sparse_mla_step":
        differing = {m["output"] for m in v["checks"]["outputs"]["mismatches"]}
        assert differing == step_differing_outputs(case["params"]), (case["case_id"], differing)


def check_variant(case, v):
    """One variant of one case: its verdict, timing, findings and (for clamp_) its saving."""
    want = expected_verdict(case["suite"], v["name"], case["params"])
    assert v["verdict"] == want, (case["case_id"], v["name"], v["verdict"], want, v["error"])
    assert v["timing"] is not None and v["timing"]["wall"]["median"] > 0, (case["case_id"], v["name"])
    # Findings-level expectations: every rule of the checked-in file names its findings.
    assert v["findings"]["listed"] and v["findings"]["as_expected"], (case["case_id"], v["name"], v["findings"])
    check_write_findings(case, v)
    if v["name"] == "clamp_":
        saved = v["saved_vs_reference"]["allocations"]
        if case["suite"] == "static_sink":  # the temporary is made before it is copied back
            assert saved == 0, (case["case_id"], "the static-sink in-place form saves", saved)
        elif case["suite"] == "mla_chunked_context":
            want = mla_release_saving(case["params"])
            assert saved == want, (case["case_id"], "MLA's 0.27.0 build against 0.25.0's", saved, want)
        else:
            assert saved >= 1, (case["case_id"], "clamp_ saves no allocation", saved)
    check_hazard_evidence(case, v)


def check_cases(doc):
    """Every case's variants; the verdicts counted, some mutation and some mismatch among them."""
    seen = {"mutation": 0, "output_mismatch": 0}
    for case in doc["cases"]:
        names = [v["name"] for v in case["variants"]]
        assert names[0] == "clamp" and "clamp_" in names, (case["case_id"], names)
        for v in case["variants"]:
            check_variant(case, v)
            seen[v["verdict"]] = seen.get(v["verdict"], 0) + 1
    assert seen["mutation"] > 0 and seen["output_mismatch"] > 0, seen
    return seen


def check_floor_gap_shares(doc):
    """The share of the clamp -> fused allocation gap each variant closes, per suite: fused
    closes all of it, clamp none, clamp_ part (prefix caching: 1 of 9 allocations), or all of it
    where clamp's copy is the call's only allocation (sparse_mla_slot_mapping; the step's 2 of 9,
    its indexer allocating the rest); none where the
    floor allocates what clamp does (compressor_block_table). MLA's 0.27.0 build opens the gap
    wider without DCP (has_empty_context's two allocations for the clamp's one): a share below 0."""
    for s in doc["summary"]:
        share = {name: v["share_of_floor_gap"] for name, v in s["variants"].items()}
        if s["suite"] == "compressor_block_table":  # clamp and the floor both copy the table: no gap
            assert share == {"clamp": None, "clamp_": None, "fused": None}, share
            continue
        assert share["fused"] == {"min": 1.0, "max": 1.0}, (s["suite"], share)
        assert share["clamp"] == {"min": 0.0, "max": 0.0}, (s["suite"], share)
        if s["suite"] == "mla_chunked_context":  # below 0 without DCP; 2 of 3 without context
            assert share["clamp_"]["min"] < 0 < share["clamp_"]["max"] < 1, (s["suite"], share)
        elif s["suite"] == "static_sink":  # the in-place form saves nothing
            assert share["clamp_"] == {"min": 0.0, "max": 0.0}, (s["suite"], share)
        elif s["suite"] == "sparse_mla_slot_mapping":  # vLLM's kernels allocate nothing: clamp's copy is all
            assert share["clamp_"] == {"min": 1.0, "max": 1.0}, (s["suite"], share)
        elif s["suite"] == "sparse_mla_step":  # the two copies of 9: the indexer's metadata allocates 7
            assert share["clamp_"] == {"min": 2 / 9, "max": 2 / 9}, (s["suite"], share)
        else:
            assert 0 < share["clamp_"]["min"] <= share["clamp_"]["max"] < 1, (s["suite"], share)
    prefix = next(s for s in doc["summary"] if s["suite"] == "mamba_prefix_caching")  # 12 -> 11, floor 3
    assert prefix["variants"]["clamp_"]["share_of_floor_gap"] == {"min": 1 / 9, "max": 1 / 9}, prefix


def check_slot_mapping_dump(binary, workdir):
    """Reproduces the hazard from sparse_mla_slot_mapping's dump, in numpy only: the table
    clamp_ leaves behind, and the C128A decode slots each variant read from it."""
    dump = os.path.join(workdir, "dump")
    run = subprocess.run([binary, "run", "--backend", "host", "--no-timing", "--suite", "sparse_mla_slot_mapping",
                          "--out", os.path.join(workdir, "sparse.json"), "--dump", dump],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    with open(os.path.join(dump, "manifest.json")) as f:
        manifest = json.load(f)
    reproduced = c128a_checked = 0
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
        load = lambda v, name: np.load(os.path.join(dump, next(o["file"] for o in variants[v]["outputs"] if o["name"] == name)))
        for o in variants["clamp"]["outputs"]:
            if o["name"] != "c128a_global_decode_topk_indices":
                assert np.array_equal(load("clamp", o["name"]), load("clamp_", o["name"])), o["name"]
        if case["params"]["ratio"] == 128:
            # The C128A decode slots, recomputed from the table each variant's C128A step read.
            inputs = {i["name"]: np.load(os.path.join(dump, i["file"])) for i in case["inputs"]}
            for v, read in (("clamp", before), ("clamp_", after)):
                got = load(v, "c128a_global_decode_topk_indices")
                assert np.array_equal(got, c128a_decode(inputs, read, got.shape[0], got.shape[2])), v
            differs = not np.array_equal(load("clamp", "c128a_global_decode_topk_indices"),
                                         load("clamp_", "c128a_global_decode_topk_indices"))
            assert differs == (case["params"]["padding"] == 2), case["case_id"]
            c128a_checked += 1
    assert reproduced > 0 and c128a_checked > 0
    print(f"dump: mutation reproduced from .npy files in {reproduced} cases, C128A decode slots in {c128a_checked}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--workdir", required=True)
    args = ap.parse_args()
    doc, wall = run_quick_set(args.binary, args.source, args.workdir)
    check_run_level(doc, args.binary)
    seen = check_cases(doc)
    check_floor_gap_shares(doc)
    print(f"quick set on host: {len(doc['cases'])} cases in {wall:.1f}s; verdicts {seen}")
    check_slot_mapping_dump(args.binary, args.workdir)
    check_step_dump(args.binary, args.workdir)


if __name__ == "__main__":
    main()
