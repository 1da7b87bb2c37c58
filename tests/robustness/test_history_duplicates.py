# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A run counts once in a history: `history.py add` refuses a run already there (exit 2,
naming the file that holds it), and copies put in by hand are left out of every noise
estimate (compare.py --history, the dashboard), never read as twenty runs with no spread."""
import json
import shutil

from clampbench_testing import fixture, load_json, one_line_error, run_script

BASE = fixture("base.json")
TIMEOUT = 120


def test_adding_the_same_run_twice_is_refused(tmp_path):
    hist = tmp_path / "h"
    first = run_script("history.py", "add", BASE, "--dir", hist, timeout=TIMEOUT)
    assert first.returncode == 0, first.stderr
    kept = first.stdout.strip()
    again = run_script("history.py", "add", BASE, "--dir", hist, timeout=TIMEOUT)
    assert again.returncode == 2 and again.stdout == ""
    line = one_line_error(again)
    assert BASE in line and kept in line and "already in the history" in line, line
    copy = tmp_path / "reindented.json"  # the same run, written out again with other spacing
    copy.write_text(json.dumps(load_json(BASE), indent=1))
    assert run_script("history.py", "add", copy, "--dir", hist, timeout=TIMEOUT).returncode == 2
    assert sorted(p.name for p in hist.iterdir() if not p.name.startswith(".")) == [kept.rsplit("/", 1)[-1]]


def _slower_copy(tmp_path, factor):
    """The base with every median time FACTOR times as long: an A/A pair's spread."""
    doc = load_json(BASE)
    for case in doc["cases"]:
        for v in case["variants"]:
            for stats in (v.get("timing") or {}).values():
                if isinstance(stats, dict) and stats.get("median") is not None:
                    for key in ("median", "p10", "p90", "mean"):
                        stats[key] = stats[key] * factor
                    stats["samples"] = [s * factor for s in stats.get("samples", [])]
    path = tmp_path / "head.json"
    path.write_text(json.dumps(doc))
    return path


def test_copies_in_a_history_never_shrink_the_noise(tmp_path):
    hist = tmp_path / "h"
    hist.mkdir()
    for i in range(20):  # one run copied in by hand twenty times
        shutil.copyfile(BASE, hist / f"2026120{i // 10}T0{i % 10}0000Z-copy.json")
    head = _slower_copy(tmp_path, 1.03)
    proc = run_script("compare.py", BASE, head, "--history", hist, "--fail-on", "time", "--format", "text",
                      timeout=TIMEOUT)
    # Twenty copies read as twenty runs made the noise 0.0% and this 3% spread a regression;
    # one run is no spread at all: time is not assessed.
    assert proc.returncode == 3, proc.stdout
    assert "RESULT: TIME NOT ASSESSED" in proc.stdout and "CV 0.0%" not in proc.stdout
    site = tmp_path / "site"
    proc = run_script("report.py", hist, "-o", site, timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    assert "report.py: 1 run(s)" in proc.stderr and proc.stderr.count("a copy of the run in") == 19


def test_a_run_given_twice_on_one_side_is_refused(tmp_path):
    copy = tmp_path / "copy.json"  # the base again, under another name
    copy.write_text(json.dumps(load_json(BASE)))
    for extra in (("--base", BASE), ("--base", copy), ("--head", fixture("head_same.json"))):
        proc = run_script("compare.py", BASE, fixture("head_same.json"), *extra, timeout=TIMEOUT)
        assert proc.returncode == 2 and "each run of a side counts once" in one_line_error(proc)
    assert run_script("compare.py", BASE, BASE, timeout=TIMEOUT).returncode == 0  # A/A: one run each side
