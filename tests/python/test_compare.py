# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""compare.py on the fixtures: every call, every exit code, every output format."""
import json
import os

import pytest
from clampbench_scripts.compare import compare_markdown
from clampbench_scripts.bench import synth
from clampbench_testing import compare_json, fixture, load_json, row_of, run_script

BASE = fixture("base.json")


def calls_of(row):
    return ({k: f["call"] for k, f in row["allocations"].items()},
            row["time"]["call"], row["verdict"]["call"])


def test_same_run_is_all_same():
    rc, result, _ = compare_json(BASE, fixture("head_same.json"))
    assert rc == 0 and result["regression"] is False and result["failing"] == []
    assert len(result["rows"]) == sum(len(c["variants"]) for c in load_json(BASE)["cases"])
    for row in result["rows"]:
        allocs, time_call, verdict = calls_of(row)
        # one run per side, no history, no stated noise: time cannot be assessed, and is
        # not gated by default
        assert set(allocs.values()) == {"SAME"} and verdict == "SAME" and time_call == "NOT_ASSESSED"
        assert row["allocations"]["allocations"]["delta"] == 0
    assert result["added"] == [] and result["removed"] == []


def test_allocation_increase_is_a_regression(target):
    rc, result, _ = compare_json(BASE, fixture("head_alloc_regression.json"))
    assert rc == 1 and result["failing"] == ["allocations"]
    row = row_of(result, *target)
    assert row["allocations"]["allocations"]["delta"] == 1
    assert row["allocations"]["allocations"]["call"] == "WORSE"
    assert row["allocations"]["bytes_requested"]["delta"] == 64
    assert row["allocations"]["peak_bytes"]["call"] == "SAME"
    device = load_json(BASE)["cases"][0]["device"]
    assert row["devices"][device]["allocations"]["delta"] == 1
    assert row["regressions"] == ["allocations"]
    assert sum(1 for r in result["rows"] if r["regressions"]) == 1


def test_allocation_decrease_is_better(target):
    rc, result, _ = compare_json(fixture("head_alloc_regression.json"), BASE)
    assert rc == 0
    assert row_of(result, *target)["allocations"]["allocations"]["call"] == "BETTER"


def test_fail_on_selects_categories():
    head = fixture("head_alloc_regression.json")
    assert compare_json(BASE, head, "--fail-on", "verdicts")[0] == 0
    assert compare_json(BASE, head, "--fail-on", "verdicts,time")[0] == 3  # time asked for, not assessable
    assert compare_json(BASE, head, "--fail-on", "allocations")[0] == 1
    assert run_script("compare.py", BASE, head, "--fail-on", "bogus").returncode == 2


def test_verdict_regression(target):
    rc, result, _ = compare_json(BASE, fixture("head_verdict_regression.json"))
    assert rc == 1 and result["failing"] == ["verdicts"]
    v = row_of(result, *target)["verdict"]
    assert (v["base"], v["head"], v["head_expected"], v["call"]) == ("same", "mutation", False, "WORSE")
    assert compare_json(BASE, fixture("head_verdict_regression.json"), "--fail-on", "time", *STATED)[0] == 0


def test_verdict_recovery_is_better(target):
    rc, result, _ = compare_json(fixture("head_verdict_regression.json"), BASE)
    assert rc == 0 and row_of(result, *target)["verdict"]["call"] == "BETTER"


# A stated run-to-run CV: single runs can then be called. Shared in full by a suite's rows, 5%
# with one run a side cannot rule out suite slowdowns under about 28%: a ceiling above that.
STATED = ("--time-noise", "0.05", "--max-mde", "0.5")


