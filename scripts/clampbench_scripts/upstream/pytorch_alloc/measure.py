# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""PyTorch's caching-allocator figures for vLLM's own code at every site and variant: the
torch.cuda.memory_stats() deltas over exactly vLLM's call (the `counted` window of a site's
runner, allocator.py), on cuda copies of the dumped inputs, merged into a results JSON beside the
ledger (merge.py)."""
import contextlib

from .. import dump
from ..sites.registry import SITES
from ..vllm_code.adapt import TritonUnavailable
from .allocator import Allocator, measure

METHOD = ("vLLM's own code (vllm 0.25.0 for clamp and fused, 0.27.0 for clamp_) on cuda copies "
          "of the dumped inputs; one warm-up call, then torch.cuda.memory_stats() deltas over "
          "vLLM's call alone (synchronize, reset the peak, snapshot; call; synchronize, snapshot): "
          "input copies and stand-ins are made outside the window")
# vLLM builds these on host tensors: mla_attention.py's context_lens_cpu (0.27.0 :2079),
# rocm_aiter_fa.py's computed_kv_lens from seq_lens.cpu() (0.27.0 :501-534).
HOST_SITES = {"mla_chunked_context", "rocm_aiter_fa_chunks"}
HOST_REASON = "host builder: vLLM runs it on CPU tensors, which torch.cuda.memory_stats does not see"


def unavailable(reason):
    return {"available": False, "reason": reason}


def measure_all(dump_dir, manifest, releases, allocator: Allocator, meta: dict) -> dict:
    """(case_id, variant) -> the variant's `allocations.pytorch` record, for every variant of
    every case; releases {version: Release}; meta: the fields every measured record carries."""
    runners, out = {}, {}
    for case in manifest["cases"]:
        for variant in case["variants"]:
            out[(case["case_id"], variant["name"])] = _measure_variant(
                dump_dir, case, variant["name"], releases, allocator, meta, runners)
    return out


def _runner(runners, release, site):
    """The site's runner on `release`, or why there is none (bound once per release)."""
    key = (release.version, site.suite)
    if key not in runners:
        try:
            runners[key] = site.bind(release)
        except TritonUnavailable as exc:
            runners[key] = f"vLLM's code here launches a Triton kernel, and Triton cannot run it: {exc}"
    return runners[key]


@contextlib.contextmanager
def _adaptations(release, into: list):
    """Collects into `into` the adaptations used inside (the release's set keeps them all)."""
    saved = set(release.adaptations_used)
    release.adaptations_used.clear()
    try:
        yield
    finally:
        into.extend(sorted(release.adaptations_used))
        release.adaptations_used.update(saved)


def _measure_variant(dump_dir, case, variant, releases, allocator, meta, runners):
    if case["suite"] in HOST_SITES:
        return unavailable(HOST_REASON)
    if case["suite"] not in SITES:
        return unavailable(f"the upstream check has no site for suite {case['suite']}")
    # fused is held to 0.25.0's results, but vLLM has no fused form whose allocations to measure;
    # a counterfactual (a clamp in no release) has no vLLM code either.
    site = SITES[case["suite"]]
    version = None if variant == "fused" else site.release_of(variant)
    if version is None:
        return unavailable(f"{variant} is clampbench's own variant: no vLLM release has it")
    release = releases[version]
    runner = _runner(runners, release, site)
    if isinstance(runner, str):
        return unavailable(runner)
    adaptations = []
    try:
        with _adaptations(release, adaptations):
            deltas = measure(lambda inputs, counted: runner(case["params"], inputs, counted),
                             lambda: dump.load_inputs(dump_dir, case, site.views, allocator.device),
                             allocator)
    except Exception as exc:  # vLLM's code or a compiled kernel failing on this machine
        return unavailable(f"vllm {version} raised {type(exc).__name__}: {exc}")
    return {"available": True, **meta, "vllm_version": version, **deltas, "adaptations": adaptations}
