# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The static_sink site on the quick set's dumped cases, in vLLM 0.25.0, 0.27.0 and 0.34.0:
vLLM's StaticSinkAttentionBuilder.build, once per KV-cache group, agrees bitwise with the port's
`clamp_` (in place) and, wired as the counterfactual, with `clamp` and `fused`; its form is
in place (the stores at :86 and :89) and it allocates two tensors per group (add, eq). Then
its later reader: vLLM's own get_num_sampled_and_rejected on the seq_lens each variant left
agrees with what the port's `sampler` reader reports (the results file's consequences: the
rows whose num_sampled differs from the reference variant's, the first of them, both values),
and misclassifies exactly the rows with seq_len < prefill_len <= seq_len + G x sink_len."""
import functools
import json

import pytest
import torch

from upstream_testing import upstream_state
from clampbench_scripts.upstream import dump
from clampbench_scripts.upstream.sites import check
from clampbench_scripts.upstream.sites.static_sink import SITES, sampler
from clampbench_scripts.upstream.vllm_code import source
from clampbench_scripts.upstream.vllm_code.release import Release

SITE = SITES[0]
VERSIONS = (source.BEFORE_PR, source.AFTER_PR, source.NEWEST_CHECKED)


def state():
    found, reason = upstream_state()
    if found is None:
        pytest.skip(reason)
    return found


@functools.lru_cache(maxsize=None)
def release(version):
    releases = state()[0]
    return releases[version] if version in releases else Release(source.open_release(version))


@functools.lru_cache(maxsize=None)
def runner(version):
    return SITE.bind(release(version))


def cases():
    found = [c for c in state()[2]["cases"] if c["suite"] == "static_sink"]
    assert found
    return found


def variant(case, name):
    return next(v for v in case["variants"] if v["name"] == name)


@pytest.mark.parametrize("version", VERSIONS)
def test_every_variant_is_vllms_build_bitwise(version):
    dump_dir = state()[1]
    assert SITE.clamp_lines(release(version))[1] == [("clamp_", 86, 88), ("clamp_", 89, 91)]
    for case in cases():
        for name in ("clamp_", "clamp", "fused"):
            outcome = check.run_site(release(version), SITE, dump_dir, case, runner(version),
                                     counterfactual=name != "clamp_")
            diffs = dump.differences(dump_dir, variant(case, name), outcome.outputs, outcome.inputs_after)
            assert not diffs, f"{case['case_id']} [{name}] vs vllm {version}:\n  " + "\n  ".join(diffs)
            groups = case["params"]["G"]
            assert [(e[0], e[4][1]) for e in outcome.allocations] == [("add", 87), ("eq", 90)] * groups


def test_the_in_place_build_raises_the_shared_seq_lens_once_per_group():
    """vLLM's in-place run leaves seq_lens + G x sink_len on the live rows, 0 on the padded ones;
    the counterfactual wiring leaves it as it was."""
    dump_dir = state()[1]
    for case in cases():
        p = case["params"]
        in_place = check.run_site(release(source.NEWEST_CHECKED), SITE, dump_dir, case, runner(source.NEWEST_CHECKED))
        before = in_place.inputs_before["seq_lens"]
        raised = torch.where(before > 0, before + p["G"] * p["sink"] * p["bs"], before)
        assert torch.equal(in_place.inputs_after["seq_lens"], raised), case["case_id"]
        apart = check.run_site(release(source.NEWEST_CHECKED), SITE, dump_dir, case, runner(source.NEWEST_CHECKED),
                               counterfactual=True)
        assert torch.equal(apart.inputs_after["seq_lens"], before), case["case_id"]


def port_consequences():
    results = state()[3]
    if results is None:
        pytest.skip("CLAMPBENCH_DUMP given: no results file with the readers' figures")
    doc = json.loads(results.read_text())
    return {c["case_id"]: {v["name"]: v["checks"]["consequences"] for v in c["variants"]}
            for c in doc["cases"] if c["suite"] == "static_sink"}


@pytest.mark.parametrize("version", VERSIONS)
def test_the_sampler_reads_what_the_port_reports(version):
    dump_dir, port = state()[1], port_consequences()
    read = sampler(release(version))
    misclassified_somewhere = False
    for case in cases():
        p = case["params"]
        inputs = dump.load_inputs(dump_dir, case)
        args = (inputs["prefill_len"], inputs["idx_mapping"], inputs["cu_num_logits"])
        reference = read(dump.load_tensor(dump_dir, _after(variant(case, "clamp"), "seq_lens")), *args)
        live = inputs["idx_mapping"].shape[0]
        seq, pre = inputs["seq_lens"][:live], inputs["prefill_len"][inputs["idx_mapping"].long()]
        rule = (seq < pre) & (pre <= seq + p["G"] * p["sink"] * p["bs"])
        for name in ("clamp", "clamp_", "fused"):
            got = read(dump.load_tensor(dump_dir, _after(variant(case, name), "seq_lens")), *args)
            expected = []  # the port's mismatch entries, as its results file writes them
            for output, ref, value in zip(("num_sampled", "num_rejected"), reference, got):
                differ = (ref != value).nonzero().flatten()
                if differ.numel():
                    first = int(differ[0])
                    expected.append({"count": differ.numel(), "first_index": [first], "output": f"sampler/{output}",
                                     "reference": int(ref[first]), "source": "reader", "value": int(value[first])})
            [entry] = port[case["case_id"]][name]
            assert entry["reader"] == "sampler" and entry["error"] is None
            assert (entry["equal"], entry["mismatches"]) == (not expected, expected), (case["case_id"], name)
            if name == "clamp_":
                assert torch.equal(reference[0] != got[0], rule), case["case_id"]
                misclassified_somewhere |= bool(rule.any())
    assert misclassified_somewhere, "no quick case puts a chunk within G sinks of its prompt's end"


def _after(variant_entry, name):
    return next(e for e in variant_entry["inputs_after"] if e["name"] == name)
