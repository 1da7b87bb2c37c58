# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A run stopped midway keeps what it measured: SIGINT/SIGTERM after a chosen number of cases,
or during the callgrind pass, write the cases done (status "interrupted", exit 130/143) and
leave no temporary file and no valgrind child behind; SIGKILL leaves the cases of the last
write; --resume finishes such a run."""
import json
import os
import shutil
import signal
import subprocess
import time

import pytest

from clampbench_testing import ROOT, one_line_error

# Timed with a noise target it cannot reach: each case stops at the timeout, so a case lasts
# long enough (~0.5 s) for a signal to land in the middle of the run, even on a busy machine.
PACED = ["--suite", "ngram_find,ngram_update", "--instructions", "off", "--max-noise", "0.000001",
         "--timing-timeout", "0.15", "--benchmark_min_time=0.001"]


def start(clampbench, *args, **kwargs):
    return subprocess.Popen([clampbench.path, "run", *map(str, args)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, **kwargs)


def wait_for_progress(proc, lines):
    """Reads stderr until `lines` progress lines ("[k/n] ...") came; returns what was read."""
    seen, text = 0, ""
    while seen < lines:
        line = proc.stderr.readline()
        assert line, f"the run ended after {seen} progress lines: {text}"
        text += line
        seen += line.startswith("[")
    return text


def selected_case_ids(clampbench, *args):
    proc = clampbench("run", *args, "--benchmark_list_tests")
    ids = []
    for name in proc.stdout.split():
        case = name.rsplit("/", 1)[0]
        if case not in ids:
            ids.append(case)
    return ids


def load(path):
    with open(path) as f:
        return json.load(f)


def validate(doc):
    import jsonschema
    with open(os.path.join(ROOT, "results", "schema-v1.json")) as f:
        jsonschema.validate(doc, json.load(f))


@pytest.mark.parametrize("signo,code,name", [(signal.SIGTERM, 143, "SIGTERM"), (signal.SIGINT, 130, "SIGINT")])
def test_signal_midway_writes_the_cases_done(clampbench, tmp_path, signo, code, name):
    out = tmp_path / "r.json"
    planned = selected_case_ids(clampbench, *PACED)
    proc = start(clampbench, *PACED, "--out", out, "--dump", tmp_path / "dump")
    wait_for_progress(proc, 2)
    proc.send_signal(signo)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == code, err
    doc = load(out)
    validate(doc)
    o = doc["outcome"]
    assert (o["status"], o["exit_code"], o["signal"], o["cases_planned"]) == ("interrupted", code, name, len(planned))
    done = [c["case_id"] for c in doc["cases"]]
    assert 2 <= len(done) < len(planned)
    assert done == planned[:len(done)]  # the current case finished, nothing after it ran
    assert f"--resume {out}" in err.splitlines()[-1]
    assert sorted(os.listdir(tmp_path)) == ["r.json"]  # the unfinished dump and every temp file gone


def test_sigkill_leaves_the_cases_done_and_resume_finishes_the_run(clampbench, tmp_path):
    out = tmp_path / "r.json"
    planned = selected_case_ids(clampbench, *PACED)
    proc = start(clampbench, *PACED, "--out", out)
    wait_for_progress(proc, 2)
    proc.kill()
    proc.communicate(timeout=60)
    doc = load(out)  # whole: every write was a temporary file renamed
    validate(doc)
    o = doc["outcome"]
    assert (o["status"], o["exit_code"], o["signal"]) == ("interrupted", None, None)
    before = doc["cases"]
    assert 1 <= len(before) < len(planned)

    resumed = clampbench("run", *PACED, "--out", out, "--resume", out)
    assert resumed.returncode == 0, resumed.stderr
    assert f"(+{len(before)} resumed)" in resumed.stderr
    assert sum(line.startswith("[") for line in resumed.stderr.splitlines()) == len(planned) - len(before)
    doc = load(out)
    validate(doc)
    assert [c["case_id"] for c in doc["cases"]] == planned
    assert doc["cases"][:len(before)] == before  # taken as they were, not run again
    assert doc["outcome"]["status"] == "as_expected"

    fresh = clampbench("run", *PACED, "--out", tmp_path / "fresh.json")
    assert fresh.returncode == 0, fresh.stderr

    def verdicts(d):
        return {(s["suite"], v): (s["cases"], row["verdicts"], row["unexpected"], row["allocations_saved_per_call"])
                for s in d["summary"] for v, row in s["variants"].items()}
    assert verdicts(doc) == verdicts(load(tmp_path / "fresh.json"))


def test_resume_of_a_finished_run_runs_nothing(clampbench, tmp_path):
    out = tmp_path / "r.json"
    quick = ["--suite", "ngram_find", "--no-timing", "--instructions", "off"]
    assert clampbench("run", *quick, "--out", out).returncode == 0
    cases = load(out)["cases"]
    proc = clampbench("run", *quick, "--out", out, "--resume", out)
    assert proc.returncode == 0, proc.stderr
    assert not any(line.startswith("[") for line in proc.stderr.splitlines())
    assert load(out)["cases"] == cases


def test_resume_writes_the_earlier_cases_back_as_they_were(clampbench, tmp_path):
    """The resumed cases are read into the typed document and written again by the one
    writer: the same text, timing, trace and summary included."""
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    timed = ["--suite", "ngram_find", "--trace", "--instructions", "off", "--timing-timeout", "0.01"]
    assert clampbench("run", *timed, "--out", first).returncode == 0
    proc = clampbench("run", *timed, "--out", second, "--resume", first)
    assert proc.returncode == 0, proc.stderr

    def cases_text(path):
        text = path.read_text()
        return text[text.index('\n  "cases": ['):text.index('\n  "environment": {')]
    assert cases_text(second) == cases_text(first)
    assert load(second)["summary"] == load(first)["summary"]
    assert load(second)["outcome"] == load(first)["outcome"]


def damaged_verdict(case):
    case["variants"][0]["verdict"] = "sideways"


def params_not_an_object(case):
    case["params"] = 5


def params_of_another_case(case):
    case["params"]["B"] += 1


def allocations_a_string(case):
    case["variants"][0]["allocations"]["ledger"]["host"]["allocations"] = "x"


@pytest.mark.parametrize("damage", [damaged_verdict, params_not_an_object, params_of_another_case,
                                    allocations_a_string])
def test_resume_refuses_a_case_it_cannot_read(clampbench, tmp_path, damage):
    """A resumed case is the run's: one it cannot read, or whose params are not those its
    case_id names, is refused (params 5 used to be taken as a point named '')."""
    earlier, out = tmp_path / "earlier.json", tmp_path / "r.json"
    quick = ["--suite", "ngram_find", "--no-timing", "--instructions", "off"]
    assert clampbench("run", *quick, "--out", earlier).returncode == 0
    doc = load(earlier)
    damage(doc["cases"][1])
    earlier.write_text(json.dumps(doc))
    proc = clampbench("run", *quick, "--out", out, "--resume", earlier)
    assert proc.returncode == 2, proc.stderr
    line = one_line_error(proc)
    assert f"--resume: '{earlier}' has case '{doc['cases'][1]['case_id']}' that cannot be read: " in line, line
    assert "json.exception" not in line, line
    assert not out.exists()


RESUMABLE = ["--instructions", "off", "--timing-timeout", "0.01"]


@pytest.mark.parametrize("other,named", [
    (["--suite", "ngram_find,ngram_update", "--no-timing", "--seed", "2"], "seed"),
    (["--suite", "ngram_find", "--no-timing"], "selection"),
    (["--suite", "ngram_find,ngram_update", "--no-timing", "--sizes", "nightly"], "size_set"),
    (["--suite", "ngram_find,ngram_update"], "timing")])  # timed, the earlier run was not
def test_resume_refuses_a_run_with_other_settings(clampbench, tmp_path, other, named):
    earlier = tmp_path / "earlier.json"
    proc = clampbench("run", "--suite", "ngram_find,ngram_update", "--no-timing", *RESUMABLE, "--out", earlier)
    assert proc.returncode == 0, proc.stderr
    out = tmp_path / "r.json"
    proc = clampbench("run", *other, *RESUMABLE, "--out", out, "--resume", earlier)
    assert proc.returncode == 2, proc.stderr
    assert f"--resume: '{earlier}' was made with {named}" in one_line_error(proc)
    assert not out.exists()


def test_resume_refuses_what_is_not_a_results_file(clampbench, tmp_path, fifo):
    quick = ["--suite", "ngram_find", "--no-timing", "--instructions", "off", "--out", tmp_path / "r.json"]
    (tmp_path / "other.json").write_text('{"tool": "something else"}\n')
    (tmp_path / "array.json").write_text('[]\n')
    for path in (tmp_path / "missing.json", tmp_path / "other.json", tmp_path / "array.json", fifo, tmp_path):
        proc = clampbench("run", *quick, "--resume", path, timeout=30)
        assert proc.returncode == 2, proc.stderr
        line = one_line_error(proc)
        assert line.startswith("clampbench: --resume: ") and f"'{path}'" in line, line
        if path.name == "array.json":  # JSON, but not a results file
            assert line.endswith("is not a clampbench results file of schema v1"), line


def test_progress_lines_carry_elapsed_time_and_eta(clampbench, tmp_path):
    proc = clampbench("run", "--suite", "ngram_find", "--no-timing", "--instructions", "off", "--out", tmp_path / "r.json")
    progress = [line for line in proc.stderr.splitlines() if line.startswith("[")]
    assert len(progress) == 4
    for line in progress:
        assert "elapsed " in line and ", eta " in line, line
    assert progress[-1].endswith("eta 0.0s")


def children_of(pid):
    kids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if int(fields[1]) == pid:
            kids.append((int(entry), cmd))
    return kids


def alive(pid):
    """Running, not a zombie (a zombie of a dead parent waits for init to reap it)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("signo", [signal.SIGTERM, signal.SIGKILL])
