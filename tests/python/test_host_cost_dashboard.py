# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The host_cost block on the dashboard and in the history: the latest run's counts per suite
and variant with their deltas, the steps across nights in the changes list, op names escaped;
the light rows of a history keep the figures; and a night whose host cost the gate could not
see keeps the old baseline."""
import json
import os

from clampbench_testing import compare_json, fixture, load_json, run_script

from clampbench_scripts.history import run_cache

BASE = fixture("base.json")
ROW = ("mamba_prefix_caching/R=8,B=256,L=8192", "clamp_")
HOSTILE = "<script>alert(1)</script>|x"


def cost(ops=4, syncs=1, hostile=False):
    by_op = {"add": ops - syncs, "item": syncs}
    if hostile:
        by_op = {"add": ops - syncs - 1, "item": syncs, HOSTILE: 1}
    return {"version": 1, "ops": ops, "by_op": by_op, "launches": 3, "syncs": syncs,
            "sync_ops": {"item": syncs}, "h2d_copies": 0, "d2h_copies": syncs, "check_syncs": 0}


def night(tmp_path, name, day, row_cost):
    """base.json run on DAY with every variant at cost() and ROW at ROW_COST."""
    doc = load_json(BASE)
    doc["environment"]["time"] = f"2026-12-{day:02d}T02:00:00Z"
    for case in doc["cases"]:
        for v in case["variants"]:
            v["host_cost"] = row_cost if (case["case_id"], v["name"]) == ROW else cost()
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(doc))
    return path


def build(tmp_path, nights):
    hist, site = tmp_path / "history", tmp_path / "site"
    for path in nights:
        assert run_script("history.py", "add", path, "--dir", hist).returncode == 0
    proc = run_script("report.py", hist, "-o", site)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    return (site / "index.html").read_text(encoding="utf-8"), hist


def test_dashboard_shows_host_cost_and_its_changes(tmp_path):
    nights = [night(tmp_path, "n1", 1, cost()), night(tmp_path, "n2", 2, cost(ops=6, syncs=2, hostile=True))]
    page, _ = build(tmp_path, nights)
    assert "<h3>Host cost per call</h3>" in page and "host ops/launches/syncs per call" in page
    # ops 4 -> 6 and syncs 1 -> 2 against the run before, coloured worse
    assert ('<td class=l>clamp_</td><td>6</td><td class="worse">+2</td><td>-</td><td>3</td><td>±0</td>'
            '<td>-</td><td>2</td><td class="worse">+1</td>') in page
    assert "clamp_: 6/3/2" in page and "clamp: 4/3/1" in page  # the suite summary, per variant
    changes = page.split("Changes detected over the history", 1)[1].split("<h2", 1)[0]
    for metric, before, after in (("host_ops", 4, 6), ("syncs", 1, 2), ("d2h_copies", 1, 2)):
        assert (f"<td class=l>{metric}</td><td>{before}</td><td class=\"worse\">{after}</td>") in changes
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;|x x1" in page


def test_unreadable_block_is_named_never_zero(tmp_path):
    bad = dict(cost(), ops=-1)
    page, _ = build(tmp_path, [night(tmp_path, "n1", 1, bad)])
    assert "not readable: ops -1 is not a whole number &gt;= 0" in page
    assert "clamp_: - (1 not readable)" in page


def test_runs_from_before_the_block_show_no_host_cost(tmp_path):
    proc = run_script("report.py", "--single", BASE, "-o", tmp_path)
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert proc.returncode == 0 and "Host cost" not in page and "host ops" not in page


def test_history_light_rows_keep_the_figures(tmp_path):
    path = night(tmp_path, "n1", 1, cost(ops=6, syncs=2))
    run = run_cache.light_run(str(path))
    light = run["rows"][ROW]["host_cost"]
    assert light == {"problem": None, "ops": 6, "launches": 3, "syncs": 2, "h2d_copies": 0, "d2h_copies": 2,
                     "check_syncs": 0}
    old = run_cache.light_run(BASE)
    assert all(row["host_cost"] is None for row in old["rows"].values())


def _accept(hist, result, baseline, gate, gate_json):
    return run_script("history.py", "accept", result, "--dir", hist, "--baseline", baseline,
                      "--gate", gate, "--gate-json", gate_json)


def test_a_night_whose_host_cost_was_not_assessed_keeps_the_baseline(tmp_path):
    first = night(tmp_path, "n1", 1, cost())
    blind = night(tmp_path, "n2", 2, None)  # the block null: the gate cannot see it
    fine = night(tmp_path, "n3", 3, cost(ops=3, syncs=1))
    baseline = tmp_path / "baseline.json"
    baseline.write_bytes(first.read_bytes())
    _, hist = build(tmp_path, [first, blind, fine])
    for path, want_rc, want in ((blind, 3, "kept"), (fine, 0, "replaced")):
        rc, result, _ = compare_json(baseline, path)  # the nightly's gate: the default --fail-on
        assert rc == want_rc
        gate_json = tmp_path / f"{path.stem}-gate.json"
        gate_json.write_text(json.dumps(result))
        proc = _accept(hist, path, baseline, rc, gate_json)
        assert proc.returncode == 0, proc.stderr
        record = [json.loads(line) for line in open(os.path.join(hist, "nights.jsonl"))][-1]
        assert record["baseline"] == want
        assert (baseline.read_bytes() == path.read_bytes()) == (want == "replaced")
    blind_record = json.loads(open(os.path.join(hist, "nights.jsonl")).readline())
    assert blind_record["verdict"] == "not assessed"
    assert any(n.startswith("host_cost: ") and "null (the call failed)" in n for n in blind_record["not_assessed"])
