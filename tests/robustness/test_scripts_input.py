# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Malformed input to the scripts: one line naming the file and the field, exit 2 (never 1,
which means regression), no traceback, no hang; a bad file in a history is skipped with a
warning; NaN never passes as "no regression" nor leaves as bare NaN in JSON."""
import json
import math
import os
import shutil
import subprocess
import sys

import pytest
from clampbench_testing import SCRIPTS, fixture, one_line_error, run_script

BASE, HEAD = fixture("base.json"), fixture("head_same.json")
TIMEOUT = 60  # a script blocked on a FIFO fails the test instead of hanging it


def _doc(path=BASE):
    with open(path) as f:
        return json.load(f)


def _write(tmp_path, doc, name="bad.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    return path


def _variant(doc, case=0, variant=0):
    return doc["cases"][case]["variants"][variant]


def _set(doc, dotted, value):
    """Sets cases[0].variants[0].<dotted> to VALUE."""
    obj = _variant(doc)
    *parents, last = dotted.split(".")
    for p in parents:
        obj = obj[p]
    obj[last] = value
    return doc


BAD_FIELDS = [
    ("allocations.ledger.total.allocations", "12", "allocations.ledger.total.allocations"),
    ("allocations.ledger.total.allocations", -1, "allocations.ledger.total.allocations"),
    ("allocations.ledger.total.bytes_requested", math.nan, "bytes_requested"),
    ("allocations.ledger.total.peak_bytes", math.inf, "peak_bytes"),
    ("instructions", "many", "instructions"),
    ("timing.wall.median", -5.0, "timing.wall.median"),
    ("timing.wall.samples", "fast", "timing.wall.samples"),
    ("timing", [1, 2], "timing"),
    ("verdict", 7, "verdict"),
    ("saved_vs_reference.allocations", "2", "saved_vs_reference.allocations"),
]


@pytest.mark.parametrize("dotted,value,field", BAD_FIELDS)
def test_badly_typed_field_is_one_line_naming_file_and_field(dotted, value, field, tmp_path):
    bad = _write(tmp_path, _set(_doc(), dotted, value))
    for args in ((BASE, bad), (bad, BASE)):
        proc = run_script("compare.py", *args, timeout=TIMEOUT)
        assert proc.returncode == 2 and proc.stdout == ""
        line = one_line_error(proc)
        assert str(bad) in line and "cases[0].variants[0]." in line and field in line, line
    proc = run_script("export.py", bad, "--format", "bmf", timeout=TIMEOUT)
    assert proc.returncode == 2 and field in one_line_error(proc)


def test_repeated_case_id_and_missing_fields(tmp_path):
    doc = _doc()
    doc["cases"][1]["case_id"] = doc["cases"][0]["case_id"]
    line = one_line_error(run_script("compare.py", BASE, _write(tmp_path, doc), timeout=TIMEOUT))
    assert "cases[1].case_id" in line and "repeats" in line
    doc = _doc()
    del doc["cases"][0]["case_id"]
    proc = run_script("compare.py", BASE, _write(tmp_path, doc), timeout=TIMEOUT)
    assert proc.returncode == 2 and "cases[0].case_id" in one_line_error(proc)
    doc = _doc()
    doc["cases"][0]["variants"].append(dict(_variant(doc)))
    proc = run_script("compare.py", BASE, _write(tmp_path, doc), timeout=TIMEOUT)
    assert proc.returncode == 2 and "repeats in this case" in one_line_error(proc)


def test_unknown_extra_fields_pass(tmp_path):
    doc = _doc()
    doc["environment"]["future_field"] = {"x": [1, 2]}
    _variant(doc)["findings_of_a_later_version"] = [{"output": "a"}]
    proc = run_script("compare.py", BASE, _write(tmp_path, doc), timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr


def test_deeply_nested_json_is_one_line(tmp_path):
    deep = _write(tmp_path, "[" * 200000 + "]" * 200000, "deep.json")
    proc = run_script("compare.py", BASE, deep, timeout=TIMEOUT)
    assert proc.returncode == 2 and "nested" in one_line_error(proc)
    doc = _doc()  # deep but parseable, inside a field no check reads
    inner = []
    doc["environment"]["extra"] = inner
    for _ in range(200):
        inner.append([])
        inner = inner[0]
    proc = run_script("compare.py", BASE, _write(tmp_path, doc), timeout=TIMEOUT)
    assert proc.returncode == 2 and "nested more than" in one_line_error(proc)


def test_a_lone_surrogate_is_bad_input_not_a_traceback(tmp_path):
    doc = _doc()
    doc["environment"]["device_name"] = "\ud800x"
    bad = _write(tmp_path, doc)  # json.dumps escapes it as \ud800, as a hostile file would
    proc = run_script("compare.py", BASE, bad, timeout=TIMEOUT)
    assert proc.returncode == 2 and "surrogate" in one_line_error(proc)
    history = tmp_path / "history"
    history.mkdir()
    shutil.copy(BASE, history / "a.json")
    shutil.copy(bad, history / "b.json")  # the dashboard skips it, named, and builds the rest
    proc = run_script("report.py", history, "-o", tmp_path / "site", timeout=TIMEOUT)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    assert "b.json: a string holds a lone UTF-16 surrogate" in proc.stderr


def test_huge_json_is_refused_unread(tmp_path):
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(300 << 20)  # sparse: costs no disk
    proc = run_script("compare.py", BASE, huge, timeout=TIMEOUT)
    assert proc.returncode == 2 and "MiB" in one_line_error(proc)


def test_fifo_as_input_is_refused_not_opened(fifo):
    proc = run_script("compare.py", BASE, fifo, timeout=TIMEOUT)
    assert proc.returncode == 2 and "not a regular file" in one_line_error(proc)


def _history(tmp_path):
    hist = tmp_path / "history"
    shutil.copytree(fixture("history"), hist)
    return hist


def test_fifo_in_a_history_is_skipped_with_a_warning(tmp_path):
    hist = _history(tmp_path)
    os.mkfifo(hist / "20261118T020000Z-fifo.json")
    proc = run_script("report.py", hist, "-o", tmp_path / "site", timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    assert any("fifo.json" in line and "not a regular file" in line for line in proc.stderr.splitlines())
    proc = run_script("compare.py", BASE, HEAD, "--history", hist, timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr


def test_badly_typed_history_file_is_skipped_with_a_warning(tmp_path):
    hist = _history(tmp_path)
    name = sorted(p for p in os.listdir(hist) if p.endswith(".json"))[-1]
    doc = _doc(hist / name)
    _set(doc, "allocations.ledger.total.allocations", "12")  # a count written as a string
    (hist / name).write_text(json.dumps(doc))
    proc = run_script("report.py", hist, "-o", tmp_path / "site", timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    warned = [line for line in proc.stderr.splitlines() if name in line]
    assert warned and "allocations.ledger.total.allocations" in warned[0]


def test_empty_head_is_not_no_regression(tmp_path):
    doc = _doc(HEAD)
    doc["cases"] = []
    empty = _write(tmp_path, doc)
    for args in ((BASE, empty), (empty, BASE)):
        proc = run_script("compare.py", *args, timeout=TIMEOUT)
        assert proc.returncode == 2 and "no cases" in one_line_error(proc)


def test_no_case_in_common_is_not_no_regression(tmp_path):
    doc = _doc(HEAD)
    for case in doc["cases"]:
        case["case_id"] += ",other"
    proc = run_script("compare.py", BASE, _write(tmp_path, doc), timeout=TIMEOUT)
    assert proc.returncode == 2 and "nothing compared" in one_line_error(proc)


@pytest.mark.parametrize("option,value", [
    ("--alpha", "0"), ("--alpha", "1"), ("--alpha", "-0.5"), ("--alpha", "nan"), ("--alpha", "inf"),
    ("--min-effect", "-0.1"), ("--min-effect", "nan"), ("--min-effect", "inf")])
def test_out_of_range_options_exit_2(option, value):
    proc = run_script("compare.py", BASE, HEAD, option, value, timeout=TIMEOUT)
    assert proc.returncode == 2 and proc.stdout == ""
    assert option in one_line_error(proc)


def test_nan_time_in_a_time_gate_is_not_assessed(tmp_path):
    doc = _doc(HEAD)
    _set(doc, "timing.wall.median", math.nan)
    _set(doc, "timing.cpu.median", math.nan)
    head = _write(tmp_path, doc)
    proc = run_script("compare.py", BASE, head, "--fail-on", "time", "--time-noise", "0.1",
                      "--format", "json", timeout=TIMEOUT)
    assert proc.returncode == 3, proc.stderr
    result = json.loads(proc.stdout, parse_constant=pytest.fail)  # strict: no bare NaN
    assert result["time_not_assessed"] >= 1


def test_export_never_writes_bare_nan(tmp_path):
    doc = _doc()
    _set(doc, "timing.wall.median", math.nan)
    _set(doc, "timing.wall.samples", [math.nan, 1.0])
    _set(doc, "timing.cpu.samples", [math.inf, 1.0])
    src = _write(tmp_path, doc)
    for fmt in ("gbench", "bmf"):
        proc = run_script("export.py", src, "--format", fmt, timeout=TIMEOUT)
        assert proc.returncode == 0, proc.stderr
        assert "NaN" not in proc.stdout and "Infinity" not in proc.stdout
        json.loads(proc.stdout, parse_constant=pytest.fail)
    bmf = json.loads(run_script("export.py", src, "--format", "bmf").stdout)
    case, variant = doc["cases"][0]["case_id"], _variant(doc)["name"]
    assert bmf[f"{case}/{variant}"]["latency"]["value"] is None


def test_baseline_from_another_device_gives_no_deltas(tmp_path):
    hist = _history(tmp_path)
    proc = run_script("report.py", hist, "-o", tmp_path / "site", "--baseline",
                      fixture("head_other_device.json"), timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    warned = [line for line in proc.stderr.splitlines() if line.startswith("report.py: baseline")]
    assert len(warned) == 1 and "another configuration" in warned[0] and "deltas vs baseline left out" in warned[0]
    html = (tmp_path / "site" / "index.html").read_text()
    assert "not used: another configuration" in html
    same = run_script("report.py", hist, "-o", tmp_path / "site2", "--baseline", BASE, timeout=TIMEOUT)
    assert "another configuration" not in same.stderr


def test_raw_html_in_the_environment_is_inert_in_markdown(tmp_path):
    docs = []
    for path in (BASE, HEAD):
        doc = _doc(path)
        doc["environment"]["device_name"] = "<img src=x onerror=alert(1)>"
        doc["environment"]["git_commit"] = "<b>x</b>1234567"
        docs.append(_write(tmp_path, doc, os.path.basename(path)))
    proc = run_script("compare.py", *docs, "--format", "md", timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    assert "<img" not in proc.stdout and "<b>" not in proc.stdout
    assert "&lt;img src=x onerror=alert(1)&gt;" in proc.stdout and "&lt;b&gt;x" in proc.stdout


def test_write_error_on_stdout_is_exit_3_one_line():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        proc = run_script("compare.py", BASE, HEAD, stdout=full, capture_output=False,
                          stderr=subprocess.PIPE, timeout=TIMEOUT)
    assert proc.returncode == 3
    assert "No space left" in one_line_error(proc)


def _guarded_main(body):
    """Runs a script whose main() is BODY under the scripts' one error handler."""
    code = ("import sys\n"
            "from clampbench_scripts.common.entry import guarded\n"
            f"def main():\n    {body}\n"
            "sys.exit(guarded('x.py')(main)())")
    return subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": SCRIPTS},
                          capture_output=True, text=True, timeout=TIMEOUT)


