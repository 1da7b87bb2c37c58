# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The checks of a variant's blocks (results/SCHEMA.md): its timing and samples, its ledger,
its checks (output mismatches, mutations), its findings and its order-dependent and latent
writes. Roles and finding kinds are the ones the C++ writer writes
(harness/results_json/detail/writer_blocks.cpp)."""
from itertools import repeat

from clampbench_scripts.common import field_checks as check

LEDGER_FIGURES = ("allocations", "frees", "bytes_requested", "bytes_reserved", "peak_bytes", "segments_created",
                  "segments_released", "segment_bytes_created")
CUPTI_COUNTS = ("allocations", "releases", "bytes", "kernels", "launch_calls", "dropped_records")
TIME_STATS = ("device", "wall", "cpu")
TIME_FIGURES = ("median", "p10", "p90", "mean", "stdev")
ROLES = ("fresh", "persistent", "persistent_writable")
FINDING_KINDS = ("output", "mutation", "consequence")


def timing(t, field):
    check.string_field(t, "primary", field)
    for key in ("iterations", "repetitions", "rounds"):
        check.count(t, key, field)
    check.time_field(t, "noise", field)
    for name in TIME_STATS:
        stats = check.object_field(t, name, field)
        if stats is not None:
            for figure in TIME_FIGURES:
                check.time_field(stats, figure, f"{field}.{name}")
            samples(stats.get("samples", []), f"{field}.{name}.samples")


def samples(values, field):
    """A list of non-negative times (NaN allowed); checked in C, located in Python when bad."""
    check.need(isinstance(values, list), field, "a list", values)
    if all(map(isinstance, values, repeat(float))) and not any(map(0.0.__gt__, values)):
        return  # the writer's doubles; an integer (one of 400 digits, say) is checked one by one
    for i, s in enumerate(values):
        check.need(check.number(s) and not s < 0, f"{field}[{i}]", "a non-negative time", s)


_WRITE_COUNTS = {"order_dependent_writes": ("duplicates",),
                 "latent_writes": ("calls", "elements_written", "elements_changed")}


def write_findings(v, key, field):
    """An order-dependent or latent writes block: each finding names its buffer (and, for a
    latent write, its op) and counts with non-negative integers."""
    block = check.object_field(v, key, field)
    if block is not None:
        check.boolean(block, "as_expected", f"{field}.{key}")
        for i, f in enumerate(check.list_field(block, "findings", f"{field}.{key}")):
            where = f"{field}.{key}.findings[{i}]"
            check.need(isinstance(f, dict), where, "an object", f)
            check.string_field(f, "buffer", where, required=True)
            if key == "latent_writes":
                check.string_field(f, "op", where, required=True)
            for figure in _WRITE_COUNTS[key]:
                check.count(f, figure, where)


def checks(v, field):
    """The checks block (required): each output mismatch names its output with a count, each
    mutation its buffer with the elements it changed (at least 1)."""
    checks = check.object_field(v, "checks", field, required=True)
    where = f"{field}.checks"
    outputs = check.object_field(checks, "outputs", where, required=True)
    for m, at in check.entries(check.list_field(outputs, "mismatches", f"{where}.outputs", required=True), f"{where}.outputs.mismatches"):
        check.string_field(m, "output", at, required=True)
        check.count(m, "count", at, required=True)
    for m, at in check.entries(check.list_field(checks, "mutations", where, required=True), f"{where}.mutations"):
        check.string_field(m, "buffer", at, required=True)
        check.choice(m, "role", at, ROLES)
        check.count(m, "changed", at, required=True, least=1)
    for m, at in check.entries(check.list_field(checks, "writes", where), f"{where}.writes"):
        check.count(m, "changed", at)


def finding_set(v, field):
    """The optional per-finding block: as_expected a boolean, each listed finding a kind the
    writer knows, a name and a count."""
    block = check.object_field(v, "findings", field)
    if block is None:
        return
    where = f"{field}.findings"
    check.boolean(block, "as_expected", where)
    for key in ("set", "unexpected", "vanished"):
        for f, at in check.entries(check.list_field(block, key, where), f"{where}.{key}"):
            check.choice(f, "kind", at, FINDING_KINDS, required=True)
            check.string_field(f, "name", at, required=True)
            check.count(f, "count", at, required=True)
            check.count(f, "expected_count", at)


def allocations(v, field):
    """The allocations block (required) and its ledger: an object of per-device counters, or
    null for a call that failed."""
    allocations = check.object_field(v, "allocations", field, required=True)
    check.present(allocations, "ledger", f"{field}.allocations")
    ledger = check.object_field(allocations, "ledger", f"{field}.allocations")
    for device, figures in (ledger or {}).items():
        where = f"{field}.allocations.ledger.{device}"
        check.need(isinstance(figures, dict), where, "an object", figures)
        for figure in LEDGER_FIGURES:
            check.count(figures, figure, where)
    cupti = check.object_field(allocations, "cupti", f"{field}.allocations")
    for figure in CUPTI_COUNTS if cupti is not None else ():
        check.count(cupti, figure, f"{field}.allocations.cupti")
