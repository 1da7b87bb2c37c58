# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The comparison of two runs: one entry per (case_id, variant) present in both, plus the
rows present in only one of them. Pure data; compare_format.py renders it."""
from clampbench_scripts import calls, machine_load
from clampbench_scripts.results import LEDGER_FIGURES, instruction_method

CATEGORIES = ("allocations", "instructions", "verdicts", "time")


def _figure(base, head):
    delta = None if base is None or head is None else head - base
    return {"base": base, "head": head, "delta": delta, "call": calls.exact_call(base, head)}


def _ledger_value(row, figure):
    return None if row["ledger"] is None else row["ledger"].get(figure)


def _time_entry(base, head, alpha, min_effect):
    b, h = base["time"], head["time"]
    call, details = calls.time_call((b or {}).get("samples"), (h or {}).get("samples"),
                                    alpha, min_effect)
    if b is None or h is None:
        details["reason"] = "no timing in " + ("base" if b is None else "head")
    elif details["ratio"] is None and b.get("median") and h.get("median") is not None:
        details["ratio"] = h["median"] / b["median"]  # shown, though too few samples to call
    return {
        "primary": head["time_primary"] or base["time_primary"],
        "base_median": (b or {}).get("median"), "head_median": (h or {}).get("median"),
        "call": call, **details,
    }


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


def compare_row(base, head, alpha, min_effect, instructions_tolerance=0.01, methods=(None, None)):
    figures = {f: _figure(_ledger_value(base, f), _ledger_value(head, f)) for f in LEDGER_FIGURES}
    devices = {}
    for dev in sorted(set(base["ledger_devices"]) | set(head["ledger_devices"])):
        bd, hd = base["ledger_devices"].get(dev, {}), head["ledger_devices"].get(dev, {})
        devices[dev] = {f: _figure(bd.get(f), hd.get(f)) for f in LEDGER_FIGURES}
    return {
        "case_id": head["case_id"], "suite": head["suite"], "variant": head["variant"],
        "allocations": figures, "devices": devices,
        "time": _time_entry(base, head, alpha, min_effect),
        "instructions": _instructions_entry(base, head, instructions_tolerance, methods),
        "verdict": {"base": base["verdict"], "head": head["verdict"],
                    "base_expected": base["expected"], "head_expected": head["expected"],
                    "expected_verdict": head["expected_verdict"],
                    "call": calls.verdict_call(base, head)},
        "order_dependent_writes": _order_writes_entry(base, head),
        "latent_writes": _order_writes_entry(base, head, "latent_writes"),
    }


def regressions_of(entry):
    """The categories in which this entry regressed."""
    found = []
    if any(f["call"] == calls.WORSE for f in entry["allocations"].values()):
        found.append("allocations")
    if entry.get("instructions", {}).get("call") == calls.WORSE:
        found.append("instructions")
    if calls.WORSE in (entry["verdict"]["call"], entry["order_dependent_writes"]["call"],
                       entry.get("latent_writes", {}).get("call")):
        found.append("verdicts")
    if entry["time"]["call"] == calls.WORSE:
        found.append("time")
    return found


def time_call_between(base_row, head_row, base_env, head_env, alpha=0.05, min_effect=0.05,
                      max_load_per_cpu=1.0):
    """The time entry (call, ratio, p, reason) of one row between two runs, held back to
    AMBIGUOUS when either run was measured on an overloaded machine: the one decision that
    compare.py and the dashboard both show."""
    entry = {"time": _time_entry(base_row, head_row, alpha, min_effect)}
    overloaded = [n for n in (machine_load.overload_note(base_env, "base", max_load_per_cpu),
                              machine_load.overload_note(head_env, "head", max_load_per_cpu)) if n]
    if overloaded:
        _hold_time_call(entry, overloaded, max_load_per_cpu)
    return entry["time"]


def instructions_call_between(base_row, head_row, base_env, head_env, tolerance=0.01):
    """The instructions entry of one row between two runs (see _instructions_entry)."""
    return _instructions_entry(base_row, head_row, tolerance,
                               (instruction_method(base_env), instruction_method(head_env)))


def _hold_time_call(entry, notes, limit):
    """An overloaded machine: a time change is reported but not called."""
    t = entry["time"]
    if t["call"] in (calls.BETTER, calls.WORSE):
        t["call"] = calls.AMBIGUOUS
        t["reason"] = "; ".join(notes) + f" (more than {limit:g} other runnable threads per CPU)"


def compare_runs(base_env, base_rows, head_env, head_rows, alpha=0.05, min_effect=0.05,
                 max_load_per_cpu=1.0, instructions_tolerance=0.01):
    overloaded = [n for n in (machine_load.overload_note(base_env, "base", max_load_per_cpu),
                              machine_load.overload_note(head_env, "head", max_load_per_cpu)) if n]
    methods = (instruction_method(base_env), instruction_method(head_env))
    entries = []
    for key, head in head_rows.items():
        if key in base_rows:
            entry = compare_row(base_rows[key], head, alpha, min_effect, instructions_tolerance, methods)
            if overloaded:
                _hold_time_call(entry, overloaded, max_load_per_cpu)
            entry["regressions"] = regressions_of(entry)
            entries.append(entry)
    return {
        "base": _env_summary(base_env), "head": _env_summary(head_env),
        "alpha": alpha, "min_effect": min_effect, "instructions_tolerance": instructions_tolerance,
        "instruction_methods": list(methods),
        "max_load_per_cpu": max_load_per_cpu, "overloaded": overloaded,
        "rows": entries,
        "added": [_key_dict(k) for k in head_rows if k not in base_rows],
        "removed": [_key_dict(k) for k in base_rows if k not in head_rows],
    }


def _key_dict(key):
    return {"case_id": key[0], "variant": key[1]}


def _env_summary(env):
    keys = ("git_commit", "git_branch", "git_dirty", "device_name", "backend", "allocator",
            "size_set", "repetitions", "time", "host_name", "machine_load")
    return {k: env.get(k) for k in keys}


def failing_categories(result, fail_on):
    """Sorted categories, among FAIL_ON, in which some row regressed."""
    hit = {c for e in result["rows"] for c in e["regressions"]}
    return [c for c in CATEGORIES if c in hit and c in fail_on]
