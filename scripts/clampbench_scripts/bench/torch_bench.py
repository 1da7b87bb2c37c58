# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""clampbench's eager runtime against PyTorch eager on the same inputs. One `clampbench run
--dump` fixes the inputs (the seed makes them); the torch side runs vLLM's own code through the
upstream runners (0.25.0 for clamp, 0.27.0 for clamp_) on those dumps, the C++ side is
`clampbench run --suite S` timing the same cases. Rounds alternate suite by suite (torch, then
clampbench) so that a change of machine load hits both sides; each side's figure per case is
the median over rounds of its per-call CPU-time median, with one torch thread, and the spread
of the per-round speedups says how far one round's mode could move it. The torch process pins
the C library's allocation thresholds as clampbench's host allocator does, so both sides serve
a few-MiB block from the heap (docs/performance.md: without it, two processes of one program
time one call in two modes)."""
import contextlib
import ctypes
import ctypes.util
import json
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import torch

from ..upstream import dump
from ..upstream.sites.registry import SITES
from ..upstream.vllm_code import adapt, source
from ..upstream.vllm_code.release import Release

# The variants timed against vLLM's code, each on the release its site holds it to
# (Site.release_of); a counterfactual (the compressor's clamp, in no release) is not timed.
TIMED = ("clamp", "clamp_")


# glibc's mallopt parameters and kernels/host_allocator.cpp's values.
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
MMAP_THRESHOLD, TRIM_THRESHOLD = 32 << 20, 64 << 20


def pin_c_library_policy():
    """The thresholds clampbench's host allocator pins, in this process; False where the C
    library is not glibc (nothing pinned, and the table says so)."""
    name = ctypes.util.find_library("c")
    libc = ctypes.CDLL(name) if name else None
    mallopt = getattr(libc, "mallopt", None)
    if mallopt is None or os.confstr("CS_GNU_LIBC_VERSION") is None:
        return False
    return mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1 and mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD) == 1


def load_sample():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


class Stopwatch:
    """The runners' `counted`: process CPU time inside vLLM's call only, not the stand-ins."""

    def __init__(self):
        self.ns = 0

    @contextlib.contextmanager
    def __call__(self):
        start = time.process_time_ns()
        try:
            yield
        finally:
            self.ns += time.process_time_ns() - start


def torch_call_ns(runner, dump_dir, case, views, calls):
    """Median process CPU time of one vLLM call, fresh inputs each call (copied untimed)."""
    base = dump.load_inputs(dump_dir, case, views)
    samples = []
    for _ in range(calls + 1):  # the first call warms up
        inputs = {k: v.clone() for k, v in base.items()}
        for name, of in (views or {}).items():
            inputs[name] = inputs[of][: base[name].shape[0]]
        watch = Stopwatch()
        runner(case["params"], inputs, watch)
        samples.append(watch.ns)
    return statistics.median(samples[1:])


def cpp_round(binary, suite, sizes, seed, repetitions, min_time):
    """{(case_id, variant): cpu median ns} from one timed clampbench run of one suite."""
    with tempfile.TemporaryDirectory() as work:
        out = Path(work) / "r.json"
        cmd = [str(binary), "run", "--suite", suite, "--sizes", sizes, "--backend", "host",
               "--variant", "clamp", "--variant", "clamp_", "--seed", str(seed),
               "--repetitions", str(repetitions), f"--benchmark_min_time={min_time}", "--out", str(out)]
        subprocess.run(cmd, check=False, capture_output=True, text=True)
        doc = json.loads(out.read_text())
    return {(c["case_id"], v["name"]): v["timing"]["cpu"]["median"]
            for c in doc["cases"] for v in c["variants"] if v.get("timing")}


def run(binary, sizes, rounds, calls, repetitions, min_time, seed=1, suites=None, log=print):
    torch.set_num_threads(1)
    pinned = pin_c_library_policy()
    adapt.load_triton()  # some sites launch Triton kernels (run by its interpreter on CPU)
    releases = {v: Release(source.open_release(v)) for v in (source.BEFORE_PR, source.AFTER_PR)}
    work = Path(tempfile.mkdtemp(prefix="clampbench-torch-"))
    dump_dir = work / "dump"
    subprocess.run([str(binary), "run", "--sizes", sizes, "--backend", "host", "--no-timing", "--seed", str(seed),
                    "--dump", str(dump_dir), "--out", str(work / "dump.json")], check=False, capture_output=True)
    manifest = dump.load_manifest(dump_dir)
    wanted = [s for s in SITES if (not suites or s in suites)]
    runners = {(s, v): SITES[s].bind(releases[SITES[s].release_of(v)]) for s in wanted for v in TIMED
               if SITES[s].release_of(v)}
    # Sites whose vLLM code is a Triton kernel: its torch-side time is Triton's CPU interpreter,
    # not PyTorch eager (reported, and left out of the eager comparison).
    interpreted = {s for s in wanted if SITES[s].uses_triton}
    samples = {}  # (suite, case_id, variant) -> {"torch": [...], "clampbench": [...]}
    loads = [load_sample()]
    start = time.time()
    for r in range(rounds):
        for suite in wanted:
            cases = [c for c in manifest["cases"] if c["suite"] == suite]
            for case in cases:
                for variant in (v for v in TIMED if (suite, v) in runners):
                    ns = torch_call_ns(runners[(suite, variant)], dump_dir, case, SITES[suite].views, calls)
                    samples.setdefault((suite, case["case_id"], variant), {"torch": [], "clampbench": []})["torch"].append(ns)
            for (case_id, variant), ns in cpp_round(binary, suite, sizes, seed, repetitions, min_time).items():
                key = (suite, case_id, variant)
                if key in samples:
                    samples[key]["clampbench"].append(ns)
            loads.append(load_sample())
            log(f"round {r + 1}/{rounds} {suite}: {len(cases)} cases, load {loads[-1]:.1f}")
    rows = []
    for (suite, case_id, variant), s in sorted(samples.items()):
        if not s["torch"] or not s["clampbench"]:
            continue
        t, c = statistics.median(s["torch"]), statistics.median(s["clampbench"])
        rounds_ = [tr / cr for tr, cr in zip(s["torch"], s["clampbench"]) if cr]  # round r's pair
        rows.append({"suite": suite, "case_id": case_id, "variant": variant, "torch_ns": t, "clampbench_ns": c,
                     "speedup": t / c if c else None, "round_speedups": rounds_,
                     "triton_interpreter": suite in interpreted})
    return {"sizes": sizes, "rounds": rounds, "torch_calls_per_round": calls, "cpp_repetitions": repetitions,
            "cpp_min_time_s": min_time, "torch_version": torch.__version__, "torch_threads": torch.get_num_threads(),
            "c_library_policy_pinned": pinned,
            "cpus": os.cpu_count(), "load_1m": {"min": min(loads), "max": max(loads),
                                                "median": statistics.median(loads)},
            "wall_s": round(time.time() - start, 1), "cases": rows, "suites": summarize(rows)}


def summarize(rows):
    """Per suite and variant: the worst and the geometric-mean speedup over its cases, and the
    lowest and highest speedup of any one round (the spread a round's mode could cause)."""
    out, interpreted = {}, {row["suite"] for row in rows if row["triton_interpreter"]}
    for row in rows:
        out.setdefault(row["suite"], {}).setdefault(row["variant"], []).append(row)
    summary = {}
    for s, by in out.items():
        summary[s] = {}
        for v, group in by.items():
            xs = [r["speedup"] for r in group]
            per_round = [x for r in group for x in r.get("round_speedups") or []] or xs
            summary[s][v] = {"cases": len(xs), "min": min(xs), "geomean": statistics.geometric_mean(xs),
                             "round_min": min(per_round), "round_max": max(per_round),
                             "triton_interpreter": s in interpreted}
    return summary
