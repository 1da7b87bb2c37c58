# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Missing or invalid data never passes the gate: a gated figure missing (null, absent) on a
side is NOT ASSESSED (exit 3, the rows named), never "no regression"; a variant without a
block the schema requires, or with a value the writer never writes (a negative count, an
unknown verdict, a 400-digit integer), is refused with one line naming the file and the field
(exit 2), never read as a regression (exit 1) nor a traceback."""
import json

import pytest
from clampbench_testing import fixture, load_json, one_line_error, run_script

BASE = fixture("base.json")
TIMEOUT = 60


def _write(tmp_path, doc, name):
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return path


def _with_instructions(count):
    doc = load_json(BASE)
    for case in doc["cases"]:
        for v in case["variants"]:
            v["instructions"] = count
    return doc


def _compare(*args):
    proc = run_script("compare.py", *args, "--format", "text", timeout=TIMEOUT)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_head_without_instruction_counts_is_not_assessed(tmp_path):
    base = _write(tmp_path, _with_instructions(14468), "base.json")
    head = _write(tmp_path, _with_instructions(None), "head.json")
    proc = _compare(base, head)
    assert proc.returncode == 3, proc.stdout
    assert "RESULT: NOT ASSESSED in instructions" in proc.stdout and "no regression" not in proc.stdout
    assert "NOT ASSESSED: instructions of 9 row(s)" in proc.stdout
    assert "ngram_update/R=8,L=256,K=3 clamp_ (instructions missing in head)" in proc.stdout
    assert _compare(head, base).returncode == 3  # either side
    # Asked for explicitly, even with both sides missing: not assessed, never "instructions: None".
    assert _compare(BASE, BASE, "--fail-on", "instructions").returncode == 3
    assert _compare(base, base, "--fail-on", "instructions").returncode == 0


def test_missing_allocation_figure_is_not_assessed_and_a_regression_wins(tmp_path):
    doc = load_json(BASE)
    doc["cases"][0]["variants"][1]["allocations"]["ledger"] = None  # as for a failed call
    head = _write(tmp_path, doc, "head.json")
    proc = _compare(BASE, head, "--fail-on", "allocations")
    assert proc.returncode == 3 and "RESULT: NOT ASSESSED in allocations" in proc.stdout
    assert "allocations.ledger.total.allocations missing in head" in proc.stdout
    doc["cases"][1]["variants"][1]["allocations"]["ledger"]["total"]["allocations"] += 1
    worse = _write(tmp_path, doc, "worse.json")
    proc = _compare(BASE, worse, "--fail-on", "allocations")
    assert proc.returncode == 1 and "RESULT: REGRESSION in allocations" in proc.stdout


@pytest.mark.parametrize("path", ["allocations", "checks", "checks.outputs", "checks.mutations",
                                  "allocations.ledger", "expected", "expected_verdict", "timing"])
def test_variant_without_a_required_block_is_refused(tmp_path, path):
    doc = load_json(BASE)
    obj = doc["cases"][0]["variants"][1]
    *parents, last = path.split(".")
    for p in parents:
        obj = obj[p]
    del obj[last]
    bad = _write(tmp_path, doc, "bad.json")
    for args in ((BASE, bad), (bad, BASE)):
        proc = _compare(*args)
        assert proc.returncode == 2 and proc.stdout == ""
        line = one_line_error(proc)
        assert str(bad) in line and f"cases[0].variants[1].{path}: missing" in line, line


HOSTILE_VALUES = [
    ("checks.mutations", [{"buffer": "block_table", "role": "persistent", "changed": -3, "first": []}],
     "checks.mutations[0].changed"),
    ("checks.outputs.mismatches", [{"output": "x", "count": "many", "first_index": None,
                                    "reference": None, "value": None}], "checks.outputs.mismatches[0].count"),
    ("verdict", "weird", "verdict"),
    ("expected_verdict", "weird", "expected_verdict"),
    ("findings", {"set": [{"kind": "output", "name": "x", "count": "many"}], "listed": True,
                  "unexpected": [], "vanished": [], "as_expected": True}, "findings.set[0].count"),
    ("latent_writes", {"findings": [{"buffer": "b", "op": "clamp_", "elements_written": -1}],
                       "vanished": [], "as_expected": True}, "latent_writes.findings[0].elements_written"),
    ("order_dependent_writes", {"findings": [{"buffer": "b", "duplicates": "2"}], "vanished": [],
                                "as_expected": True}, "order_dependent_writes.findings[0].duplicates"),
]


@pytest.mark.parametrize("dotted,value,field", HOSTILE_VALUES)
def test_invalid_finding_or_verdict_is_bad_input_not_a_regression(tmp_path, dotted, value, field):
    doc = load_json(BASE)
    obj = doc["cases"][0]["variants"][1]
    *parents, last = dotted.split(".")
    for p in parents:
        obj = obj[p]
    obj[last] = value
    bad = _write(tmp_path, doc, "bad.json")
    proc = _compare(BASE, bad)
    assert proc.returncode == 2 and proc.stdout == ""
    line = one_line_error(proc)
    assert str(bad) in line and f"cases[0].variants[1].{field}" in line, line


def test_a_time_that_is_not_a_utc_time_is_bad_input(tmp_path):
    doc = load_json(BASE)
    doc["environment"]["time"] = "yesterday"
    bad = _write(tmp_path, doc, "bad.json")
    proc = _compare(BASE, bad)
    assert proc.returncode == 2 and "environment.time" in one_line_error(proc)
    proc = run_script("report.py", "--single", bad, "-o", tmp_path / "site", timeout=TIMEOUT)
    assert proc.returncode == 2 and "environment.time" in proc.stderr and "Traceback" not in proc.stderr


def test_a_400_digit_count_is_bad_input_not_a_traceback(tmp_path):
    text = json.dumps(load_json(BASE))
    doc = load_json(BASE)
    n = doc["cases"][0]["variants"][1]["allocations"]["ledger"]["total"]["allocations"]
    marker = '"allocations": %d, "frees"' % n
    assert marker in text
    bad = _write(tmp_path, text.replace(marker, '"allocations": 1%s, "frees"' % ("0" * 400), 1), "bad.json")
    for args in ((BASE, bad), (bad, BASE)):
        proc = _compare(*args)
        assert proc.returncode == 2
        assert "allocations.ledger" in one_line_error(proc) and str(bad) in proc.stderr
    proc = run_script("export.py", bad, "--format", "bmf", timeout=TIMEOUT)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_a_400_digit_time_sample_is_bad_input_not_a_traceback(tmp_path):
    doc = load_json(BASE)
    doc["cases"][0]["variants"][0]["timing"]["wall"]["samples"][0] = 12345678901234567
    bad = _write(tmp_path, json.dumps(doc).replace("12345678901234567", "1" + "0" * 400), "bad.json")
    proc = run_script("export.py", bad, "--format", "gbench", timeout=TIMEOUT)
    assert proc.returncode == 2 and "timing.wall.samples[0]" in one_line_error(proc)


@pytest.mark.parametrize("key,value", [("params", None), ("device", None), ("device", "tpu")])
def test_a_case_without_its_params_or_device_is_refused(tmp_path, key, value):
    doc = load_json(BASE)
    if value is None:
        del doc["cases"][1][key]
    else:
        doc["cases"][1][key] = value
    proc = _compare(BASE, _write(tmp_path, doc, "bad.json"))
    assert proc.returncode == 2 and f"cases[1].{key}" in one_line_error(proc)
