# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Checks the fields of a results document that the scripts read, with their types, before
any script uses them: one bad field is an InputError naming the file and the field
("cases[3].variants[1].allocations.ledger.total.allocations: expected a finite non-negative
number, got '12'"), never a crash deep in a comparison or a plot.

Counts (ledger figures, instructions, iterations, finding counts) must be finite,
non-negative and within 64 bits. Times may be null, NaN or infinite (a time that could not be
measured: compare.py and the dashboard treat it as not assessed) but never negative. What
results/schema-v1.json requires and the scripts read must be there: a case's `params` and
`device`, a variant's `expected_verdict`, `expected`, `error`, `timing`, `saved_vs_reference`
(null where the schema allows), its `allocations` block (with its `ledger`, null for a failed
call) and its `checks` block; a file without one is refused, never read as "no figure" and let
through. Verdicts and finding roles take the values the C++ writer
(harness/case_result.cpp, results_writer_blocks.cpp) writes. Fields the scripts do not read,
and fields added by later versions, are not checked, so an additive schema change passes.
"""
import datetime
import math
from itertools import repeat

from clampbench_scripts.common.errors import InputError

LEDGER_FIGURES = ("allocations", "bytes_requested", "peak_bytes")
TIME_STATS = ("device", "wall", "cpu")
TIME_FIGURES = ("median", "p10", "p90", "mean", "stdev")
VERDICTS = ("same", "output_mismatch", "mutation", "error")
ROLES = ("fresh", "persistent", "persistent_writable")
DEVICES = ("host", "cuda")
COUNT_LIMIT = 1 << 64  # the writer's counters are 64-bit; a longer integer is not a count


class _Bad(Exception):
    def __init__(self, field, problem):
        super().__init__(f"{field}: {problem}")


def _show(value):
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _number(value):
    """An int or float (not a bool) that a float can hold: a JSON integer of 400 digits is
    not one (math.isfinite would raise OverflowError on it)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return not isinstance(value, int) or -COUNT_LIMIT < value < COUNT_LIMIT


def _present(obj, key, field):
    """A field the schema requires must be there (null only where the schema allows it)."""
    if key not in obj:
        raise _Bad(f"{field}.{key}" if field else key, "missing (results/schema-v1.json requires it)")


def _need(ok, field, what, value):
    if not ok:
        raise _Bad(field, f"expected {what}, got {_show(value)}")


def _count(obj, key, field, signed=False, required=False, least=0):
    """OBJ[KEY] absent (unless REQUIRED), null (idem), or a finite number within 64 bits (at
    least LEAST unless SIGNED)."""
    if required:
        _present(obj, key, field)
    v = obj.get(key)
    if v is not None or required:
        what = "a finite number" if signed else (
            "a finite non-negative number" if least == 0 else f"a finite number of at least {least}")
        _need(_number(v) and math.isfinite(v) and (signed or v >= least), f"{field}.{key}", what, v)


def _choice(obj, key, field, allowed, required=False):
    """OBJ[KEY] one of ALLOWED (absent or null allowed unless REQUIRED)."""
    if required:
        _present(obj, key, field)
    v = obj.get(key)
    if v is not None or required:
        _need(isinstance(v, str) and v in allowed, f"{field}.{key}", "one of " + ", ".join(allowed), v)


def _list(obj, key, field, required=False):
    """OBJ[KEY] as a list ([] when absent/null and not REQUIRED)."""
    if required:
        _present(obj, key, field)
    v = obj.get(key)
    if v is None and not required:
        return []
    _need(isinstance(v, list), f"{field}.{key}", "a list", v)
    return v


def _boolean(obj, key, field):
    v = obj.get(key)
    if v is not None:
        _need(isinstance(v, bool), f"{field}.{key}", "true or false", v)


def _time(obj, key, field):
    """OBJ[KEY] absent, null, NaN or a non-negative number."""
    v = obj.get(key)
    if v is not None:
        _need(_number(v) and not v < 0, f"{field}.{key}", "a non-negative time (or null)", v)


def _object(obj, key, field, required=False):
    """OBJ[KEY] as a dict, or None when null/absent and not REQUIRED."""
    if required:
        _present(obj, key, field)
    v = obj.get(key)
    if v is None and not required:
        return None
    _need(isinstance(v, dict), f"{field}.{key}" if field else key, "an object", v)
    return v


def _string(obj, key, field, required=False):
    if required:
        _present(obj, key, field)
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
    if all(map(isinstance, samples, repeat(float))) and not any(map(0.0.__gt__, samples)):
        return  # the writer's doubles; an integer (one of 400 digits, say) is checked one by one
    for i, s in enumerate(samples):
        _need(_number(s) and not s < 0, f"{field}[{i}]", "a non-negative time", s)


_WRITE_COUNTS = {"order_dependent_writes": ("duplicates",), "latent_writes": ("elements_written", "elements_changed")}


def _findings(v, key, field):
    """An order-dependent or latent writes block: each finding names its buffer (and, for a
    latent write, its op) and counts with non-negative integers."""
    block = _object(v, key, field)
    if block is not None:
        _boolean(block, "as_expected", f"{field}.{key}")
        for i, f in enumerate(_list(block, "findings", f"{field}.{key}")):
            where = f"{field}.{key}.findings[{i}]"
            _need(isinstance(f, dict), where, "an object", f)
            _string(f, "buffer", where, required=True)
            if key == "latent_writes":
                _string(f, "op", where, required=True)
            for figure in _WRITE_COUNTS[key]:
                _count(f, figure, where)


def _entries(items, field):
    for i, item in enumerate(items):
        _need(isinstance(item, dict), f"{field}[{i}]", "an object", item)
        yield item, f"{field}[{i}]"


def _checks(v, field):
    """The checks block (required): each output mismatch names its output with a count, each
    mutation its buffer with the elements it changed (at least 1)."""
    checks = _object(v, "checks", field, required=True)
    where = f"{field}.checks"
    outputs = _object(checks, "outputs", where, required=True)
    for m, at in _entries(_list(outputs, "mismatches", f"{where}.outputs", required=True), f"{where}.outputs.mismatches"):
        _string(m, "output", at, required=True)
        _count(m, "count", at, required=True)
    for m, at in _entries(_list(checks, "mutations", where, required=True), f"{where}.mutations"):
        _string(m, "buffer", at, required=True)
        _choice(m, "role", at, ROLES)
        _count(m, "changed", at, required=True, least=1)


FINDING_KINDS = ("output", "mutation")


def _finding_set(v, field):
    """The optional per-finding block: as_expected a boolean, each listed finding a kind the
    writer knows, a name and a count."""
    block = _object(v, "findings", field)
    if block is None:
        return
    where = f"{field}.findings"
    _boolean(block, "as_expected", where)
    for key in ("set", "unexpected", "vanished"):
        for f, at in _entries(_list(block, key, where), f"{where}.{key}"):
            _choice(f, "kind", at, FINDING_KINDS, required=True)
            _string(f, "name", at, required=True)
            _count(f, "count", at, required=True)
            _count(f, "expected_count", at)


def _allocations(v, field):
    """The allocations block (required) and its ledger: an object of per-device counters, or
    null for a call that failed."""
    allocations = _object(v, "allocations", field, required=True)
    _present(allocations, "ledger", f"{field}.allocations")
    ledger = _object(allocations, "ledger", f"{field}.allocations")
    for device, figures in (ledger or {}).items():
        where = f"{field}.allocations.ledger.{device}"
        _need(isinstance(figures, dict), where, "an object", figures)
        for figure in LEDGER_FIGURES:
            _count(figures, figure, where)


def _variant(v, field):
    _need(isinstance(v, dict), field, "an object", v)
    _string(v, "name", field, required=True)
    _choice(v, "verdict", field, VERDICTS, required=True)
    _choice(v, "expected_verdict", field, VERDICTS, required=True)
    _present(v, "expected", field)  # a missing `expected` would read as "as expected"
    _boolean(v, "expected", field)
    _need(v["expected"] is not None, f"{field}.expected", "true or false", None)
    for key in ("error", "timing", "saved_vs_reference"):  # null allowed: no error, not timed, failed
        _present(v, key, field)
    _string(v, "error", field)
    _allocations(v, field)
    _checks(v, field)
    _finding_set(v, field)
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
    _object(case, "params", field, required=True)
    _choice(case, "device", field, DEVICES, required=True)  # where its tensors lived: the dashboard splits by it
    variants = case.get("variants")
    _need(isinstance(variants, list), f"{field}.variants", "a list", variants)
    names = set()
    for j, v in enumerate(variants):
        _variant(v, f"{field}.variants[{j}]")
        if v["name"] in names:
            raise _Bad(f"{field}.variants[{j}].name", f"{v['name']!r} repeats in this case")
        names.add(v["name"])


def _utc_time(env):
    """environment.time: a UTC time as the writer writes it (2026-12-02T12:00:00Z), which the
    history sorts and the dashboard plots by."""
    v = env.get("time")
    if v is None:
        return
    try:
        ok = isinstance(v, str) and bool(datetime.datetime.strptime(v, "%Y-%m-%dT%H:%M:%SZ"))
    except ValueError:
        ok = False
    _need(ok, "environment.time", "a UTC time like 2026-12-02T12:00:00Z", v)


def _environment(env):
    for key in ("device_name", "backend", "allocator", "git_commit", "git_branch", "time", "size_set"):
        _string(env, key, "environment")
    _utc_time(env)
    load = _object(env, "machine_load", "environment")
    for key in ("cpus", "load_1m_start", "load_1m_end"):
        if load is not None:
            _count(load, key, "environment.machine_load")
    _object(env, "instructions", "environment")


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