def test_time_regression_with_a_stated_noise(target):
    rc, result, _ = compare_json(BASE, fixture("head_time_regression.json"), "--fail-on", "time", *STATED)
    assert rc == 1 and result["failing"] == ["time"]
    t = row_of(result, *target)["time"]
    assert t["call"] == "WORSE" and t["q_value"] < 0.05 and t["ratio"] >= 1.49 and t["df"] is None
    assert result["time_noise"]["source"] == "stated"
    # significant but below the minimum effect: not a regression
    rc, result, _ = compare_json(BASE, fixture("head_time_regression.json"), "--fail-on", "time", *STATED,
                                 "--min-effect", str(t["ratio"] + 0.01))
    assert rc == 0 and row_of(result, *target)["time"]["call"] == "SAME"
    # time is not gated unless asked for
    assert compare_json(BASE, fixture("head_time_regression.json"), *STATED)[0] == 0


def test_time_improvement_is_better(target):
    rc, result, _ = compare_json(fixture("head_time_regression.json"), BASE, *STATED)
    assert rc == 0 and row_of(result, *target)["time"]["call"] == "BETTER"


def test_time_asked_for_but_not_assessable_has_its_own_exit_code(target):
    rc, result, _ = compare_json(BASE, fixture("head_time_regression.json"), "--fail-on", "time")
    t = row_of(result, *target)["time"]
    assert rc == 3 and result["failing"] == [] and t["call"] == "NOT_ASSESSED"
    assert "no estimate of the run-to-run noise" in t["reason"] and t["ratio"] >= 1.49
    text = run_script("compare.py", BASE, fixture("head_time_regression.json"), "--fail-on", "time",
                      "--format", "text").stdout
    assert "RESULT: TIME NOT ASSESSED" in text and "TIME NOT ASSESSED: " in text
    # another category's regression still exits 1
    assert compare_json(BASE, fixture("head_alloc_regression.json"), "--fail-on", "allocations,time")[0] == 1


def test_no_timing_on_one_side_is_not_assessed_when_time_is_gated(tmp_path, target):
    doc = load_json(fixture("head_time_regression.json"))
    doc["cases"][0]["variants"][1]["timing"] = None
    head = tmp_path / "head.json"
    head.write_text(json.dumps(doc))
    rc, result, _ = compare_json(BASE, head, "--fail-on", "time", *STATED)
    t = row_of(result, *target)["time"]
    assert rc == 3 and t["call"] == "NOT_ASSESSED" and t["reason"] == "no timing in head"
    assert result["not_assessed"] == {} and result["time_not_assessed"] == 1


def test_different_device_is_refused():
    proc = run_script("compare.py", BASE, fixture("head_other_device.json"))
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "device_name 'host'" in lines[0] and "'NVIDIA H200'" in lines[0]
    assert "backend" in lines[0] and "head_other_device.json" in lines[0]
    assert "--allow-mixed" in lines[0]


def test_allow_mixed_compares_and_says_so():
    rc, result, _ = compare_json(BASE, fixture("head_other_device.json"), "--allow-mixed")
    assert rc == 0 and any("device_name" in m for m in result["mixed"])
    text = run_script("compare.py", BASE, fixture("head_other_device.json"), "--allow-mixed",
                      "--format", "md").stdout
    assert "MIXED RUNS" in text


@pytest.mark.parametrize("name,problem", [
    ("malformed.json", "not JSON"), ("foreign.json", "not a clampbench results file"),
    ("wrong_version.json", "schema_version 99"), ("does_not_exist.json", "no such file"),
    ("history", "is a directory")])
def test_bad_input_exits_2_naming_the_file(name, problem):
    for args in ((BASE, fixture(name)), (fixture(name), BASE)):
        proc = run_script("compare.py", *args)
        assert proc.returncode == 2 and proc.stdout == ""
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and fixture(name) in lines[0] and problem in lines[0]


