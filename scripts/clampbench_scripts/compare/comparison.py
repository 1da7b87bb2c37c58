# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The comparison of two runs: one entry per (case_id, variant) present in both, plus the
rows present in only one of them. Pure data; compare_format.py renders it."""
import math
import statistics

from clampbench_scripts.compare import calls, finding_sets, host_cost_calls, pooled_time, time_calls
from clampbench_scripts.compare.unseen import unseen_of
from clampbench_scripts.common import host_cost, machine_load
from clampbench_scripts.common.results import LEDGER_FIGURES, instruction_method

CATEGORIES = ("allocations", "instructions", "host_cost", "verdicts", "time")


def _figure(base, head):
    delta = None if base is None or head is None else head - base
    return {"base": base, "head": head, "delta": delta, "call": calls.exact_call(base, head)}


def _ledger_value(row, figure):
    return None if row["ledger"] is None else row["ledger"].get(figure)


def _time_entry(decided, base, head):
    """The time entry of one row: time_calls' decision with the medians it was made on."""
    entry = dict(decided)
    b = [math.exp(x) for x in entry.pop("_base", [])]
    h = [math.exp(x) for x in entry.pop("_head", [])]
    entry["primary"] = head["time_primary"] or base["time_primary"]
    entry["base_median"] = statistics.median(b) if b else (base["time"] or {}).get("median")
    entry["head_median"] = statistics.median(h) if h else (head["time"] or {}).get("median")
    return entry


def _instructions_entry(base, head, tolerance, methods):
    """Instructions per call, called against TOLERANCE; AMBIGUOUS with a reason when either
    run has no count or the two counted differently (perf and callgrind do not agree)."""
    b, h = base.get("instructions"), head.get("instructions")
    call, ratio = calls.instructions_call(b, h, tolerance)
    reason = None
    if b is None or h is None:
        reason = "not counted in " + ("base" if b is None else "head")
    elif methods[0] != methods[1]:
        call, reason = calls.AMBIGUOUS, f"counted with {methods[0]} in base, {methods[1]} in head"
    return {"base": b, "head": h, "ratio": ratio, "call": call, "reason": reason}


def _order_writes_entry(base, head, key="order_writes"):
    """Order-dependent (key "order_writes") or latent ("latent_writes") writes into runner
    buffers (flags beside the verdict): which buffers showed one in each run, what appeared or
    vanished, and a call. WORSE when the head's are not as its expectations say and the base's
    were, or the set changed; gated as verdicts."""
    b, h = base.get(key), head.get(key)
    bset, hset = set(b or []), set(h or [])
    b_ok, h_ok = base.get(key + "_expected", True), head.get(key + "_expected", True)
    if b is None or h is None:  # a file from before the field: nothing to call
        call = calls.SAME
    elif not h_ok and (b_ok or bset != hset):
        call = calls.WORSE
    elif h_ok and not b_ok:
        call = calls.BETTER
    else:
        call = calls.SAME
    return {"base": b, "head": h, "appeared": sorted(hset - bset) if b is not None else [],
            "vanished": sorted(bset - hset) if h is not None else [], "head_expected": h_ok, "call": call}


def compare_row(base, head, time_entry, instructions_tolerance=0.01, methods=(None, None), same_inputs=True):
    figures = {f: _figure(_ledger_value(base, f), _ledger_value(head, f)) for f in LEDGER_FIGURES}
    devices = {}
    for dev in sorted(set(base["ledger_devices"]) | set(head["ledger_devices"])):
        bd, hd = base["ledger_devices"].get(dev, {}), head["ledger_devices"].get(dev, {})
        devices[dev] = {f: _figure(bd.get(f), hd.get(f)) for f in LEDGER_FIGURES}
    return {
        "case_id": head["case_id"], "suite": head["suite"], "variant": head["variant"],
        "allocations": figures, "devices": devices,
        "time": _time_entry(time_entry, base, head),
        "instructions": _instructions_entry(base, head, instructions_tolerance, methods),
        "host_cost": host_cost_calls.entry(base, head),
        "verdict": {"base": base["verdict"], "head": head["verdict"],
                    "base_expected": base["expected"], "head_expected": head["expected"],
                    "expected_verdict": head["expected_verdict"],
                    "call": calls.verdict_call(base, head)},
        "order_dependent_writes": _order_writes_entry(base, head),
        "latent_writes": _order_writes_entry(base, head, "latent_writes"),
        "findings": finding_sets.compare(base, head, counts=same_inputs),
        "latent_findings": [{k: w.get(k) for k in ("buffer", "op", "elements_written", "elements_changed", "reason")}
                            for w in head.get("latent_findings") or [] if isinstance(w, dict)],
    }


