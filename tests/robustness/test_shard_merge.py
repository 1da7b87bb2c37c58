# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""`run --shard I/N` and `clampbench merge`: the quick set run whole and as 1, 3 and 4 shards
on host; each merge must equal the whole run case by case (verdicts, findings, allocations;
the runs are untimed, so every case is compared whole), with its summary and outcome, and pass
compare.py, history.py and report.py. Then every refusal: one line, exit 2, nothing written.
Instruction counts surviving a merge, equal to the whole run's, are checked on two suites
under callgrind."""
import copy
import json
import os
import shutil
import subprocess

import pytest

from clampbench_testing import load_json, one_line_error, run_script

FAST = ("--backend", "host", "--no-timing", "--instructions", "off")
# What each process measures on its own: allowed to differ between the whole run and a merge.
MEASURED = {"shard", "command_line", "time", "machine_load", "host_name", "placement", "gpu_clocks"}


def _run(clampbench, *args, check=None):
    """clampbench(*ARGS) (conftest.py), asserting its exit status when CHECK is given."""
    proc = clampbench(*args)
    if check is not None:
        assert proc.returncode == check, proc.stderr
    return proc


def _shards(clampbench, directory, count, *extra):
    """Runs the N shards as parallel processes, as a CI matrix would; returns their paths."""
    paths = [os.path.join(directory, f"shard-{i}-of-{count}.json") for i in range(1, count + 1)]
    procs = [subprocess.Popen([clampbench.path, "run", *FAST, *extra, "--shard", f"{i}/{count}", "--out", p],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
             for i, p in enumerate(paths, 1)]
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
    return paths


@pytest.fixture(scope="module")
def runs(tmp_path_factory, clampbench):
    d = tmp_path_factory.mktemp("shards")
    whole = str(d / "whole.json")
    _run(clampbench, "run", *FAST, "--out", whole, check=0)
    out = {"dir": d, "whole": whole}
    for n in (1, 3, 4):
        sub = d / f"n{n}"
        sub.mkdir()
        out[n] = _shards(clampbench, str(sub), n)
    return out


def _merge(clampbench, paths, target):
    return _run(clampbench, "merge", *paths, "-o", target)


@pytest.mark.parametrize("count", [1, 3, 4])
def test_merged_shards_equal_the_whole_run(runs, count, tmp_path, clampbench):
    merged = str(tmp_path / "merged.json")
    proc = _merge(clampbench, runs[count], merged)
    assert proc.returncode == 0, proc.stderr
    a, b = load_json(runs["whole"]), load_json(merged)
    assert [c["case_id"] for c in b["cases"]] == [c["case_id"] for c in a["cases"]]
    assert b["cases"] == a["cases"]
    assert b["summary"] == a["summary"] and b["outcome"] == a["outcome"]
    assert {k: v for k, v in b["environment"].items() if k not in MEASURED} == \
           {k: v for k, v in a["environment"].items() if k not in MEASURED}
    assert b["environment"]["shard"] == {"index": None, "count": count}
    # Every case is in exactly one shard, the one its id hashes to, and no shard run is empty
    # of its own cases for the quick set's 44.
    sizes = [len(load_json(p)["cases"]) for p in runs[count]]
    assert sum(sizes) == len(a["cases"]) and all(sizes)


def test_an_unexpected_outcome_merges_to_the_whole_runs(tmp_path, clampbench):
    """Every finding of the quick set unexpected: the merged outcome lists them all, in the
    whole run's order, and the merge exits 1 as that run does."""
    rules = tmp_path / "nothing-known.json"
    rules.write_text('{"schema_version": 2, "expectations": []}')
    whole = str(tmp_path / "whole.json")
    _run(clampbench, "run", *FAST, "--expectations", rules, "--out", whole, check=1)
    paths = [str(tmp_path / f"s{i}.json") for i in (1, 2, 3)]
    for i, p in enumerate(paths, 1):
        _run(clampbench, "run", *FAST, "--expectations", rules, "--shard", f"{i}/3", "--out", p)
    merged = str(tmp_path / "merged.json")
    assert _merge(clampbench, paths, merged).returncode == 1
    a, b = load_json(whole), load_json(merged)
    assert a["outcome"]["status"] == "unexpected" and b["outcome"] == a["outcome"]
    assert b["cases"] == a["cases"] and b["summary"] == a["summary"]


def test_the_split_is_stable_when_a_case_is_added(runs, clampbench):
    """The rule depends on the case id alone: a narrower selection (one case fewer is the
    same as one more) leaves every other case in its shard."""
    whole = [c["case_id"] for c in load_json(runs["whole"])["cases"]]
    where = {c["case_id"]: i for i, p in enumerate(runs[3], 1) for c in load_json(p)["cases"]}
    for i in (1, 2, 3):
        listed = _run(clampbench, "run", *FAST, "--suite", "ngram_find,ngram_update", "--shard", f"{i}/3",
                      "--benchmark_list_tests", check=0).stdout.split()
        ids = {name.rsplit("/", 1)[0] for name in listed}
        assert ids and all(where[x] == i for x in ids)
    assert set(where) == set(whole)