def test_the_callgrind_child_goes_with_its_parent(clampbench, tmp_path, signo):
    """valgrind used to be orphaned under PID 1 and keep counting after the run was gone."""
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    out = tmp_path / "r.json"
    proc = start(clampbench, "--no-timing", "--instructions", "callgrind", "--out", out,
                 env={**os.environ, "TMPDIR": str(tmp)})
    deadline, child = time.time() + 120, None
    while child is None and time.time() < deadline and proc.poll() is None:
        child = next((pid for pid, cmd in children_of(proc.pid) if "callgrind" in cmd), None)
        time.sleep(0.02)
    if child is None:
        proc.kill()
        pytest.fail(f"no valgrind child seen: {proc.communicate()[1]}")
    assert os.listdir(tmp) == [f for f in os.listdir(tmp) if f.startswith(f"clampbench-callgrind-{proc.pid}-")]
    assert len(os.listdir(tmp)) == 1
    proc.send_signal(signo)
    _, err = proc.communicate(timeout=60)
    deadline = time.time() + 1.5  # far less than the count has still to go
    while alive(child) and time.time() < deadline:
        time.sleep(0.05)
    assert not alive(child), f"valgrind {child} outlived its parent"
    if signo == signal.SIGTERM:
        assert proc.returncode == 143, err
        assert os.listdir(tmp) == []  # the child's directory went with it
        doc = load(out)
        assert doc["outcome"]["status"] == "interrupted"
        assert len(doc["cases"]) == doc["outcome"]["cases_planned"]  # every case ran; the count did not
        assert sorted(os.listdir(tmp_path)) == ["r.json", "tmp"]


