# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""--resume ends as complete as a fresh run and judges one file by one set of rules: a run
stopped during the callgrind pass used to be resumed with every instruction count null, a
resumed case without some variant stayed without it, and the earlier cases kept the verdicts
of the earlier run's expectations file; each ended as_expected (exit 0)."""
import json
import os
import shutil
import signal
import subprocess
import time

import pytest

UNTIMED = ["--suite", "ngram_find", "--no-timing"]


def load(path):
    with open(path) as f:
        return json.load(f)


def valgrind_child(pid):
    """The pid of the valgrind child of process `pid`, or None."""
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{entry}/stat") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmd = f.read()
        except OSError:
            continue
        if parent == pid and b"callgrind" in cmd:
            return int(entry)
    return None


def counts(doc):
    return {(c["case_id"], v["name"]): v["instructions"] for c in doc["cases"] for v in c["variants"]}


def test_resume_counts_what_a_run_stopped_in_the_callgrind_pass_did_not(clampbench, tmp_path):
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed")
    args = [*UNTIMED, "--instructions", "callgrind"]
    out = tmp_path / "r.json"
    proc = subprocess.Popen([clampbench.path, "run", *args, "--out", out], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    deadline, child = time.time() + 120, None
    while child is None and time.time() < deadline and proc.poll() is None:
        child = valgrind_child(proc.pid)
        time.sleep(0.02)
    assert child is not None, proc.communicate()[1]
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err
    stopped = load(out)
    assert set(counts(stopped).values()) == {None}  # every case ran; no count came back

    resumed = clampbench("run", *args, "--out", out, "--resume", out)
    assert resumed.returncode == 0, resumed.stderr
    assert not any(line.startswith("[") for line in resumed.stderr.splitlines())  # no case ran again
    assert "instructions counted under callgrind" in resumed.stderr
    fresh = clampbench("run", *args, "--out", tmp_path / "fresh.json")
    assert fresh.returncode == 0, fresh.stderr
    doc = load(out)
    assert None not in counts(doc).values()
    assert counts(doc) == counts(load(tmp_path / "fresh.json"))  # callgrind counts are exact
    assert doc["outcome"]["status"] == "as_expected"


def test_a_resumed_case_without_a_variant_runs_again(clampbench, tmp_path):
    args = [*UNTIMED, "--instructions", "off"]
    earlier, out = tmp_path / "earlier.json", tmp_path / "r.json"
    assert clampbench("run", *args, "--out", earlier).returncode == 0
    doc = load(earlier)
    names = [v["name"] for v in doc["cases"][1]["variants"]]
    assert len(names) > 1
    doc["cases"][1]["variants"] = doc["cases"][1]["variants"][:1]  # only the reference is left
    earlier.write_text(json.dumps(doc))

    proc = clampbench("run", *args, "--out", out, "--resume", earlier)
    assert proc.returncode == 0, proc.stderr
    case_id = doc["cases"][1]["case_id"]
    assert (f"--resume: 1 case(s) of '{earlier}' run again: they lack what this run measures "
            f"(case '{case_id}' lacks variant '{names[1]}')") in proc.stderr
    ran = ["/".join(line.split("] ", 1)[1].split()[:2]) for line in proc.stderr.splitlines() if line.startswith("[")]
    assert ran == [case_id]
    result = load(out)
    assert sorted(c["case_id"] for c in result["cases"]) == sorted(c["case_id"] for c in doc["cases"])
    assert all([v["name"] for v in c["variants"]] == names for c in result["cases"])
    assert result["outcome"]["status"] == "as_expected"


def test_a_resumed_case_without_timing_runs_again(clampbench, tmp_path):
    args = ["--suite", "ngram_find", "--instructions", "off", "--timing-timeout", "0.01"]
    earlier, out = tmp_path / "earlier.json", tmp_path / "r.json"
    assert clampbench("run", *args, "--out", earlier).returncode == 0
    doc = load(earlier)
    doc["cases"][0]["variants"][0]["timing"] = None
    earlier.write_text(json.dumps(doc))
    proc = clampbench("run", *args, "--out", out, "--resume", earlier)
    assert proc.returncode == 0, proc.stderr
    assert "lacks the timing of variant" in proc.stderr
    assert all(v["timing"] is not None for c in load(out)["cases"] for v in c["variants"])


def no_rules(tmp_path):
    path = tmp_path / "no_rules.json"
    path.write_text('{"schema_version": 2, "default": "same", "expectations": []}\n')
    return path


def unexpected(doc):
    o = doc["outcome"]
    return o["status"], o["exit_code"], sorted(json.dumps(u, sort_keys=True) for u in o["unexpected"])


def test_resume_judges_the_earlier_cases_by_this_runs_expectations(clampbench, tmp_path):
    """ngram_update's clamp_naive mismatches its output by design, as the checked-in file says;
    without that rule a fresh run finds it unexpected, and so must a resumed one."""
    args = ["--suite", "ngram_update", "--no-timing", "--instructions", "off"]
    earlier, out, fresh = tmp_path / "earlier.json", tmp_path / "r.json", tmp_path / "fresh.json"
    assert clampbench("run", *args, "--out", earlier).returncode == 0
    assert load(earlier)["outcome"]["status"] == "as_expected"
    rules = no_rules(tmp_path)
    assert clampbench("run", *args, "--expectations", rules, "--out", fresh).returncode == 1

    proc = clampbench("run", *args, "--expectations", rules, "--out", out, "--resume", earlier)
    assert proc.returncode == 1, proc.stderr
    assert not any(line.startswith("[") for line in proc.stderr.splitlines())  # judged, not run again
    assert unexpected(load(out)) == unexpected(load(fresh))
    assert unexpected(load(out))[2]  # some
    assert load(out)["summary"] == load(fresh)["summary"]

    # and back: the checked-in rules judge the same cases as expected again
    back = clampbench("run", *args, "--out", tmp_path / "back.json", "--resume", out)
    assert back.returncode == 0, back.stderr
    assert load(tmp_path / "back.json")["outcome"] == load(earlier)["outcome"]