def test_the_merge_passes_compare_history_and_report(runs, tmp_path, clampbench):
    merged = str(tmp_path / "merged.json")
    assert _merge(clampbench, runs[3], merged).returncode == 0
    assert run_script("compare.py", runs["whole"], merged).returncode == 0
    history, site = tmp_path / "history", tmp_path / "site"
    proc = run_script("history.py", "add", merged, "--dir", history)
    assert proc.returncode == 0, proc.stderr
    proc = run_script("report.py", history, "-o", site)
    assert proc.returncode == 0, proc.stderr
    assert (site / "index.html").is_file()
    # One shard alone is half a run: the scripts say so rather than read its cases as removed.
    proc = run_script("compare.py", runs["whole"], runs[3][0])
    assert proc.returncode == 2 and "clampbench merge" in one_line_error(proc)
    bad = _edited(runs[3][0], tmp_path / "bad-shard.json", lambda d: d["environment"].update(shard={"index": 4, "count": 3}))
    proc = run_script("compare.py", runs["whole"], bad)
    assert proc.returncode == 2 and "environment.shard.index" in one_line_error(proc)


def test_shards_and_merges_follow_the_schema(runs, tmp_path, clampbench):
    jsonschema = pytest.importorskip("jsonschema")
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
    schema = load_json(os.path.join(root, "results", "schema-v1.json"))
    merged = str(tmp_path / "merged.json")
    assert _merge(clampbench, runs[4], merged).returncode == 0
    for path in (*runs[4], merged, runs["whole"]):
        jsonschema.validate(load_json(path), schema)


def test_instruction_counts_survive_the_merge(tmp_path, clampbench):
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed: no exact instruction counter")
    # Two suites, so that a shard's cases follow cases of the other shard in the whole run: a
    # callgrind count moves by a few instructions with what the process ran before.
    args = ("--backend", "host", "--no-timing", "--instructions", "callgrind", "--suite", "mamba_fallback,ngram_update")
    whole = str(tmp_path / "whole.json")
    _run(clampbench, "run", *args, "--out", whole, check=0)
    shards = [str(tmp_path / f"s{i}.json") for i in (1, 2)]
    for i, p in enumerate(shards, 1):
        _run(clampbench, "run", *args, "--shard", f"{i}/2", "--out", p, check=0)
    merged = str(tmp_path / "merged.json")
    assert _merge(clampbench, shards, merged).returncode == 0

    def counts(*files):
        return {(c["case_id"], v["name"]): v["instructions"] for f in files for c in load_json(f)["cases"]
                for v in c["variants"]}
    assert counts(merged) == counts(*shards) == counts(whole)
    assert all(isinstance(n, int) and n > 0 for n in counts(merged).values())


def _edited(src, dest, edit):
    doc = load_json(src)
    edit(doc)
    with open(dest, "w") as f:
        json.dump(doc, f)
    return str(dest)


def _refused(clampbench, paths, target, *words):
    """merge PATHS -o TARGET exits 2 with one line holding WORDS and leaves TARGET as it was."""
    before = open(target, "rb").read() if os.path.isfile(target) else None
    proc = _merge(clampbench, paths, str(target))
    assert proc.returncode == 2, proc.stderr
    line = one_line_error(proc)
    for w in words:
        assert w in line, line
    assert (open(target, "rb").read() if os.path.isfile(target) else None) == before
    return line


def test_merge_refuses_what_is_not_one_run(runs, tmp_path, clampbench):
    s1, s2, s3 = runs[3]
    out = tmp_path / "merged.json"
    _refused(clampbench, [s1, s2], out, "shard 3 of 3 is missing")
    _refused(clampbench, [s1, s2, s2, s3], out, "both shard 2 of 3")
    _refused(clampbench, [s1, s2, runs[4][2]], out, "differ in shard.count")
    _refused(clampbench, [s1, s2, s3, runs["whole"]], out, "not a shard", "whole.json")
    seed = str(tmp_path / "seed2.json")
    _run(clampbench, "run", *FAST, "--seed", "2", "--shard", "2/3", "--out", seed, check=0)
    _refused(clampbench, [s1, seed, s3], out, "differ in seed", "seed2.json")
    rules = tmp_path / "rules.json"
    shutil.copy(_default_expectations(), rules)
    with open(rules, "a") as f:
        f.write("\n")
    other = str(tmp_path / "rules2.json")
    _run(clampbench, "run", *FAST, "--expectations", rules, "--shard", "2/3", "--out", other, check=0)
    _refused(clampbench, [s1, other, s3], out, "differ in expectations")
    commit = _edited(s2, tmp_path / "commit.json", lambda d: d["environment"].update(git_commit="0" * 40))
    _refused(clampbench, [s1, commit, s3], out, "differ in git_commit")
    device = _edited(s2, tmp_path / "device.json", lambda d: d["environment"].update(device_name="NVIDIA H200"))
    _refused(clampbench, [s1, device, s3], out, "differ in device_name")


