# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""pytorch_alloc.py without a GPU: the window and delta arithmetic with a fake
memory_stats(), the merge into a results JSON and the per-builder findings, exit code 2
without CUDA; and, on the CPU, that its `counted` window brackets the code the upstream
check counts, for vLLM's code at every site."""
import copy
import json
import subprocess

import pytest

pytest.importorskip("torch")
from clampbench_testing import script_command  # noqa: E402
from upstream_testing import upstream_state  # noqa: E402
from clampbench_scripts.upstream.pytorch_alloc import allocator as gal  # noqa: E402
from clampbench_scripts.upstream.pytorch_alloc import measure as ga  # noqa: E402
from clampbench_scripts.upstream.pytorch_alloc import merge as gam  # noqa: E402
from clampbench_scripts.upstream.sites import check  # noqa: E402
from clampbench_scripts.upstream.sites.registry import SITES  # noqa: E402
from clampbench_scripts.upstream.vllm_code.adapt import AllocationCounter  # noqa: E402
from clampbench_scripts.upstream.vllm_code.release import Release  # noqa: E402


class FakeAllocator:
    """memory_stats() of a caching allocator that counts what `alloc` hands out."""

    def __init__(self, has_requested=True):
        self.s = {k: 0 for k in gal.STAT_FIELDS}
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

    def reset_peak(self):
        self.s["allocated_bytes.all.peak"] = self.s["allocated_bytes.all.current"]

    def allocator(self):
        return gal.Allocator("fake", lambda: dict(self.s), self.reset_peak)


def test_measure_counts_vllms_call_only_after_the_warmup():
    fake = FakeAllocator()
    calls = []

    def make_inputs():
        fake.alloc(4096)  # the copies of the inputs: before the window, not counted
        return "inputs"

    def runner(inputs, counted):
        first = not calls
        calls.append(inputs)
        fake.alloc(64)  # the runner's stand-ins: outside the window, not counted
        with counted():
            fake.alloc(100, new_segment=first)  # the warm-up grows the pool, the measured call not
            fake.alloc(1000)
            fake.free(100)
        fake.alloc(8)  # after vLLM's call: not counted
        return "out"

    d = gal.measure(runner, make_inputs, fake.allocator())
    assert len(calls) == 2
    assert d == {"allocations": 2, "frees": 1, "bytes_allocated": 512 + 1024, "bytes_requested": 1100,
                 "segments_created": 0, "segments_released": 0, "bytes_reserved_created": 0,
                 "peak_bytes": 1100}


def test_missing_stat_keys_are_null():
    fake = FakeAllocator(has_requested=False)

    def runner(_, counted):
        with counted():
            fake.alloc(8)
    d = gal.measure(runner, lambda: None, fake.allocator(), warmup=0)
    assert d["allocations"] == 1 and d["bytes_requested"] is None


def test_a_runner_opens_the_window_exactly_once():
    fake = FakeAllocator()

    def twice(_, counted):
        for _ in range(2):
            with counted():
                fake.alloc(8)
    with pytest.raises(RuntimeError, match="twice"):
        gal.measure(twice, lambda: None, fake.allocator(), warmup=0)
    with pytest.raises(RuntimeError, match="never"):
        gal.measure(lambda _, counted: None, lambda: None, fake.allocator(), warmup=0)


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
    merged, findings = gam.merge(results, measurements)
    assert results == original, "merge must not touch its input"
    v = {(c["case_id"], x["name"]): x["allocations"]["pytorch"] for c in merged["cases"] for x in c["variants"]}
    assert v[("mamba_fallback/R=8", "clamp")]["agrees_with_ledger"] is True
    assert v[("mamba_fallback/R=8", "clamp_")]["ledger_allocations"] == 4
    assert v[("mamba_fallback/R=8", "clamp_")]["agrees_with_ledger"] is False
    assert v[("sparse_mla_slot_mapping/R=2", "clamp_")]["agrees_with_ledger"] is None  # no ledger
    assert v[("mla_chunked_context/P=4", "clamp")] == {"available": False, "reason": "host builder"}
    assert [(f["suite"], f["variant"], f["ledger"], f["pytorch"]) for f in findings] == [
        ("mamba_fallback", "clamp_", 4, 5), ("sparse_mla_slot_mapping", "clamp", 19, 30)]
    assert gam.findings_by_suite(findings) == {"mamba_fallback": {"clamp_": [(4, 5)]},
                                               "sparse_mla_slot_mapping": {"clamp": [(19, 30)]}}
    json.dumps(merged)  # still a JSON document


