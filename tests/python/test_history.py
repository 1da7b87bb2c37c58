# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""history.py add: new names, atomic, never overwriting; reading skips bad files by name."""
import json
import os

from clampbench_testing import fixture, load_json, run_script

from clampbench_scripts.history import runs as history


def stem_of(doc):
    """<UTC time>-<short commit> of a run, e.g. 20261201T020000Z-1111111."""
    env = doc["environment"]
    return env["time"].replace("-", "").replace(":", "") + "-" + env["git_commit"][:7]


def test_add_names_by_time_and_commit(tmp_path, base_doc):
    hist = tmp_path / "h"
    proc = run_script("history.py", "add", fixture("base.json"), "--dir", hist)
    assert proc.returncode == 0
    name = stem_of(base_doc) + ".json"
    assert history.history_files(str(hist)) == [str(hist / name)]
    assert proc.stdout.strip() == str(hist / name)
    assert load_json(hist / name) == base_doc


def test_add_never_overwrites(tmp_path, base_doc):
    hist = tmp_path / "h"
    first = history.add(fixture("base.json"), str(hist))
    with open(first, "a") as f:
        f.write(" ")  # mark the first copy
    other = tmp_path / "other.json"  # another run of the same time and commit
    other.write_text(json.dumps(dict(base_doc, environment=dict(base_doc["environment"], host_name="runner-2"))))
    second = history.add(str(other), str(hist))
    assert second != first and second.endswith(stem_of(base_doc) + "-2.json")
    with open(first) as f:
        assert f.read().endswith(" ")
    assert sorted(os.listdir(hist)) == [".cache", stem_of(base_doc) + "-2.json", stem_of(base_doc) + ".json"]


def test_add_rejects_bad_file(tmp_path):
    hist = tmp_path / "h"
    proc = run_script("history.py", "add", fixture("malformed.json"), "--dir", hist)
    assert proc.returncode == 2 and fixture("malformed.json") in proc.stderr
    assert not hist.exists() or os.listdir(hist) == []


def test_load_runs_skips_bad_files_by_name():
    skipped = []
    runs = history.load_runs(history.history_files(fixture("history")),
                             lambda path, why: skipped.append((path, why)))
    assert len(runs) == 8
    assert [os.path.basename(p) for p, _ in skipped] == ["20261113T020000Z-broken.json"]
    times = [r["env"]["time"] for r in runs]
    assert times == sorted(times)


def test_added_runs_are_readable_by_others(tmp_path):
    # mkstemp makes 0600 files; a history is shared (checked in, served with the dashboard).
    old = os.umask(0o022)
    try:
        path = history.add(fixture("base.json"), str(tmp_path / "h"))
    finally:
        os.umask(old)
    assert os.stat(path).st_mode & 0o777 == 0o644
