# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Reading clampbench results JSON v1 (results/SCHEMA.md) into flat rows.

Only the fields the scripts use are checked (results_check.py: types, finite non-negative
counts, unique case ids), so an additive schema change does not break them; anything else
wrong raises InputError naming the file and the field (exit code 2).
"""
import hashlib
import json

from clampbench_scripts.common.errors import InputError  # every reader imports it from here
from clampbench_scripts.common.json_input import load_json
from clampbench_scripts.common.results_check import check_document

from clampbench_scripts.common import findings, host_cost
from clampbench_scripts.common.measured import measured_cases

SCHEMA_VERSION = 1
LEDGER_FIGURES = ("allocations", "bytes_requested", "peak_bytes")
CONFIG_FIELDS = ("device_name", "backend", "allocator")


def load_document(path):
    """Parses PATH and checks it is a clampbench v1 document; returns the dict."""
    doc = load_json(path)
    if not isinstance(doc, dict) or doc.get("tool") != "clampbench":
        raise InputError(path, 'not a clampbench results file (no "tool": "clampbench")')
    if doc.get("schema_version") != SCHEMA_VERSION:
        raise InputError(path, f"schema_version {doc.get('schema_version')!r}, "
                               f"expected {SCHEMA_VERSION}")
    if not isinstance(doc.get("environment"), dict):
        raise InputError(path, "no environment object")
    if not isinstance(doc.get("cases"), list):
        raise InputError(path, "no cases list")
    check_document(doc, path)
    return doc


# What identifies a measurement besides its cases: when, from what commit and seed, where and
# with which settings it ran (a merge keeps each: the shards' earliest start, their host names).
# Not the envelope a merge or a copy rewrites: the command line and output path, a run id, a
# merge time, the cases' order, the file's spacing and key order.
MEASUREMENT_FIELDS = ("time", "git_commit", "git_dirty", "seed", "host_name", "device_name", "backend", "allocator",
                      "size_set", "repetitions", "timing", "selection", "shard", "plant", "vllm")


def run_identity(doc):
    """What makes a run one measurement, however it was re-packaged: a hash of its cases (in
    case id order) with the environment's MEASUREMENT_FIELDS, as canonical JSON. The same
    shards merged twice to two paths, a re-indented copy, a copy with a new run id are one
    run, and so are copies that differ only in fields the schema does not define (measured.py).
    A history holds each run once, and a noise estimate never counts a run twice."""
    env = doc["environment"]
    measured = {"cases": measured_cases(doc["cases"]),
                "environment": {k: env.get(k) for k in MEASUREMENT_FIELDS}}
    text = json.dumps(measured, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "measurement:" + hashlib.sha256(text.encode()).hexdigest()


def _timing_figures(timing):
    """(primary name, stats dict or None, cpu stats or None) of one variant's timing."""
    if not isinstance(timing, dict):
        return None, None, None
    primary = timing.get("primary")
    stats = timing.get(primary) if primary else None
    return primary, stats if isinstance(stats, dict) else None, timing.get("cpu")


def _order_writes(variant, key="order_dependent_writes"):
    """(sorted buffers with a finding of `key` -- order-dependent or latent writes --, as
    expected) or (None, True) in files from before the field existed."""
    block = variant.get(key)
    if not isinstance(block, dict):
        return None, True
    buffers = sorted({f["buffer"] for f in block.get("findings", []) if isinstance(f, dict)})
    return buffers, bool(block.get("as_expected", True))


def variant_row(case, variant):
    """One flat row for a (case, variant): what compare, export and report read."""
    ledger = (variant.get("allocations") or {}).get("ledger")
    total = ledger.get("total") if isinstance(ledger, dict) else None
    devices = {k: v for k, v in (ledger or {}).items() if k != "total" and isinstance(v, dict)}
    primary, stats, cpu = _timing_figures(variant.get("timing"))
    saved = variant.get("saved_vs_reference") or {}
    order_writes, order_writes_expected = _order_writes(variant)
    latent_writes, latent_writes_expected = _order_writes(variant, "latent_writes")
    return {
        "suite": case["suite"],
        "case_id": case["case_id"],
        "params": case.get("params", {}),
        "device": case.get("device"),
        "variant": variant["name"],
        "verdict": variant["verdict"],
        "expected_verdict": variant.get("expected_verdict"),
        "expected": bool(variant.get("expected", True)),
        "error": variant.get("error"),
        "order_writes": order_writes,
        "order_writes_expected": order_writes_expected,
        "latent_writes": latent_writes,
        "latent_writes_expected": latent_writes_expected,
        "latent_findings": (variant.get("latent_writes") or {}).get("findings") or [],
        "findings": findings.of_variant(variant),
        "findings_expected": findings.as_expected(variant),
        "allocation_trace": (variant.get("allocation_trace") or {}).get("allocations"),
        "ledger": {f: total.get(f) for f in LEDGER_FIGURES} if isinstance(total, dict) else None,
        "ledger_devices": {d: {f: v.get(f) for f in LEDGER_FIGURES} for d, v in devices.items()},
        "saved_allocations": saved.get("allocations"),
        "saved_bytes": saved.get("bytes_requested"),
        "time_primary": primary,
        "time": stats,
        "cpu_time": cpu if isinstance(cpu, dict) else None,
        "wall_time": (variant.get("timing") or {}).get("wall"),
        "iterations": (variant.get("timing") or {}).get("iterations"),
        "instructions": variant.get("instructions"),
        "host_cost": host_cost.of_variant(variant),
        "time_noise": (variant.get("timing") or {}).get("noise"),
        "time_converged": (variant.get("timing") or {}).get("converged"),
    }


