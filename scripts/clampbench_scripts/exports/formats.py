# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Exports of one run for other tools.

gbench: Google Benchmark JSON, for Google Benchmark's own tools/compare.py. Two kinds of
benchmark family per (case, variant):
  time: named exactly as clampbench's native --benchmark_out names them,
      "<case_id>/<variant>/repeats:<N>" (host: CPU time is the family's time, as Google
      Benchmark's default), ".../manual_time" (cuda: CUDA-event time) or ".../real_time" (older
      host files, wall time), one "iteration" entry per sample, then the mean, median, stddev
      and cv aggregates ("<name>_median", ...). real_time is the wall (or event) time, cpu_time
      the thread's CPU time, both in ns. The ledger figures ride along as counters
      (compare.py does not compare counters).
  allocations: "<case_id>/<variant>/allocs", ".../allocated_bytes" and ".../peak_bytes", one
      "iteration" entry each whose real_time and cpu_time are the per-call allocation count,
      bytes requested and peak bytes. Their time_unit says "ns" only because Google Benchmark
      has no other kind of unit: the numbers are a count and bytes. compare.py reports their
      relative change like any time (its U test needs repetitions: these have one, as the
      counts are exact).
  instructions: "<case_id>/<variant>/instructions", one "iteration" entry whose real_time and
      cpu_time are the user-space instructions per call (results' variant.instructions), when
      the run counted them.
  host cost: ".../host_ops", ".../launches", ".../syncs", ".../h2d_copies", ".../d2h_copies"
      and ".../check_syncs", one "iteration" entry each whose real_time and cpu_time are the
      exact count per builder call (results' variant.host_cost), when the variant has a readable
      host_cost block; they also ride along as counters of the time family.
  A variant without timing gets the allocation, instruction and host cost families only. A
  figure the results file lacks (an older file, a failed call, a malformed block) gets no family.

Both are strict JSON: a figure that is NaN or infinite in the results (a time that could not
be measured) is written as null, never as a bare NaN or Infinity.

bmf: Bencher Metric Format, {"<case_id>/<variant>": {measure slug: {"value", ...}}} with the
measure slugs Bencher expects to be created with these units:
  latency          ns      the primary time's median, lower_value p10, upper_value p90
  allocations      count   allocations per call (ledger total)
  allocated-bytes  bytes   bytes requested per call
  peak-bytes       bytes   peak bytes in use during the call
  instructions     count   user-space instructions per call (Bencher's built-in measure)
  host-ops         count   ops the builder dispatches per call (variant.host_cost.ops)
  launches         count   kernels launched for those ops per call
  syncs            count   points the host waits for the device per call
  h2d-copies       count   host-to-device copies per call
  d2h-copies       count   device-to-host copies per call
  check-syncs      count   index-check readbacks of the runtime's CUDA backend per call
A measure the results file lacks is left out of its benchmark.
"""
import math
import os
import statistics

from clampbench_scripts.common import host_cost
from clampbench_scripts.common.output import json_text
from clampbench_scripts.common.results import LEDGER_FIGURES


# Google Benchmark's suffix for the time the family reports as real_time.
_TIME_SUFFIX = {"device": "/manual_time", "wall": "/real_time", "cpu": ""}
# (family suffix, ledger figure) of the allocation families; (slug, figure) of BMF measures.
GBENCH_LEDGER_FAMILIES = (("allocs", "allocations"), ("allocated_bytes", "bytes_requested"),
                          ("peak_bytes", "peak_bytes"))
BMF_LEDGER_MEASURES = (("allocations", "allocations"), ("allocated-bytes", "bytes_requested"),
                       ("peak-bytes", "peak_bytes"))
# (family suffix or counter, BMF slug, host_cost figure) of the host cost exports.
HOST_COST_EXPORTS = (("host_ops", "host-ops", "ops"), ("launches", "launches", "launches"),
                     ("syncs", "syncs", "syncs"), ("h2d_copies", "h2d-copies", "h2d_copies"),
                     ("d2h_copies", "d2h-copies", "d2h_copies"), ("check_syncs", "check-syncs", "check_syncs"))


def host_cost_counts(row):
    """[(gbench suffix, BMF slug, value or None)] of ROW's host cost figures."""
    return [(suffix, slug, host_cost.figure(row, name)) for suffix, slug, name in HOST_COST_EXPORTS]


def benchmark_name(row):
    return f"{row['case_id']}/{row['variant']}"


def native_time_name(row, repetitions):
    """The name clampbench's own timing pass gives this family in --benchmark_out."""
    suffix = _TIME_SUFFIX.get(row.get("time_primary"), "/real_time")
    return f"{benchmark_name(row)}/repeats:{repetitions}{suffix}"


def _gbench_context(env):
    return {
        "date": env.get("time"), "host_name": env.get("host_name"),
        "executable": " ".join(env.get("command_line") or ["clampbench"]),
        "num_cpus": os.cpu_count() or 1, "mhz_per_cpu": 0, "cpu_scaling_enabled": False,
        "caches": [], "load_avg": [], "library_build_type": str(env.get("build_type", "")).lower(),
        "clampbench": {k: env.get(k) for k in ("git_commit", "device_name", "backend",
                                                 "allocator", "size_set")},
    }


def _summary(xs):
    """{mean, median, stddev, cv} of samples XS; all None (null) when a sample is NaN or
    infinite: a spread over an unmeasured time means nothing."""
    if not all(map(math.isfinite, xs)):
        return dict.fromkeys(("mean", "median", "stddev", "cv"))
    m = statistics.fmean(xs)
    sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
    return {"mean": m, "median": statistics.median(xs), "stddev": sd, "cv": sd / m if len(xs) > 1 and m else 0.0}


def _aggregates(real, cpu):
    r, c = _summary(real), _summary(cpu)
    return tuple((name, "percentage" if name == "cv" else "time", r[name], c[name])
                 for name in ("mean", "median", "stddev", "cv"))


def _time_family(row, family):
    # real_time: the primary time, except that a CPU-time family reports its wall time there
    timed = row.get("wall_time") if row.get("time_primary") == "cpu" else row["time"]
    real = [float(x) for x in (timed or {}).get("samples") or []]
    if not real:
        return []
    cpu = [float(x) for x in (row["cpu_time"] or {}).get("samples") or []]
    if len(cpu) != len(real):
        cpu = real
    name = native_time_name(row, len(real))
    common = {"family_index": family, "per_family_instance_index": 0, "run_name": name,
              "repetitions": len(real), "threads": 1, "iterations": row["iterations"] or 1, "time_unit": "ns"}
    counters = {f: (row["ledger"] or {}).get(f) for f in LEDGER_FIGURES}
    counters.update({suffix: value for suffix, _, value in host_cost_counts(row)})
    counters = {k: v for k, v in counters.items() if v is not None}
    out = [dict(common, name=name, run_type="iteration", repetition_index=i, real_time=r, cpu_time=c, **counters)
           for i, (r, c) in enumerate(zip(real, cpu))]
    for agg, unit, r, c in _aggregates(real, cpu):
        out.append(dict(common, name=f"{name}_{agg}", run_type="aggregate", aggregate_name=agg,
                        aggregate_unit=unit, real_time=r, cpu_time=c, **counters))
    return out


def to_gbench(env, rows):
    benchmarks = []
    for row in rows.values():
        families = [_time_family(row, 0)]
        counts = [(suffix, (row["ledger"] or {}).get(figure)) for suffix, figure in GBENCH_LEDGER_FAMILIES]
        counts += [("instructions", row.get("instructions"))] + [(s, v) for s, _, v in host_cost_counts(row)]
        for suffix, value in counts:
            if value is not None:
                name = f"{benchmark_name(row)}/{suffix}"
                families.append([{"name": name, "run_name": name, "run_type": "iteration", "family_index": 0,
                                  "per_family_instance_index": 0, "repetitions": 1, "repetition_index": 0,
                                  "threads": 1, "iterations": 1, "real_time": value, "cpu_time": value,
                                  "time_unit": "ns"}])
        for entries in families:
            if entries:
                index = 1 + max((b["family_index"] for b in benchmarks), default=-1)
                benchmarks += [dict(b, family_index=index) for b in entries]
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
            for measure, figure in BMF_LEDGER_MEASURES:
                if row["ledger"].get(figure) is not None:
                    measures[measure] = {"value": row["ledger"][figure]}
        if row.get("instructions") is not None:
            measures["instructions"] = {"value": row["instructions"]}
        measures.update({slug: {"value": v} for _, slug, v in host_cost_counts(row) if v is not None})
        if measures:
            out[benchmark_name(row)] = measures
    return out


EXPORTERS = {"gbench": to_gbench, "bmf": to_bmf}


def render_export(fmt, env, rows):
    """The export as strict JSON: a NaN or infinite figure is written as null."""
    return json_text(EXPORTERS[fmt](env, rows), indent=2) + "\n"
