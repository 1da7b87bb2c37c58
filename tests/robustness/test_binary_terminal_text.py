# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What the binary prints of a string that came from a results file or the command line -- a
case id, a file name, an error a shard recorded -- reaches the terminal inert: ESC, BEL, CR,
NUL, C1 controls, a bidirectional override and bytes that are not UTF-8 as visible escapes
(\\x1b, \\u202e), the same as the scripts' terminal_text. --resume used to print a case id's
ESC and BEL raw, and merge a file name's U+202E."""
import json
import os

import pytest

from clampbench_testing import load_json, one_line_error

ARGS = ("--backend", "host", "--suite", "ngram_find", "--no-timing", "--instructions", "off")
CONTROLS = ("\x1b", "\x07", "\r", "\x00", "\x9b", "\u202e", "\u2066")
HOSTILE = "\x1b]0;pwned\x07\x1b[2J\u202eevil\u2066"


def _inert(text):
    assert not any(c in text for c in CONTROLS), repr(text)
    return text


@pytest.fixture(scope="module")
def earlier(tmp_path_factory, clampbench):
    path = tmp_path_factory.mktemp("escapes") / "earlier.json"
    proc = clampbench("run", *ARGS, "--out", path)
    assert proc.returncode == 0, proc.stderr
    return path


def test_resume_shows_a_case_id_escaped(earlier, tmp_path, clampbench):
    doc = load_json(earlier)
    doc["cases"][0]["case_id"] = "ngram_find/" + HOSTILE
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    proc = clampbench("run", *ARGS, "--resume", bad, "--out", tmp_path / "out.json")
    assert proc.returncode == 2
    line = _inert(one_line_error(proc))
    assert "\\x1b]0;pwned\\x07\\x1b[2J\\u202eevil\\u2066" in line and "does not select" in line


def test_merge_shows_a_file_name_escaped(tmp_path, clampbench):
    bad = tmp_path / "shard\u202e\x1b[31m.json"
    bad.write_text("{")
    proc = clampbench("merge", bad, "-o", tmp_path / "m.json")
    assert proc.returncode == 2
    assert "shard\\u202e\\x1b[31m.json' is not JSON" in _inert(one_line_error(proc))


def test_bytes_that_are_not_utf8_are_escaped(tmp_path, clampbench):
    bad = os.path.join(os.fsencode(tmp_path), b"shard\xff\xc2\x9b.json")
    with open(bad, "w") as f:
        f.write("{")
    proc = clampbench("merge", os.fsdecode(bad), "-o", tmp_path / "m.json", text=False)
    assert proc.returncode == 2
    err = proc.stderr.decode("utf-8")  # the escapes are plain ASCII: it decodes
    assert "shard\\xff\\x9b.json" in _inert(err)


def test_a_run_shows_its_out_and_resume_paths_escaped(earlier, tmp_path, clampbench):
    """The closing line names --out; a resumed run's line names --resume's file."""
    doc = load_json(earlier)
    del doc["cases"][0]["variants"][1]  # the case runs again, and the run says so
    hostile = tmp_path / f"r{HOSTILE}.json"
    hostile.write_text(json.dumps(doc))
    proc = clampbench("run", *ARGS, "--resume", hostile, "--out", hostile)
    assert proc.returncode == 0, proc.stderr
    _inert(proc.stderr)
    assert "1 case(s) of '" in proc.stderr and "results in " in proc.stderr
    assert proc.stderr.count("r\\x1b]0;pwned\\x07\\x1b[2J\\u202eevil\\u2066.json") == 2


def test_merge_shows_its_output_escaped(tmp_path, clampbench):
    shard = tmp_path / "s.json"
    assert clampbench("run", *ARGS, "--shard", "1/1", "--out", shard).returncode == 0
    proc = clampbench("merge", shard, "-o", tmp_path / f"m{HOSTILE}.json")
    assert proc.returncode == 0, proc.stderr
    assert "merged into " in _inert(proc.stdout) and "m\\x1b]0;pwned\\x07" in proc.stdout
