# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The host_cost block through compare.py: an increase of ops, launches, syncs or copies is a
regression of host_cost (exit 1, the ops named), a decrease an improvement (exit 0); a block
absent, null or malformed on a side is NOT ASSESSED (exit 3), never "no regression"; two files
from before the block compare as before unless --fail-on names host_cost; and the exports carry
its figures."""
import json

import pytest
from clampbench_testing import compare_json, fixture, load_json, row_of, run_script

BASE = fixture("base.json")
ROW = ("mamba_prefix_caching/R=8,B=256,L=8192", "clamp_")


def cost(ops=None, syncs=None):
    """A readable block: OPS and SYNCS as {name: count}."""
    ops = ops or {"add": 2, "clamp_": 1, "item": 1}
    syncs = {"item": 1} if syncs is None else syncs
    return {"version": 1, "ops": sum(ops.values()), "by_op": ops, "launches": 3, "syncs": sum(syncs.values()),
            "sync_ops": syncs, "h2d_copies": 0, "d2h_copies": syncs.get("item", 0), "check_syncs": 0}


KEEP = object()


def with_cost(tmp_path, name, row_cost=KEEP, every=cost):
    """base.json with every variant's host_cost EVERY() and ROW's ROW_COST (a value, or a callable
    that edits a copy of the block; "absent" drops the key)."""
    doc = load_json(BASE)
    for case in doc["cases"]:
        for v in case["variants"]:
            if every is not None:
                v["host_cost"] = every()
            if (case["case_id"], v["name"]) == ROW and row_cost is not KEEP:
                if row_cost == "absent":
                    v.pop("host_cost", None)
                elif callable(row_cost):
                    row_cost(v["host_cost"])
                else:
                    v["host_cost"] = row_cost
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


def text(base, head, *args):
    proc = run_script("compare.py", base, head, "--format", "text", *args)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_more_syncs_is_a_regression_named_by_op(tmp_path):
    base = with_cost(tmp_path, "base.json")
    head = with_cost(tmp_path, "head.json", cost({"add": 2, "clamp_": 1, "item": 2}, {"item": 2}))
    rc, result, _ = compare_json(base, head, "--fail-on", "host_cost")
    assert rc == 1 and result["failing"] == ["host_cost"]
    entry = row_of(result, *ROW)
    assert entry["regressions"] == ["host_cost"] and entry["host_cost"]["call"] == "WORSE"
    assert entry["host_cost"]["figures"]["syncs"]["call"] == "WORSE"
    assert entry["host_cost"]["figures"]["launches"]["call"] == "SAME"
    proc = text(base, head)  # the default --fail-on gates it too
    assert proc.returncode == 1 and "RESULT: REGRESSION in host_cost" in proc.stdout
    assert "ops 4 -> 5 (+item); syncs 1 -> 2 (+item); d2h_copies 1 -> 2 WORSE" in proc.stdout
    assert text(base, head, "--fail-on", "verdicts").returncode == 0  # not gated: shown only


def test_one_more_launch_alone_is_a_regression(tmp_path):
    base = with_cost(tmp_path, "base.json")
    head = with_cost(tmp_path, "head.json", lambda c: c.update(launches=4))
    proc = text(base, head, "--fail-on", "host_cost")
    assert proc.returncode == 1 and "launches 3 -> 4 WORSE" in proc.stdout


def test_fewer_ops_is_an_improvement(tmp_path):
    base = with_cost(tmp_path, "base.json")
    head = with_cost(tmp_path, "head.json", cost({"clamp_": 1, "item": 1}))
    rc, result, _ = compare_json(base, head, "--fail-on", "host_cost")
    assert rc == 0 and result["failing"] == [] and result["not_assessed"] == {}
    assert row_of(result, *ROW)["host_cost"]["call"] == "BETTER"
    assert row_of(result, *ROW)["host_cost"]["changes"][0]["ops"] == ["-2 add"]


def test_check_syncs_are_shown_not_gated(tmp_path):
    base = with_cost(tmp_path, "base.json")
    head = with_cost(tmp_path, "head.json", lambda c: c.update(check_syncs=2))
    proc = text(base, head, "--fail-on", "host_cost")
    assert proc.returncode == 0 and "check_syncs 0 -> 2 SAME" in proc.stdout


MALFORMED = {
    "absent": ("absent", "host_cost missing in head"),
    "null": (None, "host_cost in head: null (the call failed)"),
    "negative": (lambda c: c.update(ops=-1), "ops -1 is not a whole number >= 0"),
    "fraction": (lambda c: c.update(syncs=1.5), "syncs 1.5 is not a whole number >= 0"),
    "string": (lambda c: c.update(launches="3"), "launches '3' is not a whole number >= 0"),
    "bool": (lambda c: c.update(h2d_copies=True), "h2d_copies True is not a whole number >= 0"),
    "by_op sum": (lambda c: c["by_op"].update(add=1), "by_op sums to 3, ops is 4"),
    "sync_ops sum": (lambda c: c.update(sync_ops={}), "sync_ops sums to 0, syncs is 1"),
    "by_op type": (lambda c: c.update(by_op=[1]), "by_op is not an object of whole numbers"),
    "not an object": ("cheap", "host_cost in head: not an object (str)"),
    "version": (lambda c: c.update(version=2), "version 2, this reader knows 1"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_side_without_a_readable_block_is_not_assessed(tmp_path, case):
    edit, reason = MALFORMED[case]
    base = with_cost(tmp_path, "base.json")
    head = with_cost(tmp_path, "head.json", edit)
    proc = text(base, head)
    assert proc.returncode == 3, proc.stdout
    assert "RESULT: NOT ASSESSED in host_cost" in proc.stdout and "no regression" not in proc.stdout
    assert "NOT ASSESSED: host_cost of 1 row(s)" in proc.stdout and reason in proc.stdout
    assert text(head, base, "--fail-on", "host_cost").returncode == 3  # either side
    assert text(base, head, "--fail-on", "allocations").returncode == 0  # not gated, not held


def test_a_regression_elsewhere_wins_over_not_assessed(tmp_path):
    base = with_cost(tmp_path, "base.json")
    doc = load_json(with_cost(tmp_path, "head.json", None))
    doc["cases"][1]["variants"][1]["allocations"]["ledger"]["total"]["allocations"] += 1
    head = tmp_path / "worse.json"
    head.write_text(json.dumps(doc))
    proc = text(base, head)
    assert proc.returncode == 1 and "RESULT: REGRESSION in allocations" in proc.stdout
    assert "NOT ASSESSED: host_cost of 1 row(s)" in proc.stdout


def test_files_from_before_the_block_compare_as_before(tmp_path):
    rc, result, _ = compare_json(BASE, fixture("head_same.json"))
    assert rc == 0 and result["not_assessed"] == {} and result["host_cost_recorded"] is False
    assert text(BASE, fixture("head_alloc_regression.json")).returncode == 1
    # Asked for by name, a figure neither run has is not assessed, never "no regression".
    proc = text(BASE, BASE, "--fail-on", "host_cost")
    assert proc.returncode == 3 and "host_cost missing in base and head" in proc.stdout
    # One new file against an old one: the old side cannot be judged.
    proc = text(BASE, with_cost(tmp_path, "head.json"))
    assert proc.returncode == 3 and "host_cost missing in base" in proc.stdout


def test_a_row_without_the_block_in_new_files_is_not_assessed(tmp_path):
    """Once a run records host_cost, a row that lacks it on both sides is not skipped."""
    base = with_cost(tmp_path, "base.json", "absent")
    head = with_cost(tmp_path, "head.json", "absent")
    proc = text(base, head)
    assert proc.returncode == 3 and "host_cost missing in base and head" in proc.stdout


def test_the_adaptive_gate_judges_host_cost_by_default():
    from clampbench_scripts.compare import compare_cli
    from clampbench_scripts.gate import gate_exact
    assert "host_cost" in compare_cli.DEFAULT_FAIL_ON and "host_cost" in gate_exact.EXACT


def test_an_unknown_category_is_refused():
    proc = run_script("compare.py", BASE, BASE, "--fail-on", "host_costs")
    assert proc.returncode == 2 and "host_cost" in proc.stderr and "Traceback" not in proc.stderr


HOSTILE = {"<script>alert(1)</script>": 1, "a|b": 1, "add": 2}


def test_hostile_op_names_are_escaped_in_markdown_and_terminal(tmp_path):
    base = with_cost(tmp_path, "base.json")
    head = with_cost(tmp_path, "head.json", cost(dict(HOSTILE, **{"\x1b[2J": 1})))
    md = run_script("compare.py", base, head, "--format", "md").stdout
    assert "<script>" not in md and "&lt;script&gt;" in md and "+a\\|b" in md
    term = text(base, head).stdout
    assert "\x1b" not in term and "\\x1b[2J" in term


def test_exports_carry_the_figures(tmp_path):
    path = with_cost(tmp_path, "run.json", None)
    doc = load_json(path)
    bmf = json.loads(run_script("export.py", path, "--format", "bmf").stdout)
    gbench = json.loads(run_script("export.py", path, "--format", "gbench").stdout)
    names = {b["name"]: b for b in gbench["benchmarks"]}
    for case in doc["cases"]:
        for v in case["variants"]:
            name = f"{case['case_id']}/{v['name']}"
            for suffix, slug, figure in (("host_ops", "host-ops", "ops"), ("launches", "launches", "launches"),
                                         ("syncs", "syncs", "syncs"), ("h2d_copies", "h2d-copies", "h2d_copies"),
                                         ("d2h_copies", "d2h-copies", "d2h_copies"),
                                         ("check_syncs", "check-syncs", "check_syncs")):
                if v["host_cost"] is None:  # the null block: no figure, no measure
                    assert slug not in bmf[name] and f"{name}/{suffix}" not in names
                    continue
                assert bmf[name][slug] == {"value": v["host_cost"][figure]}
                assert names[f"{name}/{suffix}"]["real_time"] == v["host_cost"][figure]
    old = json.loads(run_script("export.py", BASE, "--format", "bmf").stdout)
    assert not any("host-ops" in m for m in old.values())  # an older file: no host cost measures
