# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Checks the fields of a results document that the scripts read, with their types, before
any script uses them: one bad field is an InputError naming the file and the field
("cases[3].variants[1].allocations.ledger.total.allocations: expected a finite non-negative
number, got '12'"), never a crash deep in a comparison or a plot.

Counts (every ledger figure, instructions, iterations, repetitions, finding and write counts,
CUPTI's counts) must be whole numbers from 0 to 2**63-1 (saved_vs_reference may be negative),
through one function (field_checks.count): not 8.5, 1e300, true or a 400-digit integer.
Times may be null, NaN or infinite (a time that could not be measured: compare.py and the
dashboard treat it as not assessed) but never negative. What
results/schema-v1.json requires and the scripts read must be there: a case's `params` and
`device`, a variant's `expected_verdict`, `expected`, `error`, `timing`, `saved_vs_reference`
(null where the schema allows), its `allocations` block (with its `ledger`, null for a failed
call) and its `checks` block; a file without one is refused, never read as "no figure" and let
through. Verdicts and finding roles take the values the C++ writer
(harness/results/case_result.cpp, harness/results_json/detail/writer_blocks.cpp) writes. Fields the scripts do not read,
and fields added by later versions, are not checked, so an additive schema change passes.
The checks of one field are field_checks.py's, those of a variant's blocks variant_checks.py's.
"""
import datetime

from clampbench_scripts.common import field_checks as check
from clampbench_scripts.common import variant_checks as blocks
from clampbench_scripts.common.errors import InputError

VERDICTS = ("same", "output_mismatch", "mutation", "error")
DEVICES = ("host", "cuda")


def _variant(v, field):
    check.need(isinstance(v, dict), field, "an object", v)
    check.string_field(v, "name", field, required=True)
    check.choice(v, "verdict", field, VERDICTS, required=True)
    check.choice(v, "expected_verdict", field, VERDICTS, required=True)
    check.present(v, "expected", field)  # a missing `expected` would read as "as expected"
    check.boolean(v, "expected", field)
    check.need(v["expected"] is not None, f"{field}.expected", "true or false", None)
    for key in ("error", "timing", "saved_vs_reference"):  # null allowed: no error, not timed, failed
        check.present(v, key, field)
    check.string_field(v, "error", field)
    blocks.allocations(v, field)
    blocks.checks(v, field)
    blocks.finding_set(v, field)
    saved = check.object_field(v, "saved_vs_reference", field)
    for figure in ("allocations", "bytes_requested"):
        if saved is not None:
            check.count(saved, figure, f"{field}.saved_vs_reference", signed=True)
    check.count(v, "instructions", field)
    timing = check.object_field(v, "timing", field)
    if timing is not None:
        blocks.timing(timing, f"{field}.timing")
    for key in ("order_dependent_writes", "latent_writes"):
        blocks.write_findings(v, key, field)
    trace = check.object_field(v, "allocation_trace", field)
    if trace is not None and trace.get("allocations") is not None:
        check.need(isinstance(trace["allocations"], list), f"{field}.allocation_trace.allocations",
                   "a list", trace["allocations"])


def _case(case, field, seen):
    check.need(isinstance(case, dict), field, "an object", case)
    check.string_field(case, "suite", field, required=True)
    check.string_field(case, "case_id", field, required=True)
    if case["case_id"] in seen:
        raise check.Bad(f"{field}.case_id", f"{case['case_id']!r} repeats {seen[case['case_id']]}")
    seen[case["case_id"]] = field
    check.object_field(case, "params", field, required=True)
    check.choice(case, "device", field, DEVICES, required=True)  # where its tensors lived: the dashboard splits by it
    variants = case.get("variants")
    check.need(isinstance(variants, list), f"{field}.variants", "a list", variants)
    names = set()
    for j, v in enumerate(variants):
        _variant(v, f"{field}.variants[{j}]")
        if v["name"] in names:
            raise check.Bad(f"{field}.variants[{j}].name", f"{v['name']!r} repeats in this case")
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
    check.need(ok, "environment.time", "a UTC time like 2026-12-02T12:00:00Z", v)


def _environment(env):
    for key in ("device_name", "backend", "allocator", "git_commit", "git_branch", "time", "size_set"):
        check.string_field(env, key, "environment")
    _utc_time(env)
    check.count(env, "repetitions", "environment")
    load = check.object_field(env, "machine_load", "environment")
    if load is not None:
        check.count(load, "cpus", "environment.machine_load")
        for key in ("load_1m_start", "load_1m_end"):
            check.measure(load, key, "environment.machine_load")
    check.object_field(env, "instructions", "environment")
    _shard(env)


def _shard(env):
    """environment.shard: absent, null, or {"index": I (1..N) or null (merged), "count": N}."""
    shard = check.object_field(env, "shard", "environment")
    if shard is None:
        return
    count, index = shard.get("count"), shard.get("index")
    check.need(isinstance(count, int) and not isinstance(count, bool) and count >= 1,
               "environment.shard.count", "a whole number of at least 1", count)
    check.need(index is None or (isinstance(index, int) and not isinstance(index, bool) and 1 <= index <= count),
               "environment.shard.index", f"null or a whole number from 1 to {count}", index)


def check_document(doc, path):
    """Raises InputError(PATH, "malformed: FIELD: problem") at the first bad field."""
    try:
        _environment(doc["environment"])
        seen = {}
        for i, case in enumerate(doc["cases"]):
            _case(case, f"cases[{i}]", seen)
        outcome = check.object_field(doc, "outcome", "")
        if outcome is not None:
            check.count(outcome, "cases_planned", "outcome")
    except check.Bad as e:
        raise InputError(path, f"malformed: {e}") from None
