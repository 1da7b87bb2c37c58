# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The dashboard's gate table (nights.jsonl): a NOT ASSESSED night reads as such and kept the
old baseline, an accept shows who, strings from the log are escaped, and a bad log line is
named and skipped, never fatal."""
import datetime
import json

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
    assert nights_table.latest_badge(items[1]).count("not assessed, baseline kept") == 1
    assert nights_table.table([]) == "" and nights_table.latest_badge(None) == ""


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


def test_the_badge_is_the_latest_runs_own_record():
    log = {"n1.json": {"run": "n1.json", "verdict": "passed", "baseline": "replaced"}}
    runs = [{"path": "h/n1.json"}, {"path": "h/n2.json"}]  # n2 killed before its accept
    assert nights_table.latest_record(runs[:1], log)["verdict"] == "passed"
    badge = nights_table.latest_badge(nights_table.latest_record(runs, log))
    assert "gate: not recorded" in badge and "passed" not in badge and "badge warn" in badge
    assert nights_table.latest_record(runs, {}) is None  # a history no gate ever recorded


def test_a_record_with_a_field_of_the_wrong_type_is_skipped(tmp_path):
    good = nights.entry("a.json", "sha256:1", 0, {}, True, None)
    with open(tmp_path / nights.LOG_NAME, "wb") as f:
        for bad in ({**good, "verdict": {"x": 1}}, {**good, "gate": True}, {**good, "failing": [1]},
                    {**good, "accepted_by": 5}):
            f.write((json.dumps(bad) + "\n").encode())
        f.write(b'{"run": "caf\xe9.json"}\n{"run": "cut')  # not UTF-8, then a line cut mid-write
    nights.append(str(tmp_path), good)
    warned = []
    got = nights.load(str(tmp_path), lambda path, problem: warned.append(problem))
    assert [g["run"] for g in got] == ["a.json"] and len(warned) == 6, warned
    assert any("not UTF-8" in w for w in warned) and any("verdict" in w for w in warned)


def test_append_never_rewrites_what_earlier_nights_wrote(tmp_path):
    earlier = b'{"run": "old\xff.json"}\n' + json.dumps(nights.entry("b.json", "i", 0, {}, True, None)).encode()
    (tmp_path / nights.LOG_NAME).write_bytes(earlier)  # no final newline: a cut write
    nights.append(str(tmp_path), nights.entry("c.json", "j", 1, {}, False, None))
    data = (tmp_path / nights.LOG_NAME).read_bytes()
    assert data.startswith(earlier + b"\n") and data.count(b"\n") == 3
    assert [g["run"] for g in nights.load(str(tmp_path))] == ["b.json", "c.json"]


def test_a_run_clock_ahead_of_the_recording_clock_is_flagged():
    now = datetime.datetime(2026, 12, 7, tzinfo=datetime.timezone.utc)
    item = nights.entry("a.json", "i", 0, {}, True, None, now=now, run_time="2031-01-01T00:00:00Z")
    assert item["run_clock_ahead"] == "2031-01-01T00:00:00Z"
    assert "run_clock_ahead" not in nights.entry("a.json", "i", 0, {}, True, None, now=now,
                                                  run_time="2026-12-07T00:04:00Z")
    assert "run clock ahead: 2031" in nights_table.table([item])
