# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The adaptive gate judges its first pair's exact figures by compare.py's own rules: where
compare.py says NOT ASSESSED of two runs (a head that counted no instructions, a row of the base
absent from the head), gate.py says so too (exit 3, the rows named), never "no regression".
The binaries here are stand-ins that write a prepared results file: every run of a side has the
same times, so the time part answers after two pairs and only the exact figures decide."""
import json

from clampbench_testing import fixture, load_json, run_script

from clampbench_scripts.compare.unseen import ABSENT
from clampbench_scripts.gate import gate_exact, gate_format
from clampbench_scripts.gate.adaptive import Run
from clampbench_scripts.common.results import load_rows

TIMEOUT = 120


def _counted(doc, count=1000):
    doc["environment"]["instructions"] = {"method": "perf", "requested": "perf", "note": ""}
    for case in doc["cases"]:
        for v in case["variants"]:
            v["instructions"] = count
    return doc


def _stand_in(tmp_path, name, doc):
    """An executable that writes DOC to the --out path it is given, whatever else it is asked."""
    data = tmp_path / f"{name}.json"
    data.write_text(json.dumps(doc))
    exe = tmp_path / f"{name}.sh"
    exe.write_text('#!/bin/sh\nout=""\nwhile [ $# -gt 0 ]; do [ "$1" = "--out" ] && out="$2"; shift; done\n'
                   f'cp "{data}" "$out"\n')
    exe.chmod(0o755)
    return exe, data


def _gate(tmp_path, base_doc, head_doc, *extra):
    base, base_file = _stand_in(tmp_path, "base", base_doc)
    head, head_file = _stand_in(tmp_path, "head", head_doc)
    out = tmp_path / "gate.json"
    proc = run_script("gate.py", "--base-binary", base, "--head-binary", head, "--budget", "60", "--json", out,
                      *extra, "--", "--sizes", "quick", timeout=TIMEOUT)
    doc = json.loads(out.read_text()) if out.exists() else None
    return proc, doc, base_file, head_file


def test_a_head_that_counts_no_instructions_is_not_assessed_as_compare_says(tmp_path):
    head = _counted(load_json(fixture("base.json")))
    head["cases"][0]["variants"][0]["instructions"] = None  # not counted in this row of the head
    proc, doc, base_file, head_file = _gate(tmp_path, _counted(load_json(fixture("base.json"))), head)
    assert run_script("compare.py", base_file, head_file).returncode == 3
    assert proc.returncode == 3, proc.stdout + proc.stderr  # was 0, "no regression"
    assert doc["exact_failing"] == [] and list(doc["exact_not_assessed"]) == ["instructions"]
    assert all(e["assessed"] for e in doc["suites"].values())  # the time alone said no regression
    case = head["cases"][0]
    assert (f"first pair: NOT ASSESSED: instructions of 1 row(s) cannot be judged: {case['case_id']} "
            f"{case['variants'][0]['name']} (instructions missing in head)") in proc.stdout
    assert ("RESULT: NOT ASSESSED in instructions (the first pair's exact figures); time: no slowdown above"
            in proc.stdout)
    assert "no regression" not in proc.stdout


def test_a_row_absent_from_the_heads_first_run_is_not_assessed_unless_the_selection_changed(tmp_path):
    head = load_json(fixture("base.json"))
    gone = head["cases"][0]["variants"].pop()
    proc, doc, _, _ = _gate(tmp_path, load_json(fixture("base.json")), head)
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert doc["exact_not_assessed"][ABSENT] == [[f"{head['cases'][0]['case_id']} {gone['name']}",
                                                  "in the base, not in the head"]]
    assert "first pair: NOT ASSESSED: rows of the base absent from the head" in proc.stdout
    proc, doc, _, _ = _gate(tmp_path, load_json(fixture("base.json")), head, "--selection-changed")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert doc["exact_not_assessed"] == {} and doc["exact_selection_changed"] == 1
    assert "first pair: selection changed on purpose: 1 rows of the base not in the head" in proc.stdout


def test_a_suite_absent_from_the_head_is_named_not_timed_pair_after_pair(tmp_path):
    head = load_json(fixture("base.json"))
    gone = head["cases"][-1]["suite"]
    head["cases"] = [c for c in head["cases"] if c["suite"] != gone]
    proc, doc, _, _ = _gate(tmp_path, load_json(fixture("base.json")), head)
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert gone not in doc["suites"] and doc["pairs"] == 2  # was: 30 pairs of a suite with no row to time
    assert doc["exact_not_assessed"][ABSENT] == [[f"suite {gone}", "all 4 row(s) of the base, none in the head"]]
    assert f"suite {gone} (all 4 row(s) of the base, none in the head)" in proc.stdout
    proc, doc, _, _ = _gate(tmp_path, load_json(fixture("base.json")), head, "--selection-changed")
    assert proc.returncode == 0 and doc["exact_selection_changed"] == 4, proc.stdout + proc.stderr


def _run(path):
    env, rows = load_rows(str(path))
    return Run({}, env, rows)


def _doc(exit_code=0):
    return {"suites": {"s": {"assessed": True, "mde": 0.05, "call": "SAME", "pairs": 2}}, "worse": [],
            "not_assessed": [], "stop": "answered", "exit_code": exit_code, "pairs": 2, "wall_s": 1.0,
            "config": {"budget_s": 60, "max_mde": 0.1, "alpha": 0.05, "max_pairs": 30}}


def test_an_exact_regression_wins_and_a_suite_not_assessed_keeps_its_exit_3(tmp_path):
    head = load_json(fixture("head_alloc_regression.json"))
    head["cases"].pop()  # rows absent too: the regression still wins
    (tmp_path / "head.json").write_text(json.dumps(head))
    pair = (_run(fixture("base.json")), _run(tmp_path / "head.json"))
    doc = gate_exact.judge_first_pair(_doc(3), pair)
    assert doc["exit_code"] == 1 and doc["exact_failing"] == ["allocations"] and ABSENT in doc["exact_not_assessed"]
    assert gate_format.verdict(doc) == "RESULT: REGRESSION: allocations (first pair)"
    doc = gate_exact.judge_first_pair(_doc(0), (_run(fixture("base.json")), _run(fixture("head_same.json"))))
    assert doc["exit_code"] == 0 and doc["exact_not_assessed"] == {}
    assert gate_exact.judge_first_pair(_doc(3), None)["exit_code"] == 3


def test_names_in_the_first_pairs_not_assessed_lines_are_escaped(tmp_path):
    base = load_json(fixture("base.json"))
    base["cases"][0]["suite"] = "evil\x1b[2J"  # the suite's only case: the suite is named
    head = json.loads(json.dumps(base))
    head["cases"].pop(0)
    for name, doc in (("b.json", base), ("h.json", head)):
        (tmp_path / name).write_text(json.dumps(doc))
    doc = gate_exact.judge_first_pair(_doc(0), (_run(tmp_path / "b.json"), _run(tmp_path / "h.json")))
    text = gate_format.text(doc)
    assert doc["exit_code"] == 3 and "\x1b" not in text and "suite evil\\x1b[2J (all 2 row(s)" in text


def test_the_result_line_names_both_the_suites_and_the_exact_figures_not_assessed():
    doc = _doc(3)
    doc["suites"]["t"] = {"assessed": False, "mde": 0.3, "call": "NOT_ASSESSED", "pairs": 30}
    doc.update(not_assessed=["t"],
               exact_not_assessed={"instructions": [["a/R=1 clamp", "instructions missing in head"]]})
    assert gate_format.verdict(doc) == ("RESULT: TIME NOT ASSESSED in 1 of 2 suites: t (MDE 30% after 30 pairs); "
                                        "NOT ASSESSED in instructions (the first pair's exact figures); "
                                        "no slowdown above 5% in the assessed suites")
