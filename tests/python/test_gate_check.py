# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""gate_check.py's bookkeeping on fixture comparisons: what counts as a call, when the check
passes, and the table it writes. (The check itself runs clampbench for minutes: a benchmark,
not a test; results/gate-check.md holds its figures.)"""
from clampbench_scripts.gate import gate_check, gate_check_cli
from clampbench_testing import compare_json, fixture, run_script


def test_called_counts_rows_by_category():
    _, same, _ = compare_json(fixture("base.json"), fixture("head_same.json"))
    assert gate_check.called(same) == {"allocations": 0, "instructions": 0, "verdicts": 0, "time": 0}
    _, alloc, _ = compare_json(fixture("base.json"), fixture("head_alloc_regression.json"))
    assert gate_check.called(alloc)["allocations"] == 1
    _, slow, _ = compare_json(fixture("base.json"), fixture("head_time_regression.json"), "--time-noise", "0.05")
    assert gate_check.called(slow)["time"] == 1


def _doc(aa_codes, planted_codes):
    return {"pairs": len(aa_codes), "tries": 1, "runs_per_side": 2, "fail_on": gate_check.CATEGORIES, "cpus": 2,
            "load_1m": {"min": 1.0, "max": 2.0, "median": 1.5}, "wall_s": 100.0,
            "aa": [{"exit_code": c, "rows": 98, "false_calls": {"allocations": 0, "instructions": 0, "verdicts": 0,
                                                                 "time": 1 if c else 0},
                    "time_noise": {"prior_sigma": 0.0770}} for c in aa_codes],
            "planted": {p: [{"exit_code": c, "failing_in": c == 1, "rows_called": 98 if c == 1 else 0, "rows": 98}]
                        for p, c in planted_codes.items()}}


def test_the_check_passes_only_with_clean_pairs_and_every_plant_called():
    all_called = {"slowdown": 1, "instructions": 1, "allocation": 1}
    assert gate_check_cli.passed(_doc([0, 0], all_called))
    assert not gate_check_cli.passed(_doc([0, 1], all_called))
    assert not gate_check_cli.passed(_doc([0, 0], dict(all_called, slowdown=0)))
    md = gate_check.markdown(_doc([0, 1], dict(all_called, slowdown=3)))
    assert "| A/A pairs failing the gate (of 2, 98 rows each) | 1 |" in md
    assert "| ... A/A pairs with any call, WORSE or BETTER | 1 (1 false calls in 196 rows) |" in md
    assert "typical run-to-run CV of a row's median time, per pair | 8.0-8.0% |" in md
    assert "| planted slowdown: gate fails in its category | 0 of 1 tries (rows called: 0/98) |" in md
    assert "load 1.0-2.0 (median 1.5) on 2 CPUs" in md
    better = _doc([0, 0], all_called)  # a BETTER call does not fail the gate, but it is counted
    better["aa"][0]["false_calls"]["time"] = 3
    assert gate_check_cli.passed(better)
    md = gate_check.markdown(better)
    assert "| A/A pairs failing the gate (of 2, 98 rows each) | 0 |" in md
    assert "| ... A/A pairs with any call, WORSE or BETTER | 1 (3 false calls in 196 rows) |" in md


def test_bad_input_exits_2_before_running_anything(tmp_path):
    proc = run_script("gate_check.py", "--binary", str(tmp_path / "missing"))
    assert proc.returncode == 2 and "no clampbench binary" in proc.stderr
    proc = run_script("gate_check.py", "--binary", "/bin/true", "--out", str(tmp_path / "no" / "x.json"))
    assert proc.returncode == 2 and "does not exist" in proc.stderr
    proc = run_script("gate_check.py", "--binary", "/bin/true", "--out", str(tmp_path / "x.json"), "--pairs", "0")
    assert proc.returncode == 2 and "at least 1" in proc.stderr


def test_delay_plants_measure_power_and_only_the_x2_ones_are_required():
    names = gate_check.plants(delay_suite="ngram_find")
    assert names["delay x1.25 one suite"] == ("delay:1.25:ngram_find", "time", True)
    assert names["delay x2 every suite"] == ("delay:2", "time", True)
    doc = _doc([0, 3], {"slowdown": 1, "instructions": 1, "allocation": 1, "delay x2 one suite": 1,
                        "delay x2 every suite": 1, "delay x1.1 one suite": 0})
    for pair, mde in zip(doc["aa"], (0.12, 0.31)):
        pair.update(worst_mde=mde, suites_called=[])
    for tries in doc["planted"].values():
        tries[0].update(suites_called=["ngram_find"] if tries[0]["exit_code"] else [], worst_mde=0.1)
    assert not gate_check_cli.passed(doc)  # an A/A pair that could not be assessed
    doc["aa"][1]["exit_code"] = 0
    assert gate_check_cli.passed(doc)  # a missed x1.1 is a measured power, not a failure
    doc["planted"]["delay x2 one suite"][0]["exit_code"] = 0
    assert not gate_check_cli.passed(doc)
    doc = _doc([0, 3], {"delay x1.1 one suite": 0})
    for pair, mde in zip(doc["aa"], (0.12, 0.31)):
        pair.update(worst_mde=mde)
    doc["planted"]["delay x1.1 one suite"][0].update(suites_called=[], worst_mde=0.1)
    md = gate_check.markdown(doc)
    assert "| A/A pairs failing the gate (of 2, 98 rows each) | 0 |" in md  # exit 3 is not a false call
    assert "| ... A/A pairs TIME NOT ASSESSED (largest suite MDE above --max-mde) | 1 (largest suite MDE per pair 12-31%) |" in md
    assert "| planted delay x1.1 one suite: gate fails in its category | 0 of 1 tries (rows called: 0/98; suites called: 0; exit codes: 0) |" in md
