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


def _remerged(tmp_path, name, out, reorder=False, **envelope):
    """The base as `clampbench merge` writes it to OUT: another command line (and, as a later
    merge might, a run id or a merge time), the cases in another order, another spacing."""
    doc = load_json(BASE)
    doc["environment"].update(shard={"index": None, "count": 2}, **envelope,
                              command_line=["build/clampbench", "merge", "s1.json", "s2.json", "-o", out])
    if reorder:
        doc["cases"].reverse()
    path = tmp_path / name
    path.write_text(json.dumps(doc, indent=1 if reorder else None))
    return path


def test_the_same_night_merged_twice_enters_the_history_once(tmp_path):
    hist = tmp_path / "h"
    first = _remerged(tmp_path, "a.json", "nightly/merged.json")
    again = _remerged(tmp_path, "b.json", "elsewhere/merged-again.json", reorder=True, run_id="r-2",
                      merged_at="2026-12-06T03:00:00Z")
    proc = run_script("history.py", "add", first, "--dir", hist, timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    kept = proc.stdout.strip()
    proc = run_script("history.py", "add", again, "--dir", hist, timeout=TIMEOUT)
    assert proc.returncode == 2 and proc.stdout == ""
    line = one_line_error(proc)
    assert str(again) in line and kept in line and "already in the history" in line, line


def test_a_remerged_copy_put_in_by_hand_is_skipped_and_named(tmp_path):
    hist = tmp_path / "h"
    hist.mkdir()
    shutil.copyfile(_remerged(tmp_path, "a.json", "merged.json"), hist / "20261201T020000Z-1111111.json")
    shutil.copyfile(_remerged(tmp_path, "b.json", "other.json", reorder=True, run_id="x"),
                    hist / "20261201T020000Z-1111111-2.json")
    head = _slower_copy(tmp_path, 1.03)
    proc = run_script("compare.py", BASE, head, "--history", hist, "--fail-on", "time", "--format", "text",
                      timeout=TIMEOUT)
    # Read as two runs, the copies made the noise 0.0% and this 3% an A/A time regression (exit 1).
    assert proc.returncode == 3, proc.stdout
    assert "CV 0.0%" not in proc.stdout and "RESULT: TIME NOT ASSESSED" in proc.stdout
    proc = run_script("report.py", hist, "-o", tmp_path / "site", timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    assert "report.py: 1 run(s)" in proc.stderr and proc.stderr.count("a copy of the run in") == 1
    assert "1111111-2.json" in proc.stderr


def test_two_merges_of_real_shards_enter_the_history_once(tmp_path, clampbench):
    args = ("run", "--backend", "host", "--no-timing", "--instructions", "off", "--sizes", "quick",
            "--suite", "rocm_aiter_fa_chunks")
    shards = [tmp_path / f"s{i}.json" for i in (1, 2)]
    for i, path in enumerate(shards, 1):
        proc = clampbench(*args, "--shard", f"{i}/2", "--out", path)
        assert proc.returncode == 0, proc.stderr
    merged = [tmp_path / "m1.json", tmp_path / "sub" / "m2.json"]
    merged[1].parent.mkdir()
    for path, order in zip(merged, (shards, shards[::-1])):
        proc = clampbench("merge", *order, "-o", path)
        assert proc.returncode == 0, proc.stderr
    assert load_json(merged[0])["environment"] != load_json(merged[1])["environment"]  # the envelope differs
    hist = tmp_path / "h"
    proc = run_script("history.py", "add", merged[0], "--dir", hist, timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    kept = proc.stdout.strip()
    proc = run_script("history.py", "add", merged[1], "--dir", hist, timeout=TIMEOUT)
    assert proc.returncode == 2 and kept in one_line_error(proc)
    shutil.copyfile(merged[1], hist / "20991231T000000Z-byhand.json")  # a re-merge copied in by hand
    proc = run_script("report.py", hist, "-o", tmp_path / "site", timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    assert any("byhand.json" in line and "a copy of the run in" in line for line in proc.stderr.splitlines())


def test_copies_that_differ_by_an_unknown_field_are_one_run(tmp_path):
    """A measurement counts once, whatever fields were added around it: twenty copies of one run,
    each stamped with a field the schema does not define (in a case, a variant, the top level),
    are one run in `history.py add` and in compare.py --history, which names the copies it
    leaves out."""
    hist = tmp_path / "h"
    hist.mkdir()
    for i in range(20):
        doc = load_json(BASE)
        doc["cases"][0]["uploaded_by"] = f"job {i}"
        doc["cases"][0]["variants"][0]["note"] = i
        doc["copy"] = i
        (hist / f"2026120{i // 10}T0{i % 10}0000Z-copy.json").write_text(json.dumps(doc))
    again = tmp_path / "again.json"
    again.write_text((hist / "20261200T000000Z-copy.json").read_text().replace('"job 0"', '"job 99"'))
    assert run_script("history.py", "add", again, "--dir", hist, timeout=TIMEOUT).returncode == 2
    proc = run_script("compare.py", BASE, BASE, "--history", hist, "--fail-on", "time", "--format", "text",
                      timeout=TIMEOUT)  # an A/A compare: never a time regression
    assert proc.returncode == 3, proc.stdout
    assert "CV 0.0%" not in proc.stdout and proc.stderr.count("a copy of the run in") == 19, proc.stderr


def test_an_output_into_the_history_is_refused(tmp_path):
    """compare.py -o onto a history's run (or anywhere inside the history) would replace a night
    with markdown; refused before any work, nothing written."""
    hist = tmp_path / "h"
    assert run_script("history.py", "add", BASE, "--dir", hist, timeout=TIMEOUT).returncode == 0
    run = next(p for p in hist.iterdir() if p.suffix == ".json")
    kept = run.read_bytes()
    for target in (run, hist / "new.json", hist / "nights.jsonl"):
        proc = run_script("compare.py", BASE, BASE, "--history", hist, "-o", target, timeout=TIMEOUT)
        assert proc.returncode == 2 and str(hist) in one_line_error(proc), proc.stderr
    assert run.read_bytes() == kept and sorted(p.name for p in hist.iterdir()) == [".cache", run.name]
