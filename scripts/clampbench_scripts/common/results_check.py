# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Checks the fields of a results document that the scripts read, with their types, before
any script uses them: one bad field is an InputError naming the file and the field
("cases[3].variants[1].allocations.ledger.total.allocations: expected a finite non-negative
number, got '12'"), never a crash deep in a comparison or a plot.

Counts (ledger figures, instructions, iterations) must be finite and non-negative. Times may
be null, NaN or infinite (a time that could not be measured: compare.py and the dashboard
treat it as not assessed) but never negative. Fields the scripts do not read, and fields added
by later versions, are not checked, so an additive schema change passes.
"""
import math
from itertools import repeat

from clampbench_scripts.common.errors import InputError

LEDGER_FIGURES = ("allocations", "bytes_requested", "peak_bytes")
TIME_STATS = ("device", "wall", "cpu")
TIME_FIGURES = ("median", "p10", "p90", "mean", "stdev")


class _Bad(Exception):
    def __init__(self, field, problem):
        super().__init__(f"{field}: {problem}")


def _show(value):
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _need(ok, field, what, value):
    if not ok:
        raise _Bad(field, f"expected {what}, got {_show(value)}")


def _count(obj, key, field, signed=False):
    """OBJ[KEY] absent, null, or a finite number (non-negative unless SIGNED)."""
    v = obj.get(key)
    if v is not None:
        what = "a finite number" if signed else "a finite non-negative number"
        _need(_number(v) and math.isfinite(v) and (signed or v >= 0), f"{field}.{key}", what, v)


def _time(obj, key, field):
    """OBJ[KEY] absent, null, NaN or a non-negative number."""
    v = obj.get(key)
    if v is not None:
        _need(_number(v) and not v < 0, f"{field}.{key}", "a non-negative time (or null)", v)


def _object(obj, key, field, required=False):
    """OBJ[KEY] as a dict, or None when null/absent and not REQUIRED."""
    v = obj.get(key)
    if v is None and not required:
        return None
    _need(isinstance(v, dict), f"{field}.{key}" if field else key, "an object", v)
    return v


def _string(obj, key, field, required=False):
    v = obj.get(key)
    if v is None and not required:
        return
    _need(isinstance(v, str) and (v or not required), f"{field}.{key}", "a non-empty string", v)


def _timing(t, field):
    _string(t, "primary", field)
    _count(t, "iterations", field)
    _time(t, "noise", field)
    for name in TIME_STATS:
        stats = _object(t, name, field)
        if stats is not None:
            for figure in TIME_FIGURES:
                _time(stats, figure, f"{field}.{name}")
            _samples(stats.get("samples", []), f"{field}.{name}.samples")


def _samples(samples, field):
    """A list of non-negative times (NaN allowed); checked in C, located in Python when bad."""
    _need(isinstance(samples, list), field, "a list", samples)
    if all(map(isinstance, samples, repeat((int, float)))) and not any(map(0.0.__gt__, samples)):
        return
    for i, s in enumerate(samples):
        _need(_number(s) and not s < 0, f"{field}[{i}]", "a non-negative time", s)


def _findings(v, key, field):
    block = _object(v, key, field)
    if block is not None:
        findings = block.get("findings", [])
        _need(isinstance(findings, list), f"{field}.{key}.findings", "a list", findings)
        for i, f in enumerate(findings):
            _need(isinstance(f, dict), f"{field}.{key}.findings[{i}]", "an object", f)
            _string(f, "buffer", f"{field}.{key}.findings[{i}]", required=True)


def _variant(v, field):
    _need(isinstance(v, dict), field, "an object", v)
    _string(v, "name", field, required=True)
    _string(v, "verdict", field, required=True)
    _string(v, "expected_verdict", field)
    _string(v, "error", field)
    allocations = _object(v, "allocations", field)
    ledger = _object(allocations, "ledger", f"{field}.allocations") if allocations else None
    for device, figures in (ledger or {}).items():
        where = f"{field}.allocations.ledger.{device}"
        _need(isinstance(figures, dict), where, "an object", figures)
        for figure in LEDGER_FIGURES:
            _count(figures, figure, where)
    saved = _object(v, "saved_vs_reference", field)
    for figure in ("allocations", "bytes_requested"):
        if saved is not None:
            _count(saved, figure, f"{field}.saved_vs_reference", signed=True)
    _count(v, "instructions", field)
    timing = _object(v, "timing", field)
    if timing is not None:
        _timing(timing, f"{field}.timing")
    for key in ("order_dependent_writes", "latent_writes"):
        _findings(v, key, field)
    trace = _object(v, "allocation_trace", field)
    if trace is not None and trace.get("allocations") is not None:
        _need(isinstance(trace["allocations"], list), f"{field}.allocation_trace.allocations",
              "a list", trace["allocations"])


def _case(case, field, seen):
    _need(isinstance(case, dict), field, "an object", case)
    _string(case, "suite", field, required=True)
    _string(case, "case_id", field, required=True)
    if case["case_id"] in seen:
        raise _Bad(f"{field}.case_id", f"{case['case_id']!r} repeats {seen[case['case_id']]}")
    seen[case["case_id"]] = field
    _object(case, "params", field)
    variants = case.get("variants")
    _need(isinstance(variants, list), f"{field}.variants", "a list", variants)
    names = set()
    for j, v in enumerate(variants):
        _variant(v, f"{field}.variants[{j}]")
        if v["name"] in names:
            raise _Bad(f"{field}.variants[{j}].name", f"{v['name']!r} repeats in this case")
        names.add(v["name"])


def _environment(env):
    for key in ("device_name", "backend", "allocator", "git_commit", "git_branch", "time", "size_set"):
        _string(env, key, "environment")
    load = _object(env, "machine_load", "environment")
    for key in ("cpus", "load_1m_start", "load_1m_end"):
        if load is not None:
            _count(load, key, "environment.machine_load")
    _object(env, "instructions", "environment")
    _shard(env)


def _shard(env):
    """environment.shard: absent, null, or {"index": I (1..N) or null (merged), "count": N}."""
    shard = _object(env, "shard", "environment")
    if shard is None:
        return
    count, index = shard.get("count"), shard.get("index")
    _need(isinstance(count, int) and not isinstance(count, bool) and count >= 1,
          "environment.shard.count", "a whole number of at least 1", count)
    _need(index is None or (isinstance(index, int) and not isinstance(index, bool) and 1 <= index <= count),
          "environment.shard.index", f"null or a whole number from 1 to {count}", index)


def check_document(doc, path):
    """Raises InputError(PATH, "malformed: FIELD: problem") at the first bad field."""
    try:
        _environment(doc["environment"])
        seen = {}
        for i, case in enumerate(doc["cases"]):
            _case(case, f"cases[{i}]", seen)
        _object(doc, "outcome", "")
    except _Bad as e:
        raise InputError(path, f"malformed: {e}") from None
