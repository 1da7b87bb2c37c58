# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Strings from a results file are data: in compare.py's markdown (a pull-request comment) no
one of them opens an HTML tag or comment, splits a table cell, starts a line of its own, opens
a code span or a link, or pings anyone; in the text output and in every error message no one
of them reaches the terminal as a control sequence (ESC, BEL, CR, NUL) or a bidirectional
override. The JSON output keeps them as they were."""
import json
import os
import re

from clampbench_testing import fixture, load_json, run_script

TIMEOUT = 60
HOSTILE = ("<img src=x onerror=alert(1)>|<!-- `x` @octocat [l](http://e) ![i](http://e/i.png) \\|"
           "\n# H1\r\x1b[2J\x1b]0;pwned\x07\x00\u202eevil\u2066")
CONTROLS = ("\x1b", "\x07", "\r", "\x00", "\u202e", "\u2066")
# Values the scripts check against the writer's sets (a hostile one is refused, exit 2), or
# read as a key to another field.
KEEP = {"verdict", "expected_verdict", "role", "kind", "primary", "tool", "unit", "status", "source", "time",
        "device"}
UNIQUE = {"case_id", "name", "suite"}  # hostile, but each keeps what tells it apart


def _hostile(value, key=None):
    if isinstance(value, dict):
        return {k: _hostile(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_hostile(v, key) for v in value]
    if not isinstance(value, str) or key in KEEP:
        return value
    return HOSTILE + value if key in UNIQUE else HOSTILE


def _pair(tmp_path):
    """A base and a head with every string hostile; the head has a finding more, one output
    mismatch more and one case less, so finding names and a removed row reach the comment."""
    base = _hostile(load_json(fixture("base.json")))
    head = _hostile(load_json(fixture("head_verdict_regression.json")))
    variant = head["cases"][0]["variants"][1]
    variant["checks"]["outputs"]["mismatches"].append(
        {"output": HOSTILE, "source": "output", "count": 3, "first_index": [0], "reference": 1, "value": 2})
    del head["cases"][-1]
    paths = []
    for name, doc in (("base.json", base), ("head.json", head)):
        paths.append(tmp_path / name)
        paths[-1].write_text(json.dumps(doc))
    return paths


def _compare(*args):
    proc = run_script("compare.py", *args, "--allow-mixed", timeout=TIMEOUT)
    assert proc.returncode in (0, 1, 3) and "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout


def _unescaped_pipes(line):
    return sum(1 for token in re.findall(r"\\.|\|", line) if token == "|")


def test_every_string_of_a_results_file_is_inert_in_markdown(tmp_path):
    base, head = _pair(tmp_path)
    md = _compare(base, head, "--format", "md")
    assert "&lt;img src=x onerror=alert(1)&gt;" in md and "suite" in md
    ours = ("<details>", "</details>", "<summary>", "</summary>")
    rest = md
    for tag in ours:
        rest = rest.replace(tag, "")
    assert "<" not in rest and ">" not in rest.replace("->", "")  # no tag, no comment, no quote block
    assert "@octocat" not in md and "`x`" not in md and "[l](http" not in md and "![i]" not in md
    assert not any(c in md for c in CONTROLS) and "\\x1b" in md and "\\u202e" in md
    for line in md.splitlines():
        assert not line.startswith("# "), line  # a newline in a string never starts a heading
        assert all(c.isprintable() or c == "\u200b" for c in line), repr(line)
    lines, cells, rows = md.splitlines(), None, 0
    for line, after in zip(lines, lines[1:] + [""]):
        if after.startswith("|---"):
            cells = _unescaped_pipes(line)  # a table's header: its rows have as many cells
        elif line.startswith("| "):
            assert _unescaped_pipes(line) == cells, line
            rows += 1
    assert rows > 5
    suite_rows = [line for line in md.splitlines() if line.startswith("| ") and "x1.0" in line]
    assert suite_rows, md  # the per-suite time table, with the hostile suite names in it
    assert "removed: " in md and "output" in md


def test_every_string_of_a_results_file_is_inert_in_text_and_kept_in_json(tmp_path):
    base, head = _pair(tmp_path)
    text = _compare(base, head, "--format", "text")
    assert "\\x1b[2J" in text and "\\u202eevil" in text
    assert not any(c in text for c in CONTROLS)
    assert not any(line.startswith("# H1") for line in text.splitlines())
    doc = json.loads(_compare(base, head, "--format", "json"))
    assert doc["head"]["device_name"] == HOSTILE  # data, kept as it was


def test_error_messages_quote_a_files_strings_inertly(tmp_path):
    doc = _hostile(load_json(fixture("base.json")))
    doc["cases"][1]["case_id"] = doc["cases"][0]["case_id"]
    bad = tmp_path / "dup.json"
    bad.write_text(json.dumps(doc))
    proc = run_script("compare.py", bad, bad, timeout=TIMEOUT)
    assert proc.returncode == 2 and "repeats" in proc.stderr
    missing = tmp_path / "\x1b]0;pwned\x07\u202e.json"
    proc = run_script("compare.py", missing, bad, timeout=TIMEOUT)
    assert proc.returncode == 2 and "no such file" in proc.stderr and "\\x1b]0;pwned\\x07" in proc.stderr
    for p in (run_script("compare.py", bad, bad, timeout=TIMEOUT), proc):
        assert not any(c in p.stderr for c in CONTROLS), repr(p.stderr)
        assert len(p.stderr.strip().splitlines()) == 1


def test_report_of_a_hostile_run_is_inert(tmp_path):
    base, _ = _pair(tmp_path)
    hist = tmp_path / "hist"
    hist.mkdir()
    os.link(base, hist / "run.json")
    (hist / "\x1b[2Jbad\u202e.json").write_text("{")
    proc = run_script("report.py", hist, "-o", tmp_path / "site", timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    assert not any(c in proc.stderr for c in CONTROLS) and "\\x1b[2Jbad\\u202e.json" in proc.stderr
    page = (tmp_path / "site" / "index.html").read_text()
    assert "<img src=x" not in page and "<!--" not in page and "&lt;img src=x" in page
    assert not any(c in page for c in CONTROLS), [c for c in CONTROLS if c in page]  # a suite's <h2 id> too
    assert "\\x1b[2J\\x1b]0;pwned\\x07" in page and "\\u202eevil" in page  # shown, as visible escapes


def test_a_hostile_accepted_by_is_inert_on_the_dashboard(tmp_path):
    """A name that reaches the nights log (through history.py's own code path, which refuses a
    control character on the command line) is still escaped when the dashboard shows it."""
    from clampbench_scripts.history import nights
    base, _ = _pair(tmp_path)
    hist = tmp_path / "hist"
    hist.mkdir()
    os.link(base, hist / "20261201T020000Z-abc.json")
    nights.append(str(hist), nights.entry("20261201T020000Z-abc.json", "i", 1, {}, True, HOSTILE))
    proc = run_script("report.py", hist, "-o", tmp_path / "site", timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    page = (tmp_path / "site" / "index.html").read_text()
    assert "accepted by" in page and not any(c in page for c in CONTROLS)
    proc = run_script("history.py", "check", "--dir", hist, "--baseline", tmp_path / "b.json",
                      "--accepted-by", "eve\x1b[2J", timeout=TIMEOUT)
    assert proc.returncode == 2 and "control character" in proc.stderr and "\x1b" not in proc.stderr
