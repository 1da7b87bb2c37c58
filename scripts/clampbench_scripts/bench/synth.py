# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Synthetic history: N nightly results files (schema v1) of SUITES x CASES x 3 variants,
with noisy times, one allocation step, one persistent time step and one time blip; for
bench_report.py and the tests. Deterministic for a given seed."""
import datetime
import json
import os

import numpy as np

from clampbench_scripts.common.output import write_text

# Seven made-up suites, the size of the nightly set when it had seven: names of no real suite,
# so that no list of real suites here has to follow the registry.
SUITES = tuple(f"synthetic_{letter}" for letter in "abcdefg")
VARIANTS = ("clamp", "clamp_", "clamp_naive")


def _stats(samples):
    s = np.asarray(samples)
    return {"median": float(np.median(s)), "p10": float(np.percentile(s, 10)),
            "p90": float(np.percentile(s, 90)), "mean": float(s.mean()),
            "stdev": float(s.std(ddof=1)), "samples": [round(float(x), 1) for x in s]}


def _ledger(n, nbytes):
    d = {"allocations": n, "frees": n, "bytes_requested": nbytes, "bytes_reserved": 2 * nbytes,
         "peak_bytes": nbytes // 2, "segments_created": 0, "segments_released": 0,
         "segment_bytes_created": 0}
    return {"host": d, "total": dict(d)}


def run_document(day, cases_per_suite, reps, rng, events):
    when = datetime.datetime(2026, 1, 1, 2, 0) + datetime.timedelta(days=day)
    cases = []
    for s, suite in enumerate(SUITES):
        for c in range(cases_per_suite):
            variants = []
            for v, name in enumerate(VARIANTS):
                n = 12 - 2 * v + s
                if (s, c, v) == events["alloc"][0] and day >= events["alloc"][1]:
                    n += 1
                t = 10000.0 * (1 + s) * (1 + 0.3 * c) * (1 - 0.05 * v)
                if (s, c, v) == events["time"][0] and day >= events["time"][1]:
                    t *= 1.3
                if (s, c, v) == events["blip"][0] and day == events["blip"][1]:
                    t *= 2.0
                wall = t * (1 + rng.normal(0, 0.02, reps))
                ref = 12 + s
                variants.append({
                    "name": name, "verdict": "same", "expected_verdict": "same", "expected": True,
                    "expectation_reason": None, "error": None,
                    "allocations": {"ledger": _ledger(n, 64 * n * (c + 1)),
                                    "cupti": {"available": False, "reason": "no CUDA device"},
                                    "pytorch": None},
                    "saved_vs_reference": {"allocations": ref - n, "bytes_requested": 64 * (ref - n) * (c + 1)},
                    "timing": {"unit": "ns", "repetitions": reps, "iterations": 1000, "primary": "wall",
                               "device": None, "wall": _stats(wall), "cpu": _stats(wall * 0.97)},
                    "checks": {"outputs": {"equal": True, "mismatches": []}, "mutations": [],
                               "writes": [], "consequences": []}})
            params = {"R": 8, "B": 256 * (c + 1)}
            cases.append({"suite": suite, "case_id": f"{suite}/R=8,B={256 * (c + 1)}",
                          "device": "host", "params": params, "variants": variants})
    commit = f"{day:07x}" + "0" * 33
    env = {"git_commit": commit, "git_branch": "main", "git_dirty": False, "build_type": "Release",
           "compiler": "GNU 12.2.0", "cuda_compiled": False, "cuda_runtime_version": None,
           "cuda_driver_version": None, "device_name": "host", "sm_count": None, "host_name": "nightly",
           "backend": "host", "allocator": "caching", "host_allocator": "pageable", "size_set": "nightly",
           "seed": 1, "repetitions": reps, "timing": True, "time": when.strftime("%Y-%m-%dT%H:%M:%SZ"),
           "command_line": ["build/clampbench", "run", "--sizes", "nightly"]}
    return f"{when:%Y%m%dT%H%M%SZ}-{commit[:7]}.json", {
        "schema_version": 1, "tool": "clampbench", "environment": env, "cases": cases, "summary": [],
        "outcome": {"status": "as_expected", "exit_code": 0, "unexpected": [], "internal_errors": []}}


DEFAULT_EVENTS = {"alloc": ((0, 0, 1), 200), "time": ((1, 1, 0), 300), "blip": ((2, 0, 0), 150)}


def write_history(directory, runs=365, cases_per_suite=6, reps=10, seed=1, events=None):
    """Writes RUNS files into DIRECTORY; returns their paths."""
    os.makedirs(directory, exist_ok=True)
    rng = np.random.default_rng(seed)
    paths = []
    for day in range(runs):
        name, doc = run_document(day, cases_per_suite, reps, rng, events or DEFAULT_EVENTS)
        path = os.path.join(directory, name)
        write_text(json.dumps(doc), path)
        paths.append(path)
    return paths