def _default_expectations():
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
    return os.path.join(root, "results", "expectations.json")


def test_merge_refuses_missing_overlapping_and_misplaced_cases(runs, tmp_path, clampbench):
    s1, s2, s3 = runs[3]
    out = tmp_path / "merged.json"
    one = load_json(s1)["cases"][0]
    dropped = _edited(s1, tmp_path / "dropped.json", lambda d: d["cases"].pop(0))
    _refused(clampbench, [dropped, s2, s3], out, "missing", one["case_id"])
    twice = _edited(s2, tmp_path / "twice.json", lambda d: d["cases"].append(copy.deepcopy(one)))
    _refused(clampbench, [s1, twice, s3], out, "in both", one["case_id"])
    moved = _edited(s2, tmp_path / "moved.json", lambda d: d["cases"].append(copy.deepcopy(one)))
    _refused(clampbench, [dropped, moved, s3], out, "holds case", "shard 1's")
    interrupted = _edited(s2, tmp_path / "interrupted.json", lambda d: d["outcome"].update(
        status="interrupted", exit_code=143, signal="SIGTERM", cases_planned=99))
    _refused(clampbench, [s1, interrupted, s3], out, "interrupted shard", "--resume")
    _refused(clampbench, [s1, _edited(s2, tmp_path / "bad.json", lambda d: d["cases"][0]["variants"][0].update(verdict=7)), s3],
             out, "cannot be read")
    (tmp_path / "notjson.json").write_text("{")
    _refused(clampbench, [s1, str(tmp_path / "notjson.json"), s3], out, "not JSON")
    _refused(clampbench, [s1, s2, str(tmp_path / "absent.json")], out, "cannot read")


def test_merge_writes_like_run_out(runs, tmp_path, clampbench):
    s = runs[3]
    _refused(clampbench, s, tmp_path, "not a regular file")  # a directory as -o
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    _refused(clampbench, s, fifo, "FIFO")
    _refused(clampbench, s, s[0], "is the input file")
    # A missing directory is refused, not made (run --out makes one; merge's goes beside the shards).
    _refused(clampbench, s, tmp_path / "new" / "dir" / "m.json", "does not exist", str(tmp_path / "new" / "dir"))
    assert not (tmp_path / "new").exists()
    assert load_json(s[0])["environment"]["shard"]["index"] == 1  # untouched
    target = tmp_path / "real.json"
    link = tmp_path / "link.json"
    os.symlink(target, link)
    assert _merge(clampbench, s, str(link)).returncode == 0
    assert os.path.islink(link) and load_json(target)["environment"]["shard"]["count"] == 3
    assert [p for p in os.listdir(tmp_path) if ".tmp." in p] == []
    for args, words in ((["merge", *s], "-o MERGED.json is required"), (["merge", "-o", str(target)], "no shard files"),
                        (["merge", *s, "-o", ""], "empty"), (["merge", *s, "--frobnicate", "-o", target], "unknown flag")):
        proc = _run(clampbench, *args)
        assert proc.returncode == 2 and all(w in one_line_error(proc) for w in [words])


@pytest.mark.parametrize("bad", ["0/3", "4/3", "1/0", "0/0", "abc", "", "1/", "/3", "-1/3", "2/3x"])
def test_run_refuses_a_bad_shard(bad, tmp_path, clampbench):
    out = tmp_path / "out.json"
    proc = _run(clampbench, "run", *FAST, "--shard", bad, "--out", out)
    assert proc.returncode == 2 and "shard" in one_line_error(proc)
    assert not out.exists()


def test_resume_refuses_another_shards_file(runs, tmp_path, clampbench):
    out = tmp_path / "out.json"
    proc = _run(clampbench, "run", *FAST, "--shard", "2/3", "--resume", runs[3][0], "--out", out)
    assert proc.returncode == 2 and "shard" in one_line_error(proc)
    proc = _run(clampbench, "run", *FAST, "--resume", runs[3][0], "--out", out)
    assert proc.returncode == 2 and "shard" in one_line_error(proc)
    assert not out.exists()
    again = tmp_path / "again.json"
    shutil.copy(runs[3][0], again)
    _run(clampbench, "run", *FAST, "--shard", "1/3", "--resume", again, "--out", again, check=0)
