# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""pytorch_alloc.py without a GPU: the delta arithmetic, the merge into a results JSON and
the per-builder findings, with a fake memory_stats(); and its exit code 2 without CUDA."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

import pytorch_alloc as pa
from conftest import torch_skip_reason

HERE = Path(__file__).resolve().parent


class FakeAllocator:
    """memory_stats() of a caching allocator that counts what `alloc` hands out."""

    def __init__(self, has_requested=True):
        self.s = {k: 0 for k in pa.STAT_FIELDS}
        if not has_requested:
            del self.s["requested_bytes.all.allocated"]
        self.s["allocated_bytes.all.current"] = 0
        self.s["allocated_bytes.all.peak"] = 0

    def alloc(self, nbytes, new_segment=False):
        self.s["allocation.all.allocated"] += 1
        self.s["allocated_bytes.all.allocated"] += (nbytes + 511) // 512 * 512
        if "requested_bytes.all.allocated" in self.s:
            self.s["requested_bytes.all.allocated"] += nbytes
        if new_segment:
            self.s["segment.all.allocated"] += 1
            self.s["reserved_bytes.all.allocated"] += 2 << 20
        self.s["allocated_bytes.all.current"] += nbytes
        self.s["allocated_bytes.all.peak"] = max(self.s["allocated_bytes.all.peak"],
                                                 self.s["allocated_bytes.all.current"])

    def free(self, nbytes):
        self.s["allocation.all.freed"] += 1
        self.s["allocated_bytes.all.current"] -= nbytes

    def stats(self):
        return dict(self.s)

    def reset_peak(self):
        self.s["allocated_bytes.all.peak"] = self.s["allocated_bytes.all.current"]


def test_measure_counts_the_call_only_after_the_warmup():
    fake = FakeAllocator()
    calls = []

    def make_inputs():
        fake.alloc(4096)  # the clone of the inputs: made before the snapshot, not counted
        return "inputs"

    def call(inputs):
        first = not calls
        calls.append(inputs)
        fake.alloc(100, new_segment=first)  # the warm-up grows the pool, the measured call not
        fake.alloc(1000)
        fake.free(100)
        return "out"

    d = pa.measure(call, make_inputs, fake.stats, fake.reset_peak)
    assert len(calls) == 2
    assert d == {"allocations": 2, "frees": 1, "bytes_allocated": 512 + 1024, "bytes_requested": 1100,
                 "segments_created": 0, "segments_released": 0, "bytes_reserved_created": 0,
                 "peak_bytes": 1100}


def test_missing_stat_keys_are_null():
    fake = FakeAllocator(has_requested=False)
    d = pa.measure(lambda _: fake.alloc(8), lambda: None, fake.stats, warmup=0)
    assert d["allocations"] == 1 and d["bytes_requested"] is None


def results_doc():
    def variant(name, ledger):
        return {"name": name, "allocations": {
            "ledger": None if ledger is None else {"total": {"allocations": ledger}},
            "cupti": {"available": False, "reason": "no CUDA device"}, "pytorch": None}}
    return {"schema_version": 1, "cases": [
        {"suite": "mamba_fallback", "case_id": "mamba_fallback/R=8", "variants": [
            variant("clamp", 5), variant("clamp_", 4)]},
        {"suite": "sparse_mla_slot_mapping", "case_id": "sparse_mla_slot_mapping/R=2", "variants": [
            variant("clamp", 19), variant("clamp_", None)]},
        {"suite": "mla_chunked_context", "case_id": "mla_chunked_context/P=4", "variants": [
            variant("clamp", 18)]},
    ]}


def test_merge_fills_the_pytorch_source_and_reports_count_differences():
    results = results_doc()
    original = copy.deepcopy(results)
    m = {"available": True, "device": "cuda", "allocations": 5, "frees": 4}
    measurements = {
        ("mamba_fallback/R=8", "clamp"): m,
        ("mamba_fallback/R=8", "clamp_"): {**m, "allocations": 5},
        ("sparse_mla_slot_mapping/R=2", "clamp"): {**m, "allocations": 30},
        ("sparse_mla_slot_mapping/R=2", "clamp_"): {**m, "allocations": 29},
        ("mla_chunked_context/P=4", "clamp"): {"available": False, "reason": "host builder"},
    }
    merged, findings = pa.merge(results, measurements)
    assert results == original, "merge must not touch its input"
    v = {(c["case_id"], x["name"]): x["allocations"]["pytorch"] for c in merged["cases"] for x in c["variants"]}
    assert v[("mamba_fallback/R=8", "clamp")]["agrees_with_ledger"] is True
    assert v[("mamba_fallback/R=8", "clamp_")]["ledger_allocations"] == 4
    assert v[("mamba_fallback/R=8", "clamp_")]["agrees_with_ledger"] is False
    assert v[("sparse_mla_slot_mapping/R=2", "clamp_")]["agrees_with_ledger"] is None  # call failed
    assert v[("mla_chunked_context/P=4", "clamp")] == {"available": False, "reason": "host builder"}
    assert [(f["suite"], f["variant"], f["ledger"], f["pytorch"]) for f in findings] == [
        ("mamba_fallback", "clamp_", 4, 5), ("sparse_mla_slot_mapping", "clamp", 19, 30)]
    assert pa.findings_by_suite(findings) == {"mamba_fallback": {"clamp_": [(4, 5)]},
                                              "sparse_mla_slot_mapping": {"clamp": [(19, 30)]}}
    json.dumps(merged)  # still a JSON document


def test_without_cuda_torch_it_says_so_and_exits_2(tmp_path):
    if torch_skip_reason() is None:
        import torch
        if torch.cuda.is_available():
            pytest.skip("CUDA torch present: the exit-2 path is not reachable here")
    results = tmp_path / "r.json"
    results.write_text(json.dumps(results_doc()))
    proc = subprocess.run([sys.executable, str(HERE / "pytorch_alloc.py"), "--results", str(results)],
                          capture_output=True, text=True)
    assert proc.returncode == 2, proc.stderr
    assert "nothing written" in proc.stderr or "torch not importable" in proc.stderr
    assert not (tmp_path / "r.pytorch.json").exists()
