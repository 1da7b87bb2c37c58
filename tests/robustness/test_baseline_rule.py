# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The baseline only ratchets: the nights of a filed reproduction (a night without instruction
counts, then +10% instructions) through ci/steps/merge.sh, an explicit accept recorded by
name, the dashboard showing each night's gate; and history.py accept's own refusals."""
import json
import os
import subprocess
import sys


import nightly_chain as chain
import nightly_faults as faults
from clampbench_testing import ROOT, one_line_error

HISTORY = os.path.join(ROOT, "scripts", "history.py")


def test_a_not_assessed_night_never_becomes_the_baseline(shard_cache, tmp_path):
    work, state = str(tmp_path), str(tmp_path / "state")
    first = chain.night(work, state, faults.fresh(shard_cache.get(), work))
    assert first.rc == 0 and first.record["baseline"] == "replaced", first.stderr
    blind = chain.night(work, state, faults.fresh(shard_cache.get(instructions=False), work))
    assert blind.rc == 3 and blind.baseline == first.baseline
    assert blind.record["verdict"] == "not assessed" and blind.record["baseline"] == "kept"
    assert any("instructions" in name for name in blind.record["not_assessed"])
    for _ in range(2):  # +10% instructions: reported every night, against the last passed night
        worse = chain.night(work, state, faults.fresh(shard_cache.get("instructions"), work))
        assert worse.rc == 1 and worse.baseline == first.baseline, worse.stderr
    accepted = chain.night(work, state, faults.fresh(shard_cache.get("instructions"), work), accepted_by="alice")
    assert accepted.rc == 1 and accepted.baseline != first.baseline
    assert accepted.record["accepted_by"] == "alice" and accepted.record["baseline"] == "replaced"
    after = chain.night(work, state, faults.fresh(shard_cache.get("instructions"), work))
    assert after.rc == 0 and after.record["baseline"] == "replaced"
    site = open(os.path.join(work, "night-5", "site", "index.html"), encoding="utf-8").read()
    assert "The gate, night by night" in site and "accepted by alice" in site and "not assessed" in site


def _accept(*args):
    return subprocess.run([sys.executable, HISTORY, "accept", *map(str, args)], capture_output=True, text=True)


def test_accept_refuses_bad_input(shard_cache, tmp_path):
    work, state = str(tmp_path), str(tmp_path / "state")
    assert chain.night(work, state, faults.fresh(shard_cache.get(), work)).rc == 0
    merged = os.path.join(work, "night-0", "shards", "merged.json")
    hist, base = os.path.join(state, "history"), os.path.join(state, "baseline.json")
    cases = [
        (["--dir", hist, "--baseline", base, "--gate", "x"], "not an exit code"),
        (["--dir", hist, "--baseline", base, "--gate", "0", "--accepted-by", " "], "--accepted-by"),
        (["--dir", hist, "--baseline", "", "--gate", "0"], "an empty path"),
        (["--dir", str(tmp_path / "nohistory"), "--baseline", base, "--gate", "0"], "does not exist"),
    ]
    for args, words in cases:  # argparse's own refusals add its usage lines above the error
        proc = _accept(merged, *args)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, (args, proc.stderr)
        assert words in proc.stderr.strip().splitlines()[-1], (args, proc.stderr)
    other = tmp_path / "elsewhere.json"
    other.write_text("{}")
    os.unlink(base)
    os.symlink(other, base)  # the baseline is replaced, never written through a symlink
    proc = _accept(merged, "--dir", hist, "--baseline", base, "--gate", "0")
    assert proc.returncode == 2 and "symlink" in one_line_error(proc)
    assert json.loads(other.read_text()) == {}


def test_the_rule():
    from clampbench_scripts.history import nights
    assert nights.replaces_baseline(0, None)
    assert not nights.replaces_baseline(1, None) and not nights.replaces_baseline(3, None)
    assert not nights.replaces_baseline(2, None)
    assert all(nights.replaces_baseline(rc, "alice") for rc in (1, 2, 3))


def test_a_lost_baseline_is_not_assessed_until_accepted(shard_cache, tmp_path):
    work, state = str(tmp_path), str(tmp_path / "state")
    assert chain.night(work, state, faults.fresh(shard_cache.get(), work)).rc == 0
    os.unlink(os.path.join(state, "baseline.json"))  # an evicted cache, a file deleted by hand
    lost = chain.night(work, state, faults.fresh(shard_cache.get("allocation"), work))
    assert lost.rc == 3 and lost.baseline == "" and lost.record["baseline"] == "kept"
    assert any(name.startswith("baseline: baseline.json missing") for name in lost.record["not_assessed"])
    again = chain.night(work, state, faults.fresh(shard_cache.get(), work), accepted_by="bob")
    assert again.rc == 3 and again.baseline and again.record["accepted_by"] == "bob"
    assert chain.night(work, state, faults.fresh(shard_cache.get("allocation"), work)).rc == 1


def test_two_merges_on_one_state_take_turns(shard_cache, tmp_path):
    import concurrent.futures
    work, state = str(tmp_path), str(tmp_path / "state")
    first = [faults.fresh(shard_cache.get(), work) for _ in range(2)]
    os.makedirs(os.path.join(work, "a"))
    os.makedirs(os.path.join(work, "b"))
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        nights = list(pool.map(lambda i: chain.night(os.path.join(work, "ab"[i]), state, first[i]), range(2)))
    assert sorted(n.rc for n in nights) == [0, 0], [n.stderr for n in nights]
    assert chain.records(state) == 2  # both recorded, one after the other: no lost line


def test_a_refused_accept_writes_nothing_and_the_night_can_be_accepted_after(shard_cache, tmp_path):
    """A blank name (Buildkite's CLAMPBENCH_ACCEPTED_BY=' ', a newline) is refused before the
    night's first write, so the same night can be accepted by name once the name is fixed."""
    work, state = str(tmp_path), str(tmp_path / "state")
    assert chain.night(work, state, faults.fresh(shard_cache.get(), work)).rc == 0
    planted = faults.fresh(shard_cache.get("allocation"), work)
    before = sorted(os.listdir(os.path.join(state, "history")))
    for blank in (" ", "\n", "\t "):
        refused = chain.night(work, state, planted, accepted_by=blank)
        assert refused.rc == 2 and "--accepted-by" in refused.stderr, refused.stderr
        assert sorted(os.listdir(os.path.join(state, "history"))) == before and refused.record is None
    accepted = chain.night(work, state, planted, accepted_by="carol")
    assert accepted.rc == 1 and accepted.record["accepted_by"] == "carol", accepted.stderr
    assert accepted.baseline != accepted.before