def test_a_killed_runs_callgrind_directory_is_removed_by_the_next_run(clampbench, tmp_path):
    """SIGKILL runs no destructor: the next run removes a directory whose process is gone,
    and leaves one whose process lives (and anything else) alone."""
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    gone = subprocess.Popen(["true"])
    gone.wait()
    orphan = tmp / f"clampbench-callgrind-{gone.pid}-abcdef"
    (orphan / "sub").mkdir(parents=True)
    (orphan / "sub" / "cg.out").write_text("x")
    living = tmp / f"clampbench-callgrind-{os.getpid()}-abcdef"
    living.mkdir()
    other = tmp / "clampbench-callgrind-notapid"
    other.mkdir()
    proc = clampbench("run", "--suite", "ngram_find", "--no-timing", "--instructions", "callgrind",
                      "--out", tmp_path / "r.json", env={**os.environ, "TMPDIR": str(tmp)})
    assert proc.returncode == 0, proc.stderr
    assert sorted(os.listdir(tmp)) == sorted([living.name, other.name])


def test_a_killed_runs_unfinished_dump_is_removed_by_the_next_dump(clampbench, tmp_path):
    """SIGKILL (or a second Ctrl-C) during --dump left the hidden dump beside DIR for good
    (360 MB on the nightly set). It is named with its run's pid, like the callgrind directory,
    and the next run dumping beside it removes it once that process is gone."""
    dump = tmp_path / "d"
    (tmp_path / "killed").mkdir()  # its results (and any temporary file a kill leaves) apart
    proc = start(clampbench, *PACED, "--out", tmp_path / "killed" / "r.json", "--dump", dump)
    wait_for_progress(proc, 1)
    proc.kill()
    proc.communicate(timeout=60)
    left = [f for f in os.listdir(tmp_path) if f.startswith(".d.dump.")]
    assert left == [f for f in left if f.startswith(f".d.dump.{proc.pid}-")] and len(left) == 1, left
    living = tmp_path / f".d.dump.{os.getpid()}-abcdef"  # a run still writing its dump
    living.mkdir()
    other = tmp_path / ".d.dump.notapid"
    other.mkdir()

    again = clampbench("run", "--suite", "ngram_find", "--no-timing", "--instructions", "off",
                       "--out", tmp_path / "r.json", "--dump", dump)
    assert again.returncode == 0, again.stderr
    assert sorted(os.listdir(tmp_path)) == sorted([living.name, other.name, "d", "killed", "r.json"])
    assert (dump / "manifest.json").exists()


def test_a_killed_writes_temporary_file_is_removed_by_the_next_write(clampbench, tmp_path):
    """SIGKILL during a results write left its temporary file beside --out for good. It is
    named with its run's pid, and the next run writing beside the same target removes it once
    that process is gone; a live run's file and other names are left alone."""
    gone = subprocess.Popen(["true"])
    gone.wait()
    orphan = tmp_path / f".r.json.tmp.{gone.pid}-abcdef"
    orphan.write_text("{\"half\": ")
    living = tmp_path / f".r.json.tmp.{os.getpid()}-abcdef"
    living.write_text("{")
    other = tmp_path / ".r.json.tmp.notapid"
    other.write_text("{")
    elsewhere = tmp_path / f".q.json.tmp.{gone.pid}-abcdef"  # another target's: not this write's to tidy
    elsewhere.write_text("{")
    proc = clampbench("run", "--suite", "ngram_find", "--no-timing", "--instructions", "off",
                      "--out", tmp_path / "r.json")
    assert proc.returncode == 0, proc.stderr
    assert sorted(os.listdir(tmp_path)) == sorted([living.name, other.name, elsewhere.name, "r.json"])
