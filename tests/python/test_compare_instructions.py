# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""compare.py and the exports on instructions per call: a change beyond the tolerance is a
call and gates as its own category; counts of different methods, or a run without counts,
are shown but not called."""
import copy
import json

import pytest
from clampbench_testing import compare_json, fixture, load_json, row_of, run_script


def _doc(base, method="callgrind", scale=None, target=None):
    """base with a count on every variant (by position, so runs agree), one scaled by SCALE."""
    doc = copy.deepcopy(base)
    doc["environment"]["instructions"] = {"method": method, "requested": "auto", "note": "test"}
    for ci, case in enumerate(doc["cases"]):
        for vi, v in enumerate(case["variants"]):
            v["instructions"] = 100_000 + 1000 * ci + 10 * vi
            if target == (case["case_id"], v["name"]) and scale is not None:
                v["instructions"] = round(v["instructions"] * scale)
    return doc


@pytest.fixture
def write(tmp_path):
    def _write(name, doc):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(doc))
        return path
    return _write


@pytest.fixture
def base(write):
    return write("base", _doc(load_json(fixture("base.json"))))


def test_equal_counts_are_same_and_the_headline_names_the_method(base, write):
    rc, result, _ = compare_json(base, write("head", _doc(load_json(fixture("base.json")))))
    assert rc == 0 and result["instruction_methods"] == ["callgrind", "callgrind"]
    assert {r["instructions"]["call"] for r in result["rows"]} == {"SAME"}
    text = run_script("compare.py", base, base, "--format", "text").stdout
    assert "instructions: callgrind, tolerance 1.0%" in text and "instructions/call" in text


def test_ten_percent_more_instructions_is_a_regression_of_its_own(base, write, target):
    head = write("head", _doc(load_json(fixture("base.json")), scale=1.10, target=target))
    rc, result, _ = compare_json(base, head)
    assert rc == 1 and result["failing"] == ["instructions"]
    i = row_of(result, *target)["instructions"]
    assert i["call"] == "WORSE" and i["ratio"] == pytest.approx(1.10, abs=1e-4)
    assert row_of(result, *target)["regressions"] == ["instructions"]
    rc, _, _ = compare_json(base, head, "--fail-on", "allocations,verdicts")
    assert rc == 0
    md = run_script("compare.py", base, head).stdout
    assert "REGRESSION in instructions" in md and "WORSE" in md


def test_the_tolerance_decides_what_is_a_change(base, write, target):
    head = write("head", _doc(load_json(fixture("base.json")), scale=1.005, target=target))
    rc, result, _ = compare_json(base, head)
    assert rc == 0 and row_of(result, *target)["instructions"]["call"] == "SAME"
    rc, result, _ = compare_json(base, head, "--instructions-tolerance", "0.001")
    assert rc == 1 and row_of(result, *target)["instructions"]["call"] == "WORSE"
    bad = run_script("compare.py", base, head, "--instructions-tolerance", "-1")
    assert bad.returncode == 2 and "not a positive number" in bad.stderr


def test_fewer_instructions_is_better(base, write, target):
    rc, result, _ = compare_json(base, write("head", _doc(load_json(fixture("base.json")), scale=0.9, target=target)))
    assert rc == 0 and row_of(result, *target)["instructions"]["call"] == "BETTER"


def test_counts_of_different_methods_are_not_called(base, write, target):
    head = write("head", _doc(load_json(fixture("base.json")), method="perf", scale=1.5, target=target))
    rc, result, _ = compare_json(base, head)
    i = row_of(result, *target)["instructions"]
    assert rc == 3 and i["call"] == "AMBIGUOUS" and i["reason"] == "counted with callgrind in base, perf in head"
    assert result["not_assessed"]["instructions"][0][1] == "counted with callgrind in base, perf in head"


def test_counts_on_one_side_only_are_not_assessed(base, target):
    old = fixture("base.json")  # a file from before the field
    rc, result, _ = compare_json(old, base)
    i = row_of(result, *target)["instructions"]
    assert rc == 3 and i["call"] == "AMBIGUOUS" and i["reason"] == "not counted in base"
    assert "RESULT: NOT ASSESSED in instructions" in run_script("compare.py", old, base, "--format", "text").stdout
    # Neither run counted (cuda rows, --instructions off): not gated by default, NOT ASSESSED
    # when --fail-on names instructions.
    assert "instructions: not counted" in run_script("compare.py", old, old, "--format", "text").stdout
    assert compare_json(old, old)[0] == 0 and compare_json(old, old, "--fail-on", "instructions")[0] == 3


def test_exports_carry_the_count(base, target):
    name = "/".join(target)
    gbench = json.loads(run_script("export.py", base, "--format", "gbench").stdout)
    family = [b for b in gbench["benchmarks"] if b["name"] == f"{name}/instructions"]
    expected = row_of(compare_json(base, base)[1], *target)["instructions"]["head"]
    assert len(family) == 1 and family[0]["real_time"] == expected
    bmf = json.loads(run_script("export.py", base, "--format", "bmf").stdout)
    assert bmf[name]["instructions"] == {"value": expected}
