# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Findings-level expectations through the real binary: a finding the rule does not name
fails the run even when the verdict class is the expected one; a rule whose verdict its
findings do not add up to is refused in one line; a version 1 file still runs."""
import copy
import json
import os

import pytest
from clampbench_testing import ROOT, one_line_error

SPARSE_128 = ("--suite", "sparse_mla_slot_mapping", "--axis", "ratio=128", "--axis", "padding=2")


@pytest.fixture
def expectations():
    with open(os.path.join(ROOT, "results", "expectations.json")) as f:
        return json.load(f)


def _run(clampbench, tmp_path, doc, *selection):
    path = tmp_path / "expectations.json"
    path.write_text(json.dumps(doc))
    out = tmp_path / "out.json"
    proc = clampbench("run", "--backend", "host", "--no-timing", "--instructions", "off", *selection,
                      "--expectations", path, "--out", out)
    return proc, (json.loads(out.read_text()) if out.exists() else None)


def test_an_output_the_rule_does_not_name_fails_beside_the_expected_class(clampbench, tmp_path, expectations):
    narrowed = copy.deepcopy(expectations)
    rule = narrowed["expectations"][0]
    assert rule["verdict"] == "output_mismatch"
    rule["outputs"] = ["c128a_global_decode_topk_indices"]  # the buffer it views left out
    proc, doc = _run(clampbench, tmp_path, narrowed, *SPARSE_128)
    assert proc.returncode == 1, proc.stderr
    assert doc["outcome"]["unexpected"] == []  # the verdict class is the expected one
    names = {(f["kind"], f["name"], f["vanished"]) for f in doc["outcome"]["unexpected_findings"]}
    assert names == {("output", "c128a_global_decode_buffer", False)}
    assert "output(c128a_global_decode_buffer, " in proc.stderr and "unexpected finding(s)" in proc.stderr


def test_a_named_count_that_differs_and_a_vanished_buffer_fail(clampbench, tmp_path, expectations):
    pinned = copy.deepcopy(expectations)
    pinned["expectations"][0]["mutations"] = [{"buffer": "block_table", "changed": 1},
                                              {"buffer": "block_table_base"}, {"buffer": "seq_lens"}]
    proc, doc = _run(clampbench, tmp_path, pinned, *SPARSE_128)
    assert proc.returncode == 1, proc.stderr
    found = doc["outcome"]["unexpected_findings"]
    assert {(f["name"], f["expected_count"], f["vanished"]) for f in found if f["name"] == "block_table"} \
        == {("block_table", 1, False)}
    assert all(f["vanished"] for f in found if f["name"] == "seq_lens") and any(f["name"] == "seq_lens" for f in found)


def test_a_verdict_its_findings_do_not_add_up_to_is_refused(clampbench, tmp_path, expectations):
    bad = copy.deepcopy(expectations)
    bad["expectations"][0]["verdict"] = "mutation"  # but it names outputs
    proc, doc = _run(clampbench, tmp_path, bad, *SPARSE_128)
    assert proc.returncode == 2 and doc is None
    line = one_line_error(proc)
    assert "rule 1 (sparse_mla_slot_mapping clamp_)" in line and "add up to 'output_mismatch'" in line, line


def test_a_version_1_file_checks_the_class_only(clampbench, tmp_path, expectations):
    v1 = copy.deepcopy(expectations)
    v1["schema_version"] = 1
    for rule in v1["expectations"]:
        rule.pop("outputs", None)
        rule.pop("mutations", None)
        rule.pop("consequences", None)
    proc, doc = _run(clampbench, tmp_path, v1, *SPARSE_128)
    assert proc.returncode == 0, proc.stderr
    clamp_ = [c["variants"][1] for c in doc["cases"]]
    assert clamp_ and all(not v["findings"]["listed"] and v["findings"]["as_expected"] for v in clamp_)