def regressions_of(entry):
    """The categories in which this entry regressed."""
    found = []
    if any(f["call"] == calls.WORSE for f in entry["allocations"].values()):
        found.append("allocations")
    if entry.get("instructions", {}).get("call") == calls.WORSE:
        found.append("instructions")
    if entry.get("host_cost", {}).get("call") == calls.WORSE:
        found.append("host_cost")
    if calls.WORSE in (entry["verdict"]["call"], entry["order_dependent_writes"]["call"],
                       entry.get("latent_writes", {}).get("call"), entry.get("findings", {}).get("call")):
        found.append("verdicts")
    if entry["time"]["call"] == calls.WORSE:
        found.append("time")
    return found


def instructions_call_between(base_row, head_row, base_env, head_env, tolerance=0.01):
    """The instructions entry of one row between two runs (see _instructions_entry)."""
    return _instructions_entry(base_row, head_row, tolerance,
                               (instruction_method(base_env), instruction_method(head_env)))


def _run_logs(runs, keys):
    """Per run, {key: log median} of KEYS (the rows it timed)."""
    out = []
    for _, rows in runs:
        logs = {k: time_calls.log_median(rows.get(k)) for k in keys}
        out.append({k: v for k, v in logs.items() if v is not None})
    return out


def pooled_entries(base_runs, head_runs, keys, history=(), time_noise=None, alpha=0.05, min_effect=0.05,
                   held=None):
    """{group: pooled time entry} per suite and over the whole run (pooled_time.py)."""
    recent = list(history)[-time_calls.HISTORY_RUNS:]
    return pooled_time.decide_groups(pooled_time.groups_of(keys), _run_logs(base_runs, keys),
                                     _run_logs(head_runs, keys), _run_logs(recent, keys), time_noise,
                                     alpha, min_effect, held)


def _log_medians(runs, key):
    return [x for x in (time_calls.log_median(rows.get(key)) for _, rows in runs) if x is not None]


def _overload_hold(base_runs, head_runs, max_load_per_cpu):
    """With one run on a side the noise cannot include that run's load: an overloaded run
    holds every time call (NOT_ASSESSED). Several runs per side measure their own spread."""
    if len(base_runs) > 1 and len(head_runs) > 1:
        return None, []
    notes = [n for side, runs in (("base", base_runs), ("head", head_runs))
             for n in (machine_load.overload_note(env, side, max_load_per_cpu) for env, _ in runs) if n]
    if not notes:
        return None, []
    return "; ".join(notes) + f" (more than {max_load_per_cpu:g} other runnable threads per CPU)", notes


def time_entries(base_runs, head_runs, keys, history=(), time_noise=None, alpha=0.05, min_effect=0.05,
                 max_load_per_cpu=1.0):
    """{key: time entry} for KEYS between BASE_RUNS and HEAD_RUNS ([(env, rows)], the first
    of each the run compared), with HISTORY ([(env, rows)], oldest first) for the noise only.
    Also returns a summary of the noise model and the overload notes."""
    recent = list(history)[-time_calls.HISTORY_RUNS:]
    evidence, pairs = {}, {}
    for key in keys:
        b, h = _log_medians(base_runs, key), _log_medians(head_runs, key)
        evidence[key] = {"base": b, "head": h, "history": _log_medians(recent, key)}
        pairs[key] = (b, h)
    model = time_calls.NoiseModel(evidence, time_noise)
    held, notes = _overload_hold(base_runs, head_runs, max_load_per_cpu)
    decided = time_calls.decide(pairs, model, alpha, min_effect, held=held)
    for key, (b, h) in pairs.items():
        decided[key]["_base"], decided[key]["_head"] = b, h
        _mark_unusable_time(decided[key], base_runs[0][1][key], head_runs[0][1][key])
    pooled = pooled_entries(base_runs, head_runs, keys, history, time_noise, alpha, min_effect, held)
    summary = {"source": model.source(), "runs": [len(base_runs), len(head_runs)], "history_runs": len(recent),
               "prior_sigma": math.sqrt(model.prior) if model.prior is not None else None,
               "stated_cv": time_noise, "test": "moderated t on log run medians, Benjamini-Hochberg",
               "pooled_test": "moderated t on each run's mean log median per suite and over all rows, "
                              "Benjamini-Hochberg over the groups",
               "power": time_calls.POWER}
    return decided, summary, notes, pooled