def test_malformed_case_exits_2(tmp_path):
    doc = load_json(BASE)
    del doc["cases"][0]["variants"][0]["verdict"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    proc = run_script("compare.py", BASE, bad)
    assert proc.returncode == 2 and str(bad) in proc.stderr and "malformed" in proc.stderr


def test_added_and_removed_rows(tmp_path):
    doc = load_json(fixture("head_same.json"))
    removed = doc["cases"].pop(0)
    doc["cases"][0]["variants"].append(dict(doc["cases"][0]["variants"][1], name="clamp_new"))
    head = tmp_path / "head.json"
    head.write_text(json.dumps(doc))
    rc, result, _ = compare_json(BASE, head, "--selection-changed")  # dropped on purpose: listed, not gated
    assert rc == 0
    assert {(r["case_id"], r["variant"]) for r in result["removed"]} == \
        {(removed["case_id"], v["name"]) for v in removed["variants"]}
    assert result["added"] == [{"case_id": doc["cases"][0]["case_id"], "variant": "clamp_new",
                                "suite": doc["cases"][0]["suite"]}]
    md = run_script("compare.py", BASE, head, "--selection-changed").stdout
    assert "Rows in only one run" in md and "added: " in md and "removed: " in md


def md_tables(text):
    """{table heading: [row lines]} of a --format md comment."""
    tables, heading = {}, None
    for line in text.splitlines():
        if line.startswith("#### "):
            heading = (heading[0] + 1 if heading else 0, line[5:])
            tables[heading] = []
        elif heading and line.startswith("| ") and not line.startswith("| case"):
            tables[heading].append(line)
    return tables


def test_markdown_comment(target):
    proc = run_script("compare.py", BASE, fixture("head_alloc_regression.json"))
    assert proc.returncode == 1
    text = proc.stdout
    assert text.startswith("## clampbench compare: REGRESSION in allocations\n")
    assert "RESULT: REGRESSION in allocations" in text
    opened, full = text.split("<details>")
    n_rows = sum(len(c["variants"]) for c in load_json(BASE)["cases"])
    # In the open: the changed row, and the rows whose verdict is a finding; grouped by suite.
    open_rows = [r for rows in md_tables(opened).values() for r in rows]
    worse = [r for r in open_rows if "WORSE" in r]
    suite, label = target[0].split("/", 1)
    assert len(worse) == 1 and f"**{label}**" in worse[0] and "**" in worse[0]
    assert any(h[1].startswith(suite + " ") for h in md_tables(opened))
    assert all("WORSE" in r or "mutation" in r or "output_mismatch" in r or "error" in r for r in open_rows)
    # The unchanged rows inside <details>: with the open ones, every row once.
    assert "</details>" in full and "<summary>Unchanged: " in full
    assert sum(len(rows) for rows in md_tables(full).values()) + len(open_rows) == n_rows
    assert "cut to fit" not in text
    # First the answer: the regressed row, its figure and a repro command, before the headline.
    lead_part = text.split("- base ")[0]
    assert "**Regressed rows:**" in lead_part and "allocations" in lead_part and "repro: `build/clampbench run" in lead_part
    assert f"--case {target[0]}" in lead_part or f"--case '{target[0]}'" in lead_part


def nightly_pair(tmp_path, every_row_changes):
    """A base and head of the nightly set's size (7 suites x 53 cases x 3 variants = 1113 rows)."""
    events = {"alloc": ((0, 0, 1), 1), "time": ((1, 1, 1), 1), "blip": ((2, 2, 2), 9)}
    base, head = synth.write_history(str(tmp_path), runs=2, cases_per_suite=53, reps=5, events=events)
    if every_row_changes:
        doc = load_json(head)
        for case in doc["cases"]:
            for v in case["variants"]:
                v["allocations"]["ledger"]["total"]["allocations"] += 1
        with open(head, "w") as f:
            json.dump(doc, f)
    return base, head


@pytest.mark.parametrize("every_row_changes", [False, True])
def test_markdown_comment_of_the_nightly_set_fits_github(tmp_path, every_row_changes):
    base, head = nightly_pair(tmp_path, every_row_changes)
    text = run_script("compare.py", base, head, "--format", "md").stdout
    assert len(text) < compare_markdown.GITHUB_COMMENT_LIMIT
    assert "RESULT: REGRESSION in allocations" in text
    if every_row_changes:  # no unchanged row: no <details>, the changed ones cut to fit
        assert "<details>" not in text
        kept_open = sum(len(rows) for rows in md_tables(text).values())
        assert "Changes and findings: 1113 of 1113 rows" in text
        assert f"{1113 - kept_open} of 1113 changed rows cut to fit" in text
        assert "- and 1105 more (the tables below)" in text  # the lead lists 8 regressed rows
        return
    assert text.rstrip().endswith("</details>")
    opened, full = text.split("<details>")
    assert "unchanged rows cut to fit GitHub's 65,536-character comment limit" in full
    kept_open = sum(len(rows) for rows in md_tables(opened).values())
    # The allocation step and the time step are all in the open, nothing cut there.
    assert "Changes and findings: 1 of 1113 rows" in opened or kept_open >= 1
    assert kept_open == int(opened.split("Changes and findings: ")[1].split(" ")[0])
    assert "WORSE" in opened and "changed rows cut" not in opened


def test_text_format_and_output_file(tmp_path):
    out = tmp_path / "cmp.txt"
    proc = run_script("compare.py", BASE, fixture("head_time_regression.json"), "--fail-on", "time", *STATED,
                      "--format", "text", "-o", out)
    assert proc.returncode == 1 and proc.stdout == ""
    text = out.read_text()
    assert "RESULT: REGRESSION in time" in text
    assert sum(1 for line in text.splitlines() if line.startswith("! ")) == 1


def test_alpha_option(target):
    rc, result, _ = compare_json(BASE, fixture("head_time_regression.json"), "--alpha", "1e-12", *STATED)
    assert rc == 0 and row_of(result, *target)["time"]["call"] == "AMBIGUOUS"


def with_load(tmp_path, path, start, end, cpus=2):
    doc = load_json(path)
    doc["environment"]["machine_load"] = {"cpus": cpus, "load_1m_start": start, "load_1m_end": end}
    out = tmp_path / ("loaded-" + os.path.basename(path))
    out.write_text(json.dumps(doc))
    return out


def test_time_changes_on_an_overloaded_machine_are_not_assessed(tmp_path, target):
    head = with_load(tmp_path, fixture("head_time_regression.json"), 6.5, 7.2)
    rc, result, _ = compare_json(BASE, head, "--fail-on", "allocations,time", *STATED)
    assert rc == 3 and result["failing"] == []
    assert result["overloaded"] == ["head measured under load 7.2 on 2 CPUs"]
    t = row_of(result, *target)["time"]
    assert t["call"] == "NOT_ASSESSED" and t["ratio"] >= 1.49 and "load 7.2 on 2 CPUs" in t["reason"]
    proc = run_script("compare.py", BASE, head, "--format", "text", *STATED)
    assert "OVERLOADED MACHINE: head measured under load 7.2 on 2 CPUs" in proc.stdout
    # The limit is a knob; allocation regressions are called whatever the load.
    assert compare_json(BASE, head, "--fail-on", "time", *STATED, "--max-load-per-cpu", "4")[0] == 1
    loaded_alloc = with_load(tmp_path, fixture("head_alloc_regression.json"), 7.0, 7.0)
    rc, result, _ = compare_json(BASE, loaded_alloc)
    assert rc == 1 and result["failing"] == ["allocations"]


def test_a_quiet_machine_keeps_its_time_calls(tmp_path, target):
    # The run's own thread is in the load at its end: 2.9 on 2 CPUs is 0.95 others per CPU.
    head = with_load(tmp_path, fixture("head_time_regression.json"), 0.3, 2.9)
    rc, result, _ = compare_json(BASE, head, "--fail-on", "time", *STATED)
    assert rc == 1 and result["overloaded"] == []
    assert row_of(result, *target)["time"]["call"] == "WORSE"


def test_bad_max_load_is_refused():
    proc = run_script("compare.py", BASE, BASE, "--max-load-per-cpu", "0")
    assert proc.returncode == 2 and "not a positive number" in proc.stderr
