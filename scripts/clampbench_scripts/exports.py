# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Exports of one run for other tools.

gbench: Google Benchmark JSON as `--benchmark_repetitions=N --benchmark_format=json` writes
it (one "iteration" entry per repetition, then mean/median/stddev/cv aggregates), named
"<case_id>/<variant>" = "suite/params/variant", so Google Benchmark's tools/compare.py can
compare two exports (including its U test). real_time is the primary time (device time on
cuda, wall on host), cpu_time the process CPU time. Ledger figures are user counters.
Variants without timing are left out (gbench entries must carry times).

bmf: Bencher Metric Format, {"<name>": {"latency": {"value", "lower_value", "upper_value"},
"allocations": {"value"}, "bytes": {"value"}, "peak_bytes": {"value"}}}; latency is the
median with p10/p90 bounds in ns.
"""
import json
import os
import statistics

from clampbench_scripts.results import LEDGER_FIGURES


def benchmark_name(row):
    return f"{row['case_id']}/{row['variant']}"


def _gbench_context(env):
    return {
        "date": env.get("time"), "host_name": env.get("host_name"),
        "executable": " ".join(env.get("command_line") or ["clampbench"]),
        "num_cpus": os.cpu_count() or 1, "mhz_per_cpu": 0, "cpu_scaling_enabled": False,
        "caches": [], "load_avg": [], "library_build_type": str(env.get("build_type", "")).lower(),
        "clampbench": {k: env.get(k) for k in ("git_commit", "device_name", "backend",
                                                 "allocator", "size_set")},
    }


def _aggregates(real, cpu):
    def cv(xs):
        m = statistics.fmean(xs)
        return statistics.stdev(xs) / m if len(xs) > 1 and m else 0.0

    def sd(xs):
        return statistics.stdev(xs) if len(xs) > 1 else 0.0

    return (("mean", "time", statistics.fmean(real), statistics.fmean(cpu)),
            ("median", "time", statistics.median(real), statistics.median(cpu)),
            ("stddev", "time", sd(real), sd(cpu)),
            ("cv", "percentage", cv(real), cv(cpu)))


def to_gbench(env, rows):
    benchmarks = []
    family = 0
    for row in rows.values():
        real = [float(x) for x in (row["time"] or {}).get("samples") or []]
        if not real:
            continue
        cpu = [float(x) for x in (row["cpu_time"] or {}).get("samples") or []]
        if len(cpu) != len(real):
            cpu = real
        name = benchmark_name(row)
        common = {"family_index": family, "per_family_instance_index": 0, "run_name": name,
                  "repetitions": len(real), "threads": 1,
                  "iterations": row["iterations"] or 1, "time_unit": "ns"}
        counters = {f: (row["ledger"] or {}).get(f) for f in LEDGER_FIGURES}
        counters = {k: v for k, v in counters.items() if v is not None}
        for i, (r, c) in enumerate(zip(real, cpu)):
            benchmarks.append(dict(common, name=name, run_type="iteration", repetition_index=i,
                                   real_time=r, cpu_time=c, **counters))
        for agg, unit, r, c in _aggregates(real, cpu):
            benchmarks.append(dict(common, name=f"{name}_{agg}", run_type="aggregate",
                                   aggregate_name=agg, aggregate_unit=unit,
                                   real_time=r, cpu_time=c, **counters))
        family += 1
    return {"context": _gbench_context(env), "benchmarks": benchmarks}


def to_bmf(env, rows):
    out = {}
    for row in rows.values():
        measures = {}
        t = row["time"]
        if t and t.get("median") is not None:
            measures["latency"] = {"value": t["median"], "lower_value": t.get("p10", t["median"]),
                                   "upper_value": t.get("p90", t["median"])}
        if row["ledger"]:
            for measure, figure in (("allocations", "allocations"), ("bytes", "bytes_requested"),
                                    ("peak_bytes", "peak_bytes")):
                if row["ledger"].get(figure) is not None:
                    measures[measure] = {"value": row["ledger"][figure]}
        if measures:
            out[benchmark_name(row)] = measures
    return out


EXPORTERS = {"gbench": to_gbench, "bmf": to_bmf}


def render_export(fmt, env, rows):
    return json.dumps(EXPORTERS[fmt](env, rows), indent=2) + "\n"
