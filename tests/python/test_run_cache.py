# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""run_cache: a history's older runs in light form, cached per file, remade when the file
changes, never trusted when broken; the dashboard built from it is the one built without."""
import json
import os

import numpy as np
import pytest

from clampbench_testing import fixture, history_copy, load_json, run_script

from clampbench_scripts.history import runs as history
from clampbench_scripts.dashboard import series
from clampbench_scripts.history import run_cache


def _load(hist, **kw):
    skipped = []
    runs = history.load_runs(history.history_files(hist), lambda p, why: skipped.append(p), **kw)
    return runs, skipped


def test_light_runs_give_the_same_trends_as_full_ones(tmp_path):
    hist = history_copy(tmp_path)
    full, skipped_full = _load(hist)
    light, skipped_light = _load(hist, cache_dir=str(tmp_path / "cache"), full_latest=2)
    assert skipped_full == skipped_light and len(light) == len(full) == 8
    assert [r["path"] for r in light] == [r["path"] for r in full]
    a, b = series.build(full), series.build(light)
    assert a["suites"].keys() == b["suites"].keys()
    for suite in a["suites"]:
        assert a["suites"][suite]["keys"] == b["suites"][suite]["keys"]
        for metric, values in a["suites"][suite]["values"].items():
            np.testing.assert_array_equal(values, b["suites"][suite]["values"][metric], err_msg=metric)
    # The latest two runs carry full rows (verdicts, instructions); the older ones light rows.
    assert all("verdict" in row for run in light[-2:] for row in run["rows"].values())
    assert all("verdict" not in row for run in light[:-2] for row in run["rows"].values())
    assert light[-1]["rows"] == full[-1]["rows"]


def test_a_second_load_reads_the_cache_only(tmp_path, monkeypatch):
    hist = history_copy(tmp_path)
    cache = str(tmp_path / "cache")
    first, _ = _load(hist, cache_dir=cache, full_latest=0)
    assert len(os.listdir(cache)) == len(first)  # the broken file is not cached

    parsed = []
    real = run_cache.light_run

    def counting(path):
        parsed.append(os.path.basename(path))
        return real(path)
    monkeypatch.setattr(run_cache, "light_run", counting)
    again, skipped = _load(hist, cache_dir=cache, full_latest=0)
    assert [r["rows"] for r in again] == [r["rows"] for r in first]
    assert parsed == ["20261113T020000Z-broken.json"]  # a bad file is named again, never cached
    assert len(skipped) == 1


def test_a_changed_file_is_parsed_again(tmp_path):
    hist = history_copy(tmp_path)
    cache = str(tmp_path / "cache")
    runs, _ = _load(hist, cache_dir=cache, full_latest=0)
    path = runs[0]["path"]
    doc = load_json(path)
    key = next(iter(runs[0]["rows"]))
    case = next(c for c in doc["cases"] if c["case_id"] == key[0])
    variant = next(v for v in case["variants"] if v["name"] == key[1])
    variant["allocations"]["ledger"]["total"]["allocations"] += 100
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)  # another size
    again, _ = _load(hist, cache_dir=cache, full_latest=0)
    row = next(r for r in again if r["path"] == path)["rows"][key]
    assert row["ledger"]["allocations"] == runs[0]["rows"][key]["ledger"]["allocations"] + 100


@pytest.mark.parametrize("content", [b"{not json", b'{"cache_version": 99}', b'{"cache_version": 1}', b"[]"])
def test_a_broken_cache_entry_is_ignored(tmp_path, content):
    hist = history_copy(tmp_path)
    cache = tmp_path / "cache"
    runs, _ = _load(hist, cache_dir=str(cache), full_latest=0)
    victim = os.path.basename(runs[0]["path"])
    (cache / victim).write_bytes(content)
    again, skipped = _load(hist, cache_dir=str(cache), full_latest=0)
    assert [r["rows"] for r in again] == [r["rows"] for r in runs] and len(skipped) == 1
    assert json.loads((cache / victim).read_text())["cache_version"] == run_cache.CACHE_VERSION  # remade


def test_an_unwritable_cache_is_skipped(tmp_path):
    hist = history_copy(tmp_path)
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache directory would be")
    runs, skipped = _load(hist, cache_dir=str(blocker / "cache"), full_latest=1)
    assert len(runs) == 8 and len(skipped) == 1


def test_history_add_caches_the_new_run(tmp_path):
    hist = tmp_path / "h"
    path = history.add(fixture("base.json"), str(hist))
    cached = run_cache.read(history.cache_dir(str(hist)), path)
    assert cached is not None and cached["rows"] == run_cache.light_run(path)["rows"]
    assert history.history_files(str(hist)) == [path]  # the cache is not a run


def test_report_with_and_without_the_cache_is_the_same_page(tmp_path):
    hist = history_copy(tmp_path)
    for site, extra in (("cold", ()), ("warm", ()), ("none", ("--no-cache",))):
        proc = run_script("report.py", hist, "-o", tmp_path / site, "--baseline", fixture("base.json"), *extra)
        assert proc.returncode == 0, proc.stderr
    pages = [(tmp_path / s / "index.html").read_text() for s in ("cold", "warm", "none")]
    assert pages[0] == pages[1] == pages[2]
    assert os.path.isdir(os.path.join(hist, ".cache"))


def test_bench_report_times_the_first_build_and_the_nightly_step():
    proc = run_script("bench_report.py", "--runs", "3", "--cases-per-suite", "1", "--repetitions", "3")
    assert proc.returncode == 0, proc.stderr
    assert "for the first build of 2 runs" in proc.stderr
    assert "for 3 runs after history.py add of the newest" in proc.stderr
    assert run_script("bench_report.py", "--runs", "1").returncode == 2
