# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The gate's own check, end to end: A/A pairs (one binary, two sets of runs) must make no
call, and planted changes (clampbench run --plant) must be called in every try. Each pair is
what a nightly gate does: RUNS quick runs of the base and of the head, interleaved, then
compare.py with the extra runs (--base/--head) and --fail-on every category."""
import json
import math
import os
import subprocess
import sys
import tempfile
import time


CATEGORIES = "allocations,instructions,verdicts,time"
# The category each plant must make fail, and whether its runs need timing.
PLANTS = {"slowdown": ("time", True), "instructions": ("instructions", False), "allocation": ("allocations", False)}


def load_1m():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def clampbench_run(binary, out, plant=None, timing=True, log=print):
    cmd = [binary, "run", "--sizes", "quick", "--backend", "host", "--out", out]
    cmd += [] if timing else ["--no-timing"]
    cmd += ["--plant", plant] if plant else []
    t0 = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode not in (0, 1) or not os.path.exists(out):
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[-300:]}")
    log(f"  run {os.path.basename(out)}{' plant=' + plant if plant else ''}: {time.monotonic() - t0:.1f}s, "
        f"load {load_1m():.1f}")
    return out


def compare(scripts_dir, base, head):
    """(exit code, comparison JSON) of compare.py on lists of runs."""
    cmd = [sys.executable, os.path.join(scripts_dir, "compare.py"), base[0], head[0], "--format", "json",
           "--fail-on", CATEGORIES]
    cmd += [a for p in base[1:] for a in ("--base", p)] + [a for p in head[1:] for a in ("--head", p)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode == 2:
        raise RuntimeError(f"compare.py: {proc.stderr.strip()}")
    return proc.returncode, json.loads(proc.stdout)


def called(result):
    """Per category, the rows called WORSE or BETTER."""
    out = {"allocations": 0, "instructions": 0, "verdicts": 0, "time": 0}
    for row in result["rows"]:
        if any(f["call"] in ("WORSE", "BETTER") for f in row["allocations"].values()):
            out["allocations"] += 1
        out["instructions"] += row["instructions"]["call"] in ("WORSE", "BETTER")
        out["verdicts"] += row["verdict"]["call"] != "SAME"
        out["time"] += row["time"]["call"] in ("WORSE", "BETTER")
    return out


def run_check(binary, scripts_dir, pairs=6, tries=3, runs=2, log=print):
    work = tempfile.mkdtemp(prefix="clampbench-gate-")
    loads, t0 = [load_1m()], time.monotonic()
    aa, bases = [], []
    for i in range(pairs):
        log(f"A/A pair {i + 1}/{pairs}")
        base, head = [], []
        for j in range(runs):  # interleaved: base, head, base, head
            base.append(clampbench_run(binary, f"{work}/aa{i}_base{j}.json", log=log))
            head.append(clampbench_run(binary, f"{work}/aa{i}_head{j}.json", log=log))
            loads.append(load_1m())
        rc, result = compare(scripts_dir, base, head)
        aa.append({"exit_code": rc, "rows": len(result["rows"]), "false_calls": called(result),
                   "time_noise": result["time_noise"]})
        bases.append(base)
    planted = {}
    for plant, (category, timing) in PLANTS.items():
        planted[plant] = []
        for k in range(tries):
            log(f"planted {plant}, try {k + 1}/{tries}")
            base = bases[k % len(bases)]
            head = [clampbench_run(binary, f"{work}/{plant}{k}_{j}.json", plant, timing, log) for j in range(runs)]
            loads.append(load_1m())
            rc, result = compare(scripts_dir, base, head)
            planted[plant].append({"exit_code": rc, "failing_in": category in _failing(result, rc),
                                   "rows_called": called(result)[category], "rows": len(result["rows"])})
    return {"binary": binary, "pairs": pairs, "tries": tries, "runs_per_side": runs, "fail_on": CATEGORIES,
            "cpus": os.cpu_count(), "load_1m": {"min": min(loads), "max": max(loads),
                                                "median": sorted(loads)[len(loads) // 2]},
            "wall_s": round(time.monotonic() - t0, 1), "aa": aa, "planted": planted}


def _failing(result, rc):
    """The categories compare.py failed on: rows' regressions when it exited 1."""
    return {c for row in result["rows"] for c in row["regressions"]} if rc == 1 else set()


def markdown(doc):
    load = doc["load_1m"]
    false_calls = sum(sum(p["false_calls"].values()) for p in doc["aa"])
    rows = doc["aa"][0]["rows"] if doc["aa"] else 0
    lines = [f"Gate check: quick set on host, {doc['runs_per_side']} runs per side interleaved, compare.py "
             f"--fail-on {doc['fail_on']}; 1-minute load {load['min']:.1f}-{load['max']:.1f} (median "
             f"{load['median']:.1f}) on {doc['cpus']} CPUs, {doc['wall_s']:.0f} s", "",
             "| check | result |", "|---|---|",
             f"| A/A pairs failing the gate (of {doc['pairs']}, {rows} rows each) | "
             f"{sum(1 for p in doc['aa'] if p['exit_code'] != 0)} |",
             f"| ... A/A pairs with any call, WORSE or BETTER | "
             f"{sum(1 for p in doc['aa'] if any(p['false_calls'].values()))} "
             f"({false_calls} false calls in {len(doc['aa']) * rows} rows) |"]
    cvs = [math.expm1(p["time_noise"]["prior_sigma"]) for p in doc["aa"]
           if p["time_noise"].get("prior_sigma") is not None]
    if cvs:
        lines.append(f"| ... typical run-to-run CV of a row's median time, per pair | "
                     f"{100 * min(cvs):.1f}-{100 * max(cvs):.1f}% |")
    for plant, tries in doc["planted"].items():
        hit = sum(1 for t in tries if t["exit_code"] == 1 and t["failing_in"])
        rows_called = ", ".join(f"{t['rows_called']}/{t['rows']}" for t in tries)
        lines.append(f"| planted {plant}: gate fails in its category | {hit} of {len(tries)} tries "
                     f"(rows called: {rows_called}) |")
    return "\n".join(lines) + "\n"
