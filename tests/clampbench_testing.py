# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What the script and robustness tests share: the paths, running a tool (scripts/<tool>.py) or
the binary's path, the fixtures, and the one-line error check. A plain module (pyproject.toml
puts tests/ on pytest's pythonpath) so that one pytest session can hold both directories' conftest.py."""
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir))
SCRIPTS = os.path.join(ROOT, "scripts")
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
# A small, quick run: one suite on the host, untimed, no instruction counts.
NGRAM_FIND_UNTIMED = ("--backend", "host", "--suite", "ngram_find", "--no-timing", "--instructions", "off")


def fixture(name):
    return os.path.join(FIXTURES, name)


def load_json(path):
    with open(path) as f:
        return json.load(f)


def edited_copy(src, dest, edits):
    """The JSON file SRC with each (keys, value) of EDITS set (keys: the path of dict keys and
    list indices to the value), written to DEST; returns DEST."""
    doc = load_json(src)
    for keys, value in edits:
        node = doc
        for k in keys[:-1]:
            node = node[k]
        node[keys[-1]] = value
    with open(dest, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    return dest


def binary_path():
    """The clampbench binary under test: $CLAMPBENCH_BIN, else build/clampbench."""
    return os.environ.get("CLAMPBENCH_BIN", os.path.join(ROOT, "build", "clampbench"))


def script_command(script):
    """The argv prefix that runs the tool scripts/SCRIPT (compare.py) from this tree with this
    interpreter."""
    return [sys.executable, os.path.join(SCRIPTS, script)]


def run_script(script, *args, timeout=600, **kwargs):
    """Runs SCRIPT (see script_command); returns the CompletedProcess (text)."""
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    kwargs.setdefault("cwd", ROOT)
    return subprocess.run([*script_command(script), *map(str, args)], timeout=timeout, **kwargs)


def one_line_error(proc):
    """The error a user sees: exactly one non-empty stderr line and no traceback."""
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert "Traceback" not in proc.stderr, proc.stderr
    assert len(lines) == 1, proc.stderr
    return lines[0]


def history_copy(directory):
    """A copy of the fixture history in DIRECTORY (report.py caches into a history's .cache:
    the tests never write into the source tree); returns its path."""
    dest = os.path.join(str(directory), "history")
    shutil.copytree(fixture("history"), dest)
    return dest


def compare_json(base, head, *extra):
    """(exit code, parsed --format json output, stderr) of compare.py."""
    proc = run_script("compare.py", base, head, "--format", "json", *extra)
    return proc.returncode, (json.loads(proc.stdout) if proc.stdout else None), proc.stderr


def row_of(result, case_id, variant):
    rows = [r for r in result["rows"] if r["case_id"] == case_id and r["variant"] == variant]
    assert len(rows) == 1, (case_id, variant)
    return rows[0]
