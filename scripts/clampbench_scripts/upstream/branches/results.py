# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""One side of `upstream.py compare` as a clampbench results document (results/SCHEMA.md):
each site a suite, each dumped case a case, the side's code one variant row named `vllm` on
both sides, so that compare.py pairs base and head row by row. Nothing is expected of a side
but to do what the base does: any finding (an output unlike the base's, a persistent input
changed, a latent write) is unexpected, in the base's own file too."""
import os
import platform
import time

import torch

VARIANT = "vllm"
COUNTER_FIGURES = ("frees", "bytes_reserved", "peak_bytes", "segments_created", "segments_released",
                   "segment_bytes_created")


def ledger(allocations):
    """The ledger figures from AllocationCounter events: tensors allocated and their bytes.
    What the dispatcher does not see (frees, the peak, the allocator's segments) is 0."""
    counters = dict({f: 0 for f in COUNTER_FIGURES}, allocations=len(allocations),
                    bytes_requested=sum(e[3] for e in allocations))
    return {"host": counters, "total": dict(counters)}


def latent_block(call):
    findings = [{"buffer": w.buffer, "op": w.op, "view": w.view, "calls": w.calls,
                 "elements_written": w.elements_written, "elements_changed": w.elements_changed,
                 "expected": False, "reason": f"written at {w.where}" if w.where else None}
                for w in call.writes.values()]
    return {"findings": findings, "vanished": [], "as_expected": not findings}


def findings_block(checks):
    found = [{"kind": "output", "name": m["output"], "count": m["count"]} for m in checks["outputs"]["mismatches"]]
    found += [{"kind": "mutation", "name": m["buffer"], "count": m["changed"]} for m in checks["mutations"]]
    unexpected = [dict(f, expected_count=None) for f in found]
    return {"set": found, "listed": True, "unexpected": unexpected, "vanished": [], "as_expected": not found}


def variant(call, checks, verdict, timing, saved):
    """The `vllm` row of one case; `saved` the base's allocations and bytes less this side's
    (None in the base's own file, which has no reference)."""
    return {"name": VARIANT, "verdict": verdict, "expected_verdict": "same", "expected": verdict == "same",
            "expectation_reason": "a side of upstream.py compare is expected to do what the base does",
            "error": None,
            "allocations": {"ledger": ledger(call.allocations),
                            "cupti": {"available": False, "reason": "vLLM's code run under PyTorch on the CPU"},
                            "pytorch": None},
            "saved_vs_reference": saved, "timing": timing, "instructions": None, "checks": checks,
            "host_cost": call.host_cost,
            "latent_writes": latent_block(call), "findings": findings_block(checks)}


def summary(cases):
    by_suite = {}
    for case in cases:
        by_suite.setdefault(case["suite"], []).append(case["variants"][0])
    out = []
    for suite, rows in by_suite.items():
        verdicts = {}
        for r in rows:
            verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
        saved = [r["saved_vs_reference"] for r in rows if r["saved_vs_reference"] is not None]
        span = (lambda key: {"min": min(s[key] for s in saved), "max": max(s[key] for s in saved)} if saved else None)
        out.append({"suite": suite, "cases": len(rows), "variants": {VARIANT: {
            "verdicts": verdicts, "unexpected": sum(not (r["expected"] and r["findings"]["as_expected"]
                                                          and r["latent_writes"]["as_expected"]) for r in rows),
            "allocations_saved_per_call": span("allocations"), "bytes_saved_per_call": span("bytes_requested"),
            "share_of_floor_gap": None, "latent_writes": sum(bool(r["latent_writes"]["findings"]) for r in rows)}}})
    return out


def outcome(cases):
    unexpected, latent, found = [], [], []
    for case in cases:
        row = case["variants"][0]
        if not row["expected"]:
            unexpected.append({"case_id": case["case_id"], "variant": VARIANT, "verdict": row["verdict"],
                               "expected": "same"})
        latent += [{"case_id": case["case_id"], "variant": VARIANT, "buffer": f["buffer"], "vanished": False}
                   for f in row["latent_writes"]["findings"]]
        found += [dict(f, case_id=case["case_id"], variant=VARIANT, vanished=False)
                  for f in row["findings"]["unexpected"]]
    bad = bool(unexpected or latent or found)
    return {"status": "unexpected" if bad else "as_expected", "exit_code": 1 if bad else 0,
            "unexpected": unexpected, "unexpected_latent_writes": latent, "unexpected_findings": found,
            "internal_errors": []}


def environment(release, side, other, command_line, timing_config, load, stamp):
    """The run's environment: the host, and which vLLM tree this side is (`vllm`; also as
    git_branch, and git_commit for a checkout), so that the dashboard and compare.py name it."""
    return {"git_commit": getattr(release.source, "git_commit", None), "git_branch": release.label,
            "git_dirty": None, "build_type": f"vLLM's code under PyTorch {torch.__version__} (CPU)",
            "compiler": f"Python {platform.python_version()}", "cuda_compiled": False,
            "cuda_runtime_version": None, "cuda_driver_version": None, "device_name": "host", "sm_count": None,
            "host_name": platform.node() or "unknown", "backend": "host", "allocator": "raw",
            "host_allocator": "pageable", "size_set": "quick", "seed": 1,
            "repetitions": timing_config.min_samples if timing_config else 1, "timing": timing_config is not None,
            "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stamp)), "command_line": list(command_line),
            "machine_load": load, "plant": None,
            "vllm": {"side": side, "tree": release.label, "version": release.version, "compared_with": other.label,
                     "adaptations": sorted(release.adaptations_used)},
            **({"timing_config": timing_config.as_json()} if timing_config else {})}


def machine_load():
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def load_block(start, end):
    if start is None or end is None:
        return None
    return {"cpus": os.cpu_count() or 1, "load_1m_start": start, "load_1m_end": end}


def document(env, cases):
    return {"schema_version": 1, "tool": "clampbench", "environment": env, "cases": cases,
            "summary": summary(cases), "outcome": outcome(cases)}