def _mark_unusable_time(entry, base, head):
    """A row timed on both sides whose median is NaN, infinite or zero on one of them was
    timed but cannot be called: NOT_ASSESSED and counted as such (exit 3 when time is
    gated), never left out as if it had no timing."""
    bad = [(side, row["time"].get("median")) for side, row in (("base", base), ("head", head))
           if isinstance(row["time"], dict) and time_calls.log_median(row) is None]
    if bad and all(isinstance(row["time"], dict) for row in (base, head)):
        entry.update(call=time_calls.NOT_ASSESSED, unusable=True, reason="; ".join(
            f"median time {value!r} in {side} is not a positive finite number" for side, value in bad))


def compare_runs(base_env, base_rows, head_env, head_rows, alpha=0.05, min_effect=0.05,
                 max_load_per_cpu=1.0, instructions_tolerance=0.01, base_more=(), head_more=(),
                 history=(), time_noise=None):
    base_runs = [(base_env, base_rows)] + list(base_more)
    head_runs = [(head_env, head_rows)] + list(head_more)
    keys = [k for k in head_rows if k in base_rows]
    decided, noise, overloaded, pooled = time_entries(base_runs, head_runs, keys, history, time_noise, alpha, min_effect,
                                              max_load_per_cpu)
    methods = (instruction_method(base_env), instruction_method(head_env))
    same_inputs = base_env.get("seed") == head_env.get("seed")  # finding counts depend on the inputs
    entries = []
    for key in keys:
        entry = compare_row(base_rows[key], head_rows[key], decided[key], instructions_tolerance, methods,
                            same_inputs)
        entry["regressions"] = regressions_of(entry)
        entry["unseen"] = unseen_of(entry)
        entries.append(entry)
    return {
        "base": _env_summary(base_env), "head": _env_summary(head_env),
        "alpha": alpha, "min_effect": min_effect, "instructions_tolerance": instructions_tolerance,
        "instruction_methods": list(methods), "time_noise": noise,
        "host_cost_recorded": host_cost.recorded(base_rows, head_rows),
        "max_load_per_cpu": max_load_per_cpu, "overloaded": overloaded,
        "rows": entries, "pooled": pooled,
        "added": [_key_dict(k, head_rows) for k in head_rows if k not in base_rows],
        "removed": [_key_dict(k, base_rows) for k in base_rows if k not in head_rows],
    }


def _key_dict(key, rows):
    return {"case_id": key[0], "variant": key[1], "suite": rows[key]["suite"]}


def _env_summary(env):
    keys = ("git_commit", "git_branch", "git_dirty", "device_name", "backend", "allocator",
            "size_set", "repetitions", "time", "host_name", "machine_load", "vllm", "command_line")
    summary = {k: env.get(k) for k in keys}
    summary["git_commit_short"] = str(env.get("git_commit"))[:7]  # cut before a renderer escapes it
    return summary


def failing_categories(result, fail_on):
    """Sorted categories, among FAIL_ON, in which some row, or a suite's pooled time, regressed."""
    hit = {c for e in result["rows"] for c in e["regressions"]}
    if any(g["call"] == calls.WORSE for g in (result.get("pooled") or {}).values()):
        hit.add("time")
    return [c for c in CATEGORIES if c in hit and c in fail_on]


def time_not_assessed(result, fail_on):
    """When time is gated on: the rows whose time could not be assessed: timed on both sides
    but not called (unknown noise, an overloaded run, a NaN median), or timed on one side
    only, or on neither (a row whose two calls both failed aside)."""
    if "time" not in fail_on:
        return []
    return [e for e in result["rows"] if "time" in (e.get("unseen") or {})
            or e["time"]["call"] == time_calls.NOT_ASSESSED and e["time"]["n_base"] and e["time"]["n_head"]]
