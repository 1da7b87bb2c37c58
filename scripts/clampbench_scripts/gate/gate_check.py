# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The gate's own check, end to end: A/A pairs (one binary, two sets of runs) must make no
call, and planted changes (clampbench run --plant) must be called in every try; delays of
several sizes (a memory-bound stall of one suite or of every suite) measure the time gate's
power, the rate at which it calls each. Each pair is
what a nightly gate does: RUNS quick runs of the base and of the head, interleaved, then
compare.py with the extra runs (--base/--head) and --fail-on every category. A timed plant's
head runs are interleaved with base runs of their own, so that the machine's drift over the
check's minutes is not read as the plant's."""
import contextlib
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

from clampbench_scripts.compare.pooled_time import WHOLE_RUN

CATEGORIES = "allocations,instructions,verdicts,time"
DELAY_SUITE = "mla_chunked_context"  # the suite a one-suite delay slows (12 rows of the quick set)
DELAY_RATIOS = (1.1, 1.25, 2.0)
# Plants that must fail the gate in every try; the smaller delays measure its power.
REQUIRED = ("slowdown", "instructions", "allocation", "delay x2 one suite", "delay x2 every suite")


def plants(delay_ratios=DELAY_RATIOS, delay_suite=DELAY_SUITE):
    """{name: (--plant value, the category it must fail, whether its runs need timing)}."""
    out = {"slowdown": ("slowdown", "time", True), "instructions": ("instructions", "instructions", False),
           "allocation": ("allocation", "allocations", False)}
    for r in delay_ratios:
        out[f"delay x{r:g} one suite"] = (f"delay:{r:g}:{delay_suite}", "time", True)
        out[f"delay x{r:g} every suite"] = (f"delay:{r:g}", "time", True)
    return out


class GateError(Exception):
    """A run or comparison of the check that failed: one line, exit 3."""


def known_suites(binary):
    """The suites BINARY registers (`clampbench list --json`); raises GateError."""
    try:
        proc = subprocess.run([binary, "list", "--json"], capture_output=True, text=True, check=False, timeout=60)
        suites = [s["name"] for s in json.loads(proc.stdout)] if proc.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired, ValueError, TypeError, KeyError) as e:
        raise GateError(f"{binary} list --json: {e}") from None
    if suites is None:
        raise GateError(f"{binary} list --json exited {proc.returncode}: {proc.stderr.strip()[-300:]}")
    return suites


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
        raise GateError(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[-300:]}")
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
        raise GateError(f"compare.py: {proc.stderr.strip()}")
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


def _time_summary(result):
    """The pooled time evidence of one comparison: suites called WORSE, the largest suite MDE."""
    pooled = result.get("pooled") or {}
    worst = result.get("worst_mde") or [None, None]
    return {"suites_called": sorted(n for n, e in pooled.items() if e["call"] == "WORSE"),
            "worst_mde": worst[0], "worst_mde_suite": worst[1]}


def run_check(binary, scripts_dir, pairs=6, tries=3, runs=2, log=print, only=None, delay_suite=DELAY_SUITE,
              keep=False):
    """ONLY: the plant names to run (default all of plants()). The runs go to a fresh
    $TMPDIR/clampbench-gate-* directory, removed at the end (also on an error, Ctrl-C or
    SIGTERM, see gate_check_cli) unless KEEP."""
    with work_directory("clampbench-gate-", keep, log) as work:
        return _check(work, binary, scripts_dir, pairs, tries, runs, log, only, delay_suite)


@contextlib.contextmanager
def work_directory(prefix, keep, log):
    """A fresh $TMPDIR/PREFIX* directory for a check's runs, removed when the check ends however
    it ends (an error, Ctrl-C, SIGTERM turned into an exception) unless KEEP."""
    work = tempfile.mkdtemp(prefix=prefix)
    try:
        yield work
    finally:
        if keep:
            log(f"runs kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def _check(work, binary, scripts_dir, pairs, tries, runs, log, only, delay_suite):
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
                   "time_noise": result["time_noise"], **_time_summary(result)})
        bases.append(base)
    planted = {}
    for name, (plant, category, timing) in plants(delay_suite=delay_suite).items():
        if only is not None and name not in only:
            continue
        planted[name] = []
        for k in range(tries):
            log(f"planted {name}, try {k + 1}/{tries}")
            slug = plant.replace(":", "_").replace(".", "p")
            if timing:  # fresh base runs interleaved with the head's: a drift of the machine falls on both
                base, head = [], []
                for j in range(runs):
                    base.append(clampbench_run(binary, f"{work}/{slug}_{k}_base{j}.json", log=log))
                    head.append(clampbench_run(binary, f"{work}/{slug}_{k}_{j}.json", plant, timing, log))
            else:  # exact figures: the A/A pairs' base runs serve
                base = bases[k % len(bases)]
                head = [clampbench_run(binary, f"{work}/{slug}_{k}_{j}.json", plant, timing, log) for j in range(runs)]
            loads.append(load_1m())
            rc, result = compare(scripts_dir, base, head)
            seen = (result.get("pooled") or {}).get(delay_suite if "one suite" in name else WHOLE_RUN) or {}
            planted[name].append({"plant": plant, "exit_code": rc, "failing_in": category in _failing(result, rc),
                                  "rows_called": called(result)[category], "rows": len(result["rows"]),
                                  "ratio_seen": seen.get("ratio"), **_time_summary(result)})
    return {"binary": binary, "pairs": pairs, "tries": tries, "runs_per_side": runs, "fail_on": CATEGORIES,
            "delay_suite": delay_suite, "cpus": os.cpu_count(),
            "load_1m": {"min": min(loads), "max": max(loads), "median": sorted(loads)[len(loads) // 2]},
            "wall_s": round(time.monotonic() - t0, 1), "aa": aa, "planted": planted}


def _failing(result, rc):
    """The categories compare.py failed on (its rows' and its pooled suites' regressions)."""
    return set(result.get("failing") or []) if rc == 1 else set()


def markdown(doc):
    load = doc["load_1m"]
    false_calls = sum(sum(p["false_calls"].values()) for p in doc["aa"])
    rows = doc["aa"][0]["rows"] if doc["aa"] else 0
    lines = [f"Gate check: quick set on host, {doc['runs_per_side']} runs per side interleaved, compare.py "
             f"--fail-on {doc['fail_on']}; 1-minute load {load['min']:.1f}-{load['max']:.1f} (median "
             f"{load['median']:.1f}) on {doc['cpus']} CPUs, {doc['wall_s']:.0f} s", "",
             "| check | result |", "|---|---|",
             f"| A/A pairs failing the gate (of {doc['pairs']}, {rows} rows each) | "
             f"{sum(1 for p in doc['aa'] if p['exit_code'] == 1)} |",
             f"| ... A/A pairs with any call, WORSE or BETTER | "
             f"{sum(1 for p in doc['aa'] if any(p['false_calls'].values()))} "
             f"({false_calls} false calls in {len(doc['aa']) * rows} rows) |"]
    cvs = [math.expm1(p["time_noise"]["prior_sigma"]) for p in doc["aa"]
           if p["time_noise"].get("prior_sigma") is not None]
    if cvs:
        lines.append(f"| ... typical run-to-run CV of a row's median time, per pair | "
                     f"{100 * min(cvs):.1f}-{100 * max(cvs):.1f}% |")
    not_assessed = sum(1 for p in doc["aa"] if p["exit_code"] == 3)
    mdes = [p["worst_mde"] for p in doc["aa"] if p.get("worst_mde") is not None]
    if mdes:
        lines.append(f"| ... A/A pairs TIME NOT ASSESSED (largest suite MDE above --max-mde) | {not_assessed} "
                     f"(largest suite MDE per pair {100 * min(mdes):.0f}-{100 * max(mdes):.0f}%) |")
    for plant, tries in doc["planted"].items():
        hit = sum(1 for t in tries if t["exit_code"] == 1 and t["failing_in"])
        rows_called = ", ".join(f"{t['rows_called']}/{t['rows']}" for t in tries)
        text = f"| planted {plant}: gate fails in its category | {hit} of {len(tries)} tries (rows called: {rows_called}"
        if any("suites_called" in t for t in tries) and plant.startswith("delay"):
            text += "; suites called: " + ", ".join(str(len(t["suites_called"])) for t in tries)
            text += "; exit codes: " + ", ".join(str(t["exit_code"]) for t in tries)
            seen = [t.get("ratio_seen") for t in tries if t.get("ratio_seen")]
            text += ("; planted suites' ratio seen: " + ", ".join(f"x{r:.2f}" for r in seen)) if seen else ""
        lines.append(text + ") |")
    return "\n".join(lines) + "\n"
