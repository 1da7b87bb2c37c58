#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Builds tests/fixtures/head_*.json, the bad files and history/ from tests/fixtures/base.json.

base.json may be hand-made or a real `clampbench run` output (timing on, >= 5 repetitions):
every variant here changes one row, the TARGET (the first case's second variant, a clamp_
whose verdict is expected), so the tests can find what changed without knowing case ids.
Run `/usr/bin/python3 tests/python/make_fixtures.py` after replacing base.json.
"""
import copy
import json
import os
import sys

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "fixtures")
HISTORY_RUNS = 8
HISTORY_STEP_RUN = 5  # the history's target gains one allocation from this run (0-based) on


def target(doc):
    """(case_id, variant) every head fixture changes."""
    case = doc["cases"][0]
    return case["case_id"], case["variants"][1]["name"]


def _target_variant(doc):
    case = doc["cases"][0]
    return case["variants"][1]


def _retime(doc, commit, time):
    doc["environment"]["git_commit"] = commit
    doc["environment"]["time"] = time
    return doc


def _scale_stats(stats, factor):
    for k in ("median", "p10", "p90", "mean", "stdev"):
        stats[k] = stats[k] * factor
    stats["samples"] = [x * factor for x in stats["samples"]]


def head_same(base):
    doc = _retime(copy.deepcopy(base), "2222222" + "b" * 33, "2026-12-02T02:00:00Z")
    for case in doc["cases"]:  # same times in another order: nothing may change
        for v in case["variants"]:
            if v["timing"]:
                for stats in (v["timing"]["wall"], v["timing"]["cpu"], v["timing"]["device"]):
                    if stats:
                        stats["samples"] = stats["samples"][::-1]
    return doc


def head_alloc_regression(base):
    doc = head_same(base)
    ledger = _target_variant(doc)["allocations"]["ledger"]
    device = doc["cases"][0]["device"]
    for key in (device, "total"):  # the case's own device and the sum
        ledger[key]["allocations"] += 1
        ledger[key]["frees"] += 1
        ledger[key]["bytes_requested"] += 64
    saved = _target_variant(doc)["saved_vs_reference"]
    saved["allocations"] -= 1
    saved["bytes_requested"] -= 64
    return doc


def head_verdict_regression(base):
    doc = head_same(base)
    v = _target_variant(doc)
    v["verdict"] = "mutation"
    v["expected"] = v["expected_verdict"] == "mutation"
    v["checks"]["mutations"] = [{"buffer": "block_table", "role": "persistent", "changed": 1,
                                 "first": [{"index": [0, 0], "before": -1, "after": 0}]}]
    return doc


def head_time_regression(base):
    """The target 1.5x slower, or more where the base is so noisy that 1.5x would leave the
    two sample sets overlapping: fully separated sets are significant for any n >= 4."""
    doc = head_same(base)
    timing = _target_variant(doc)["timing"]
    for key in ("wall", "cpu", "device"):
        if timing[key]:
            samples = timing[key]["samples"]
            _scale_stats(timing[key], max(1.5, 1.05 * max(samples) / min(samples)))
    return doc


def head_few_samples(base):
    doc = head_time_regression(base)
    timing = _target_variant(doc)["timing"]
    timing["repetitions"] = 2
    for key in ("wall", "cpu", "device"):
        if timing[key]:
            timing[key]["samples"] = timing[key]["samples"][:2]
    return doc


def head_other_device(base):
    doc = head_same(base)
    doc["environment"].update(device_name="NVIDIA H200", backend="cuda", sm_count=132)
    return doc


def history_runs(base):
    """HISTORY_RUNS nightly runs; the target gains an allocation from HISTORY_STEP_RUN on."""
    runs = []
    for i in range(HISTORY_RUNS):
        doc = head_alloc_regression(base) if i >= HISTORY_STEP_RUN else head_same(base)
        _retime(doc, f"{i:07x}" + "c" * 33, f"2026-11-{10 + i:02d}T02:00:00Z")
        runs.append((f"202611{10 + i:02d}T020000Z-{i:07x}.json", doc))
    return runs


HEADS = {"head_same.json": head_same, "head_alloc_regression.json": head_alloc_regression,
         "head_verdict_regression.json": head_verdict_regression,
         "head_time_regression.json": head_time_regression,
         "head_few_samples.json": head_few_samples, "head_other_device.json": head_other_device}
BAD_FILES = {
    "malformed.json": '{"schema_version": 1, "tool": "clampbench", "cases": [',
    "foreign.json": json.dumps({"context": {}, "benchmarks": []}),
    "wrong_version.json": json.dumps({"schema_version": 99, "tool": "clampbench",
                                      "environment": {}, "cases": []}),
}


def dump(doc):
    return json.dumps(doc, indent=1, sort_keys=True) + "\n"


def all_fixtures(base):
    """{relative path: text} of every generated fixture."""
    out = {name: dump(make(base)) for name, make in HEADS.items()}
    out.update(BAD_FILES)
    for name, doc in history_runs(base):
        out[os.path.join("history", name)] = dump(doc)
    out[os.path.join("history", "20261113T020000Z-broken.json")] = BAD_FILES["malformed.json"]
    return out


def main():
    with open(os.path.join(FIXTURES, "base.json")) as f:
        base = json.load(f)
    os.makedirs(os.path.join(FIXTURES, "history"), exist_ok=True)
    for rel, text in all_fixtures(base).items():
        with open(os.path.join(FIXTURES, rel), "w") as f:
            f.write(text)
    print(f"wrote {len(all_fixtures(base))} fixtures under {os.path.normpath(FIXTURES)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
