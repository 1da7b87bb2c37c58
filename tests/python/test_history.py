# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""history.py add: new names, atomic, never overwriting; reading skips bad files by name."""
import datetime
import json
import os

from clampbench_testing import fixture, load_json, run_script

from clampbench_scripts.history import names
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
    assert second != first
    with open(first) as f:
        assert f.read().endswith(" ")
    assert history.history_files(str(hist)) == [first, second]  # added later, ordered later


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


def test_a_history_is_in_the_order_its_runs_were_recorded(tmp_path, base_doc):
    """A runner clock years ahead cannot stay latest; one behind cannot hide behind older runs."""
    hist, docs = tmp_path / "h", []
    for n, when in enumerate(("2031-01-01T00:00:00Z", "2026-12-01T03:00:00Z", "2020-01-01T00:00:00Z")):
        doc = dict(base_doc, environment=dict(base_doc["environment"], time=when, git_commit=f"{n}" * 40))
        path = tmp_path / f"run{n}.json"
        path.write_text(json.dumps(doc))
        history.add(str(path), str(hist))
        docs.append(doc)
    runs = history.load_runs(history.history_files(str(hist)), lambda *a: None)
    assert [r["env"]["git_commit"][0] for r in runs] == ["0", "1", "2"]


def test_names_are_kept_between_the_newest_and_now():
    now = datetime.datetime(2026, 12, 7, 1, 0, 0, tzinfo=datetime.timezone.utc)
    newest = datetime.datetime(2026, 12, 6, 1, 0, 0)
    assert names.history_name({"time": "2031-01-01T00:00:00Z", "git_commit": "abc"}, newest, now) == \
        "20261207T010000Z-abc"
    assert names.history_name({"time": "2020-01-01T00:00:00Z", "git_commit": "abc"}, newest, now) == \
        "20261206T010001Z-abc"
    assert names.history_name({"time": "not a time", "git_commit": None}, None, now) == "20261207T010000Z-nocommit"
