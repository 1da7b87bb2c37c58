# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The adaptive gate's benchmark (gate_check.py --adaptive): how long gate.py takes to answer,
and what it answers, on A/A comparisons (one binary on both sides) and on planted delays (the
head binary is a wrapper that adds `--plant delay:R[:SUITE]` to every run). Each comparison is
one gate.py process with its --budget; the minutes to an answer, the pairs it ran, the suites
it left NOT ASSESSED and the 1-minute load before and after are recorded. Everything is
written under one $TMPDIR/clampbench-gate-bench-* directory (each gate.py's runs too, through
--keep-runs), removed at the end whatever the end, unless kept."""
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time

from clampbench_scripts.common.escape import markdown_text
from clampbench_scripts.gate.gate_check import DELAY_SUITE, load_1m, work_directory

# No --instructions: the first pair counts them (auto), so an instruction plant can be seen.
RUN_ARGS = ("--sizes", "quick", "--backend", "host")


def plants(delay_suite=DELAY_SUITE):
    """{name: (--plant value, tries, the tries that must call it)}: the changes the gate's targets
    name: the exact ones (seen in the first pair) and delays of several sizes."""
    return {"instructions": ("instructions", 2, 2), "allocation": ("allocation", 2, 2),
            "delay x2 one suite": (f"delay:2:{delay_suite}", 3, 3),
            "delay x1.25 every suite": ("delay:1.25", 3, 3), "delay x1.1 every suite": ("delay:1.1", 5, 4)}


def met(doc):
    """Whether the record meets the targets that do not depend on the machine's load: no A/A
    comparison fails the gate, and every plant is called in at least its required tries."""
    need = {name: least for name, (_, _, least) in plants(doc.get("delay_suite", DELAY_SUITE)).items()}
    clean = all(r["exit_code"] in (0, 3) for r in doc["aa"])
    return clean and all(sum(t["exit_code"] == 1 for t in tries) >= need.get(name, len(tries))
                         for name, tries in doc["planted"].items())


def _wrapper(work, binary, plant):
    path = os.path.join(work, f"head-{plant.replace(':', '_')}.sh")
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\nexec {shlex.quote(binary)} \"$@\" --plant {shlex.quote(plant)}\n")
    os.chmod(path, 0o755)
    return path


def _gate_process(cmd, runs):
    """Runs one gate.py; on an interrupt of this process (Ctrl-C, SIGTERM) it is sent SIGTERM,
    so that it stops its own run, and waited for. Its runs directory RUNS is removed after."""
    try:
        with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
            try:
                _, err = proc.communicate()
            except BaseException:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                raise
        return proc.returncode, err
    finally:
        shutil.rmtree(runs, ignore_errors=True)


def one_gate(scripts_dir, base, head, work, name, budget, max_mde, log):
    out = os.path.join(work, f"{name}.json")
    runs = os.path.join(work, f"{name}-runs")
    os.mkdir(runs)
    cmd = [sys.executable, os.path.join(scripts_dir, "gate.py"), "--base-binary", base, "--head-binary", head,
           "--budget", str(budget), "--max-mde", str(max_mde), "--json", out, "--keep-runs", runs,
           "--", *RUN_ARGS]
    load0, t0 = load_1m(), time.monotonic()
    returncode, stderr = _gate_process(cmd, runs)
    proc = subprocess.CompletedProcess(cmd, returncode, "", stderr)
    wall = time.monotonic() - t0
    doc = json.load(open(out)) if proc.returncode in (0, 1, 3) and os.path.exists(out) else {}
    suites = doc.get("suites", {})
    mdes = [e["mde"] for e in suites.values() if e.get("mde") is not None]
    row = {"name": name, "exit_code": proc.returncode, "wall_s": round(wall, 1), "pairs": doc.get("pairs"),
           "stop": doc.get("stop"), "worse": doc.get("worse"), "not_assessed": doc.get("not_assessed"),
           "not_assessed_mde": {n: suites[n].get("mde") for n in doc.get("not_assessed") or []},
           "largest_mde": max(mdes) if mdes else None, "suite_pairs": {n: e.get("pairs") for n, e in suites.items()},
           "exact_failing": doc.get("exact_failing"), "load_1m": [load0, load_1m()],
           "stderr": proc.stderr.strip().splitlines()[-1:] if proc.returncode not in (0, 1, 3) else []}
    log(f"{name}: exit {row['exit_code']}, {wall / 60:.1f} min, {row['pairs']} pairs, stop {row['stop']}, "
        f"not assessed {row['not_assessed']}, load {row['load_1m'][0]:.1f}-{row['load_1m'][1]:.1f}")
    return row


def run_bench(binary, scripts_dir, pairs=10, budget=360.0, max_mde=0.10, only=None, delay_suite=DELAY_SUITE,
              log=print, keep=False):
    with work_directory("clampbench-gate-bench-", keep, log) as work:
        return _bench(work, binary, scripts_dir, pairs, budget, max_mde, only, delay_suite, log)


def _bench(work, binary, scripts_dir, pairs, budget, max_mde, only, delay_suite, log):
    t0 = time.monotonic()
    aa = [one_gate(scripts_dir, binary, binary, work, f"aa{i}", budget, max_mde, log) for i in range(pairs)]
    planted = {}
    for name, (plant, tries, _) in plants(delay_suite).items():
        if only is not None and name not in only:
            continue
        head = _wrapper(work, binary, plant)
        planted[name] = [one_gate(scripts_dir, binary, head, work, f"{plant.replace(':', '_')}_{k}", budget,
                                  max_mde, log) for k in range(tries)]
    return {"binary": binary, "delay_suite": delay_suite, "budget_s": budget, "max_mde": max_mde, "run_args": list(RUN_ARGS),
            "cpus": os.cpu_count(), "wall_s": round(time.monotonic() - t0, 1), "aa": aa, "planted": planted}


def markdown(doc):
    loads = [x for r in doc["aa"] + [t for ts in doc["planted"].values() for t in ts] for x in r["load_1m"]]
    lines = [f"Adaptive gate (gate.py --budget {doc['budget_s']:g} --max-mde {doc['max_mde']:g} -- "
             f"{' '.join(doc['run_args'])}); 1-minute load {min(loads):.1f}-{max(loads):.1f} on {doc['cpus']} CPUs, "
             f"{doc['wall_s'] / 60:.0f} min in all", "",
             "| comparison | exit | minutes | pairs | stop | not assessed (MDE) | largest MDE | load |",
             "|---|---|---|---|---|---|---|---|"]
    for row in doc["aa"] + [t for ts in doc["planted"].values() for t in ts]:
        na = ", ".join(f"{markdown_text(n)} ({m:.0%})" if m is not None else markdown_text(n)
                       for n, m in row["not_assessed_mde"].items()) or "-"
        big = "-" if row["largest_mde"] is None else f"{row['largest_mde']:.0%}"
        lines.append(f"| {row['name']} | {row['exit_code']} | {row['wall_s'] / 60:.1f} | {row['pairs']} | "
                     f"{row['stop']} | {na} | {big} | {row['load_1m'][0]:.1f}-{row['load_1m'][1]:.1f} |")
    aa = doc["aa"]
    lines += ["", f"A/A: {sum(r['exit_code'] == 0 for r in aa)} of {len(aa)} assessed (exit 0), "
              f"{sum(r['exit_code'] == 1 for r in aa)} failing (exit 1), {sum(r['exit_code'] == 3 for r in aa)} "
              f"NOT ASSESSED (exit 3)"]
    need = {name: least for name, (_, _, least) in plants(doc.get("delay_suite", DELAY_SUITE)).items()}
    for name, tries in doc["planted"].items():
        lines.append(f"{name}: called (exit 1) in {sum(t['exit_code'] == 1 for t in tries)} of {len(tries)} tries "
                     f"(target: at least {need.get(name, len(tries))})")
    lines.append(f"targets independent of load (no A/A failing, plants called): {'met' if met(doc) else 'NOT MET'}")
    return "\n".join(lines) + "\n"