def test_interrupt_is_130_one_line():
    proc = _guarded_main("raise KeyboardInterrupt")
    assert proc.returncode == 130 and one_line_error(proc) == "x.py: interrupted"


def test_a_bug_in_a_script_is_exit_3_never_1():
    """An uncaught exception exits 1 in Python, which a gate reads as "regression"."""
    proc = _guarded_main("return undefined_name")
    assert proc.returncode == 3
    assert proc.stderr.startswith("x.py: internal error (a bug): NameError: ")


def _interrupted_copy(tmp_path):
    """tests/fixtures/base.json as a run that SIGTERM stopped after its first case."""
    doc = json.load(open(fixture("base.json")))
    planned = len(doc["cases"])
    doc["cases"] = doc["cases"][:1]
    doc["outcome"].update({"status": "interrupted", "exit_code": 143, "signal": "SIGTERM",
                           "cases_planned": planned})
    path = tmp_path / "partial.json"
    path.write_text(json.dumps(doc))
    return path


def test_compare_refuses_an_unfinished_run(tmp_path):
    """An interrupted head's missing cases read as 'removed': 'no regression', exit 0, before."""
    partial = _interrupted_copy(tmp_path)
    proc = run_script("compare.py", fixture("base.json"), partial)
    assert proc.returncode == 2
    assert "unfinished run" in one_line_error(proc) and "--resume" in proc.stderr
    proc = run_script("compare.py", fixture("base.json"), partial, "--allow-partial")  # the cases it lacks
    assert proc.returncode == 3 and "absent from the head" in proc.stdout and "no regression" not in proc.stdout


def test_history_refuses_an_unfinished_run(tmp_path):
    proc = run_script("history.py", "add", _interrupted_copy(tmp_path), "--dir", tmp_path / "h")
    assert proc.returncode == 2 and "unfinished run" in one_line_error(proc)
    assert not list((tmp_path / "h").glob("*.json")) if (tmp_path / "h").exists() else True
