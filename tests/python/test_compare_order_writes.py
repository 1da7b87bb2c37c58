# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""compare.py on order-dependent writes (a flag beside the verdict): a finding that appears
or vanishes between base and head is shown; one that appears gates as a verdict even when the
head's expectations list it (a new finding, common/findings.py, compare/finding_sets.py)."""
import copy
import json

import pytest
from clampbench_testing import compare_json, fixture, load_json, row_of, run_script

FINDING = {"buffer": "token_ids", "role": "persistent_writable", "op": "scatter_", "duplicates": 1,
           "first_index": [3, 255], "expected": False, "reason": None}


def _with_finding(doc, expected):
    doc = copy.deepcopy(doc)
    for case in doc["cases"]:  # every variant of the new files carries the block
        for v in case["variants"]:
            v["order_dependent_writes"] = {"findings": [], "vanished": [], "as_expected": True}
    target = doc["cases"][0]["variants"][1]
    target["order_dependent_writes"] = {"findings": [dict(FINDING, expected=expected)], "vanished": [],
                                        "as_expected": expected}
    return doc


@pytest.fixture
def runs(tmp_path):
    """Paths of: the base without findings (new format), the base with an unexpected finding
    on the target, and the same finding listed as known."""
    base = load_json(fixture("base.json"))
    clean = _with_finding(base, True)
    clean["cases"][0]["variants"][1]["order_dependent_writes"] = {"findings": [], "vanished": [],
                                                                 "as_expected": True}
    paths = {}
    for name, doc in (("clean", clean), ("unexpected", _with_finding(base, False)),
                      ("known", _with_finding(base, True))):
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_text(json.dumps(doc))
    return paths


def test_an_unexpected_finding_that_appears_is_a_verdict_regression(runs, target):
    rc, result, _ = compare_json(runs["clean"], runs["unexpected"])
    assert rc == 1 and result["failing"] == ["verdicts"]
    o = row_of(result, *target)["order_dependent_writes"]
    assert o["base"] == [] and o["head"] == ["token_ids"]
    assert o["appeared"] == ["token_ids"] and o["vanished"] == [] and o["call"] == "WORSE"
    assert sum(1 for r in result["rows"] if r["regressions"]) == 1


def test_a_known_finding_that_appears_is_still_a_new_finding(runs, target):
    rc, result, _ = compare_json(runs["clean"], runs["known"])
    assert rc == 1 and result["failing"] == ["verdicts"]
    row = row_of(result, *target)
    o = row["order_dependent_writes"]
    assert o["appeared"] == ["token_ids"] and o["call"] == "SAME"  # as the head's expectations say
    assert row["findings"]["appeared"] == [{"kind": "order_dependent_write", "name": "token_ids", "count": 1}]
    assert row["findings"]["call"] == "WORSE"
    text = run_script("compare.py", runs["clean"], runs["known"], "--format", "text").stdout
    assert "order-dependent writes: +token_ids (appeared +, vanished -) SAME" in text
    assert "findings: +order_dependent_write token_ids (1) WORSE" in text


def test_a_finding_that_vanishes_is_shown(runs, target):
    rc, result, _ = compare_json(runs["unexpected"], runs["clean"])
    assert rc == 0
    o = row_of(result, *target)["order_dependent_writes"]
    assert o["vanished"] == ["token_ids"] and o["appeared"] == [] and o["call"] == "BETTER"
    md = run_script("compare.py", runs["unexpected"], runs["clean"], "--format", "md").stdout
    assert "order-dependent writes: -token_ids" in md


def test_files_without_the_field_compare_as_before(runs, target):
    rc, result, _ = compare_json(fixture("base.json"), runs["unexpected"])
    assert rc == 0
    o = row_of(result, *target)["order_dependent_writes"]
    assert o["base"] is None and o["appeared"] == [] and o["call"] == "SAME"