def rows_of(doc, path="<results>"):
    """{(case_id, variant): row} of a loaded document, in file order."""
    rows = {}
    try:
        for case in doc["cases"]:
            for variant in case["variants"]:
                row = variant_row(case, variant)
                rows[(row["case_id"], row["variant"])] = row
    except (KeyError, TypeError, AttributeError) as e:
        raise InputError(path, f"malformed case or variant ({type(e).__name__}: {e})") from None
    return rows


def load_rows(path, allow_partial=True, seen=None):
    """(environment, rows) of the results file PATH; raises InputError, also for a run that did
    not finish unless ALLOW_PARTIAL, and for a run already in SEEN ({run_identity: path}, the
    other runs of one side: a copy would read as a second run with no spread)."""
    doc = load_document(path)
    if not allow_partial:
        refuse_partial(doc, path)
    if seen is not None:
        identity = run_identity(doc)
        if identity in seen:
            raise InputError(path, f"the same run as {seen[identity]}; each run of a side counts once")
        seen[identity] = path
    return doc["environment"], rows_of(doc, path)


def refuse_partial(doc, path):
    """Raises InputError when DOC is a run that did not finish (interrupted, or killed while it
    ran), or one shard of a run (`run --shard I/N`): its missing cases would read as removed,
    never as a regression."""
    refuse_shard(doc, path)
    outcome = doc.get("outcome") if isinstance(doc.get("outcome"), dict) else {}
    if outcome.get("status") == "interrupted":
        planned = outcome.get("cases_planned")
        of = f" of {planned}" if isinstance(planned, int) else ""
        raise InputError(path, f"an unfinished run ({len(doc['cases'])}{of} cases, outcome.status "
                               f"interrupted): finish it with `clampbench run --resume {path}`")


def refuse_shard(doc, path):
    """Raises InputError when DOC is one shard of a run (environment.shard with an index; a
    merged run has a null index): half a run, whose absent cases a reader would take as gone."""
    shard = doc["environment"].get("shard")
    if isinstance(shard, dict) and shard.get("index") is not None:
        raise InputError(path, f"shard {shard['index']} of {shard.get('count')} of a run (environment.shard): "
                               "join the shards with `clampbench merge` first")


def instruction_method(env):
    """How the run counted instructions ("perf", "callgrind"), or None (off, or an older file)."""
    method = (env.get("instructions") or {}).get("method")
    return None if method in (None, "off") else method


def config_of(env):
    """The figures two runs must share to be comparable."""
    return {f: env.get(f) for f in CONFIG_FIELDS}


def config_differences(env_a, env_b):
    """[(field, a, b)] where the two environments' configurations differ."""
    a, b = config_of(env_a), config_of(env_b)
    return [(f, a[f], b[f]) for f in CONFIG_FIELDS if a[f] != b[f]]


TIME_FIGURES = ("median", "p10", "p90")


def light_row(row):
    """The fields of a row that a history's older runs are read for: the trends (series),
    the change detection and the time noise (time_calls). Everything else of a row is read
    from the latest two runs and the baseline only."""
    t = row["time"]
    return {"suite": row["suite"], "case_id": row["case_id"], "variant": row["variant"],
            "ledger": row["ledger"], "saved_allocations": row["saved_allocations"],
            "saved_bytes": row["saved_bytes"], "host_cost": host_cost.light(row.get("host_cost")),
            "time": {k: t.get(k) for k in TIME_FIGURES} if isinstance(t, dict) else None}