def test_without_cuda_torch_it_says_so_and_exits_2(tmp_path):
    try:
        import torch
        if torch.cuda.is_available():
            pytest.skip("CUDA torch present: the exit-2 path is not reachable here")
    except ImportError:
        pass
    results = tmp_path / "r.json"
    results.write_text(json.dumps(results_doc()))
    proc = subprocess.run([*script_command("pytorch_alloc.py"), "--results",
                           str(results), "--out", str(tmp_path / "out.json")],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "nothing written" in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def fresh_releases(**kwargs):
    """Releases of their own (pytorch_alloc/measure.py moves their adaptation sets about) on the cached wheels."""
    state, reason = upstream_state()
    if state is None:
        pytest.skip(reason)
    return state, {v: Release(r.source, **kwargs) for v, r in state[0].items()}


def counter_allocator(counter):
    """memory_stats() on the CPU: the tensors the AllocationCounter saw."""
    def stats():
        s = {k: 0 for k in gal.STAT_FIELDS}
        s["allocation.all.allocated"] = len(counter.events)
        s["allocated_bytes.all.allocated"] = sum(e[3] for e in counter.events)
        return s
    return gal.Allocator("cpu", stats)


def test_the_window_is_what_the_upstream_check_counts():
    """On the CPU, with the upstream check's own counter as memory_stats(): every variant of
    every quick case is measured as the check counts it (the runner's `counted`), from the
    release the variant is held to; host sites, suites without a site, clamp_naive and fused
    (vLLM has no fused form to measure) are recorded unavailable, and so is a call that fails (with the error)."""
    state, releases = fresh_releases()
    dump_dir, manifest = state[1], state[2]
    counter = AllocationCounter()
    for release in releases.values():
        release._holder["counter"] = counter  # the check's pauses (adaptations, Triton launches)
    with counter:
        measured = ga.measure_all(dump_dir, manifest, releases, counter_allocator(counter), {"device": "cpu"})
    for case in manifest["cases"]:
        for variant in case["variants"]:
            m = measured[(case["case_id"], variant["name"])]
            site = SITES.get(case["suite"])
            version = None if variant["name"] == "fused" or site is None else site.release_of(variant["name"])
            if case["suite"] in ga.HOST_SITES or site is None or version is None:
                assert not m["available"], m
                continue
            try:
                counted = check.run_site(state[0][version], SITES[case["suite"]], dump_dir, case,
                                         every_allocation=True).allocations  # the CPU stand-in sees all
            except Exception as exc:  # the site and this dump disagree (test_upstream.py says how)
                assert not m["available"] and type(exc).__name__ in m["reason"], m
                continue
            assert m["available"] and m["vllm_version"] == version, m
            assert m["allocations"] == len(counted), (case["case_id"], variant["name"])
            assert m["bytes_allocated"] == sum(e[3] for e in counted)


def test_a_triton_site_without_usable_triton_is_recorded_unavailable():
    """Compiled Triton was asked for (as on a GPU) where TRITON_INTERPRET=1 is set (the
    check's interpreter): step3p5's kernel cannot run, and the record says why."""
    state, releases = fresh_releases(triton_interpret=False)
    manifest = {"cases": [c for c in state[2]["cases"] if c["suite"] == "step3p5_slot_mapping"][:1]}
    assert manifest["cases"]
    fake = FakeAllocator()
    measured = ga.measure_all(state[1], manifest, releases, fake.allocator(), {})
    assert measured
    for (_, variant), m in measured.items():
        assert not m["available"]
        if variant != "fused":  # no release to run (test above)
            assert "Triton" in m["reason"] and "TRITON_INTERPRET=1" in m["reason"], m
