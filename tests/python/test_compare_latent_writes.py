# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""compare.py on latent writes (in-place writes into Persistent buffers, a flag beside the
verdict): a finding that appears or vanishes is shown; one that appears gates as a verdict,
even when the head's expectations list it (a new finding, common/findings.py, compare/finding_sets.py); files from
before the field compare as before."""
import copy
import json

import pytest
from clampbench_testing import compare_json, fixture, load_json, row_of, run_script

FINDING = {"buffer": "block_table", "op": "clamp_", "view": "[2, 512] strides [512, 1] offset 0", "calls": 1,
           "elements_written": 1024, "elements_changed": 0, "expected": False, "reason": None}


def _doc(base, finding_expected):
    """base with the block on every variant; the target holds a finding unless None."""
    doc = copy.deepcopy(base)
    for case in doc["cases"]:
        for v in case["variants"]:
            v["latent_writes"] = {"findings": [], "vanished": [], "as_expected": True}
    if finding_expected is not None:
        doc["cases"][0]["variants"][1]["latent_writes"] = {
            "findings": [dict(FINDING, expected=finding_expected)], "vanished": [], "as_expected": finding_expected}
    return doc


@pytest.fixture
def runs(tmp_path):
    base = load_json(fixture("base.json"))
    paths = {}
    for name, expected in (("clean", None), ("unexpected", False), ("known", True)):
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_text(json.dumps(_doc(base, expected)))
    return paths


def test_an_unexpected_latent_write_that_appears_is_a_verdict_regression(runs, target):
    rc, result, _ = compare_json(runs["clean"], runs["unexpected"])
    assert rc == 1 and result["failing"] == ["verdicts"]
    o = row_of(result, *target)["latent_writes"]
    assert o["base"] == [] and o["head"] == ["block_table"] and o["call"] == "WORSE"


def test_a_known_latent_write_that_appears_is_still_a_new_finding(runs, target):
    rc, result, _ = compare_json(runs["clean"], runs["known"])
    assert rc == 1 and result["failing"] == ["verdicts"]
    row = row_of(result, *target)
    assert row["latent_writes"]["appeared"] == ["block_table"] and row["latent_writes"]["call"] == "SAME"
    assert row["findings"]["appeared"] == [{"kind": "latent_write", "name": "block_table clamp_", "count": 1024}]
    text = run_script("compare.py", runs["clean"], runs["known"], "--format", "text").stdout
    assert "latent writes: +block_table (appeared +, vanished -) SAME" in text
    assert "findings: +latent_write block_table clamp_ (1024) WORSE" in text


def test_a_latent_write_that_vanishes_is_shown(runs, target):
    rc, result, _ = compare_json(runs["unexpected"], runs["clean"])
    assert rc == 0
    o = row_of(result, *target)["latent_writes"]
    assert o["vanished"] == ["block_table"] and o["call"] == "BETTER"


def test_files_without_the_field_compare_as_before(runs, target):
    rc, result, _ = compare_json(fixture("base.json"), runs["unexpected"])
    assert rc == 0
    o = row_of(result, *target)["latent_writes"]
    assert o["base"] is None and o["call"] == "SAME"
