# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""compare.py on finding sets: with the verdict class unchanged (output_mismatch on both
sides), another output, another changed buffer or another count is a verdicts regression; a
finding that vanishes is BETTER unless the head's own expectations miss it."""
import copy
import json

import pytest
from clampbench_testing import compare_json, fixture, load_json, row_of, run_script


def _doc(outputs, mutations, as_expected=True, seed=1):
    """base.json with the target variant an output_mismatch whose checks hold OUTPUTS and
    MUTATIONS ({name: count}), as the run recorded them."""
    doc = copy.deepcopy(load_json(fixture("base.json")))
    doc["environment"]["seed"] = seed
    v = doc["cases"][0]["variants"][1]
    v["verdict"] = v["expected_verdict"] = "output_mismatch"
    v["expected"] = True  # the verdict class is the expected one on every side
    v["checks"]["outputs"] = {"equal": False, "mismatches": [
        {"output": name, "source": "output", "count": n, "first_index": [0], "reference": 1, "value": 0}
        for name, n in outputs.items()]}
    v["checks"]["mutations"] = [{"buffer": name, "role": "persistent", "changed": n, "first": []}
                                for name, n in mutations.items()]
    v["findings"] = {"set": [], "listed": True, "unexpected": [], "vanished": [], "as_expected": as_expected}
    return doc


CLEAN = ({"c128a_global_decode_topk_indices": 68}, {"block_table": 558, "block_table_base": 558})
HEADS = {
    "clean": CLEAN,
    "extra_output": ({**CLEAN[0], "req_id_per_token": 1}, CLEAN[1]),
    "extra_buffer": (CLEAN[0], {**CLEAN[1], "seq_lens": 1}),
    "changed_count": (CLEAN[0], {"block_table": 559, "block_table_base": 559}),
    "vanished": (CLEAN[0], {"block_table": 558}),
}


@pytest.fixture
def runs(tmp_path):
    def write(name, outputs, mutations, **kw):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(_doc(outputs, mutations, **kw)))
        return path
    paths = {name: write(name, *sets) for name, sets in HEADS.items()}
    # The head run's own expectations still list what vanished: the run said "unexpected".
    paths["vanished_unlisted"] = write("vanished_unlisted", *HEADS["vanished"], as_expected=False)
    paths["changed_count_seed2"] = write("changed_count_seed2", *HEADS["changed_count"], seed=2)
    return paths


@pytest.mark.parametrize("head, appeared, changed", [
    ("extra_output", [{"kind": "output", "name": "req_id_per_token", "count": 1}], []),
    ("extra_buffer", [{"kind": "mutation", "name": "seq_lens", "count": 1}], []),
    ("changed_count", [], [{"kind": "mutation", "name": "block_table", "base": 558, "head": 559},
                           {"kind": "mutation", "name": "block_table_base", "base": 558, "head": 559}]),
])
def test_a_new_or_changed_finding_is_a_verdicts_regression_whatever_the_class(runs, target, head, appeared, changed):
    rc, result, _ = compare_json(runs["clean"], runs[head])
    assert rc == 1 and result["failing"] == ["verdicts"]
    row = row_of(result, *target)
    assert row["verdict"]["call"] == "SAME"  # output_mismatch -> output_mismatch: the class hides it
    f = row["findings"]
    assert f["appeared"] == appeared and f["changed"] == changed and f["vanished"] == []
    assert f["call"] == "WORSE" and row["regressions"] == ["verdicts"]


def test_the_text_names_the_new_finding(runs):
    proc = run_script("compare.py", runs["clean"], runs["extra_output"], "--format", "text")
    assert proc.returncode == 1
    assert ("output_mismatch -> output_mismatch SAME; findings: +output req_id_per_token (1) WORSE"
            in proc.stdout), proc.stdout
    assert "REGRESSION in verdicts" in proc.stdout


def test_a_vanished_finding_is_better_when_the_head_expects_it(runs, target):
    rc, result, _ = compare_json(runs["clean"], runs["vanished"])
    assert rc == 0
    f = row_of(result, *target)["findings"]
    assert f["vanished"] == [{"kind": "mutation", "name": "block_table_base", "count": 558}]
    assert f["appeared"] == [] and f["call"] == "BETTER"


def test_a_vanished_finding_the_head_still_lists_is_a_regression(runs, target):
    rc, result, _ = compare_json(runs["clean"], runs["vanished_unlisted"])
    assert rc == 1 and result["failing"] == ["verdicts"]
    f = row_of(result, *target)["findings"]
    assert f["vanished"][0]["name"] == "block_table_base" and not f["head_expected"] and f["call"] == "WORSE"
    md = run_script("compare.py", runs["clean"], runs["vanished_unlisted"]).stdout
    assert "-mutation block_table_base UNEXPECTED WORSE" in md


def test_counts_are_compared_only_between_runs_of_one_seed(runs, target):
    rc, result, _ = compare_json(runs["clean"], runs["changed_count_seed2"])
    assert rc == 0
    f = row_of(result, *target)["findings"]
    assert f["changed"] == [] and not f["counts_compared"] and f["call"] == "SAME"


def test_equal_sets_and_files_without_the_findings_block_compare_as_same(runs, target):
    rc, result, _ = compare_json(runs["clean"], runs["clean"])
    assert rc == 0 and row_of(result, *target)["findings"]["call"] == "SAME"
    rc, result, _ = compare_json(fixture("base.json"), fixture("base.json"))
    assert rc == 0
    assert all(r["findings"]["call"] == "SAME" and r["findings"]["appeared"] == [] for r in result["rows"])
