# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Rows of the base that the head lacks (a case or a suite that did not run) have no figure
to judge: NOT ASSESSED (exit 3), named by suite or row in every format, escaped, never "no
regression"; unless --selection-changed says the selection changed on purpose, when they are
listed and counted but not gated. Rows new in the head stay informational."""
import json

from clampbench_testing import compare_json, fixture, load_json, run_script

BASE = fixture("base.json")
ABSENT = "rows absent from the head"
EVIL = "evil<b>|x\x1b[2J@octocat"


def _write(tmp_path, doc, name):
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


def _pair(tmp_path, drop_suite=None, drop_row=False, evil=False):
    """(base, head): the head without DROP_SUITE's cases and, with DROP_ROW, without the first
    case's last variant; EVIL renames the last suite in both runs to a hostile string."""
    base, head = load_json(BASE), load_json(fixture("head_same.json"))
    last = base["cases"][-1]["suite"]
    if evil:
        for doc in (base, head):
            for case in doc["cases"]:
                if case["suite"] == last:
                    case["suite"] = EVIL
        drop_suite = EVIL if drop_suite == last else drop_suite
    head["cases"] = [c for c in head["cases"] if c["suite"] != drop_suite]
    if drop_row:
        head["cases"][0]["variants"].pop()
    return _write(tmp_path, base, "base.json"), _write(tmp_path, head, "head.json")


def test_a_row_missing_from_the_head_is_not_assessed_and_named(tmp_path):
    base, head = _pair(tmp_path, drop_row=True)
    case = load_json(BASE)["cases"][0]
    rc, result, _ = compare_json(base, head)
    assert rc == 3
    assert result["not_assessed"][ABSENT] == [[f"{case['case_id']} {case['variants'][-1]['name']}",
                                                "in the base, not in the head"]]
    text = run_script("compare.py", base, head, "--format", "text")
    assert text.returncode == 3 and "no regression" not in text.stdout
    assert f"NOT ASSESSED: rows of the base absent from the head" in text.stdout
    assert f"{case['case_id']} {case['variants'][-1]['name']}" in text.stdout
    assert "RESULT: NOT ASSESSED in rows absent from the head" in text.stdout


def test_a_whole_suite_missing_is_named_once_and_escaped(tmp_path):
    last = load_json(BASE)["cases"][-1]["suite"]
    base, head = _pair(tmp_path, drop_suite=last, evil=True)
    rc, result, _ = compare_json(base, head)
    rows = sum(len(c["variants"]) for c in load_json(BASE)["cases"] if c["suite"] == last)
    assert rc == 3 and result["not_assessed"][ABSENT] == [[f"suite {EVIL}",
                                                            f"all {rows} row(s) of the base, none in the head"]]
    md = run_script("compare.py", base, head, "--format", "md")
    assert md.returncode == 3 and "## clampbench compare: NOT ASSESSED in rows absent from the head" in md.stdout
    line = next(x for x in md.stdout.splitlines() if "absent from the head (pass --selection-changed" in x)
    assert "suite evil&lt;b&gt;\\|x\\x1b\\[2J@\u200boctocat" in line and "\x1b" not in md.stdout
    text = run_script("compare.py", base, head, "--format", "text")
    assert text.returncode == 3 and "suite evil<b>|x\\x1b[2J@octocat" in text.stdout and "\x1b" not in text.stdout


def test_selection_changed_on_purpose_lists_the_rows_and_does_not_gate_them(tmp_path):
    last = load_json(BASE)["cases"][-1]["suite"]
    base, head = _pair(tmp_path, drop_suite=last, drop_row=True)
    rc, result, _ = compare_json(base, head, "--selection-changed")
    assert rc == 0 and ABSENT not in result["not_assessed"]
    removed = len(result["removed"])
    assert removed > 2 and result["selection_changed"] == removed
    for fmt in ("md", "text"):
        proc = run_script("compare.py", base, head, "--selection-changed", "--format", fmt)
        assert proc.returncode == 0
        assert f"selection changed on purpose: {removed} rows of the base not in the head" in proc.stdout
        assert "removed: " in proc.stdout  # still listed


def test_a_regression_wins_over_missing_rows(tmp_path):
    doc = load_json(fixture("head_alloc_regression.json"))
    doc["cases"].pop()
    head = _write(tmp_path, doc, "head.json")
    rc, result, _ = compare_json(BASE, head)
    assert rc == 1 and result["failing"] == ["allocations"] and ABSENT in result["not_assessed"]


def test_rows_new_in_the_head_stay_informational(tmp_path):
    doc = load_json(fixture("head_same.json"))
    doc["cases"][0]["variants"].append(dict(doc["cases"][0]["variants"][1], name="clamp_new"))
    rc, result, _ = compare_json(BASE, _write(tmp_path, doc, "head.json"))
    assert rc == 0 and len(result["added"]) == 1 and result["not_assessed"] == {}


def test_the_help_says_what_selection_changed_does():
    out = " ".join(run_script("compare.py", "--help").stdout.split())
    assert "--selection-changed" in out and "absent from the head is NOT ASSESSED" in out
