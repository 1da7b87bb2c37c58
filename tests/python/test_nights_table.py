# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The dashboard's gate table (nights.jsonl): a NOT ASSESSED night reads as such and kept the
old baseline, an accept shows who, strings from the log are escaped, and a bad log line is
named and skipped, never fatal."""
from clampbench_scripts.dashboard import nights_table
from clampbench_scripts.history import nights


def test_each_night_as_the_gate_saw_it():
    items = [{"run": "n1.json", "verdict": "passed", "baseline": "replaced"},
             {"run": "<n2>.json", "verdict": "not assessed", "baseline": "kept",
              "not_assessed": [f"instructions: row{i} <x> (instructions missing in head)" for i in range(7)]},
             {"run": "n3.json", "verdict": "regression", "baseline": "replaced", "accepted_by": "<eve>",
              "failing": ["allocations"]}]
    html = nights_table.table(items)
    assert html.index("n3.json") < html.index("&lt;n2&gt;.json") < html.index("n1.json")  # newest first
    assert "accepted by &lt;eve&gt;" in html and "<eve>" not in html and "worse: allocations" in html
    assert html.count("row") == nights_table.NAMES_SHOWN and "and 2 more" in html
    assert "kept the old baseline" in html and 'badge warn">not assessed' in html
    assert nights_table.latest_badge(items[:2]).count("not assessed, baseline kept") == 1
    assert nights_table.table([]) == "" and nights_table.latest_badge([]) == ""


def test_a_bad_log_line_is_named_and_skipped(tmp_path):
    nights.append(str(tmp_path), nights.entry("a.json", "sha256:1", 3, {"not_assessed": {"instructions": [
        ["x clamp", "instructions missing in head"]]}}, False, None))
    with open(tmp_path / nights.LOG_NAME, "a", encoding="utf-8") as f:
        f.write("not json\n[1]\n")
    nights.append(str(tmp_path), nights.entry("b.json", "sha256:2", 0, {}, True, None))
    warned = []
    got = nights.load(str(tmp_path), lambda path, problem: warned.append(problem))
    assert [g["run"] for g in got] == ["a.json", "b.json"] and len(warned) == 2
    assert got[0]["not_assessed"] == ["instructions: x clamp instructions missing in head"]
    assert got[0]["verdict"] == "not assessed" and got[1]["baseline"] == "replaced"
