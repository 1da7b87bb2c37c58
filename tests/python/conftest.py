# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Shared helpers of the script tests: paths, running a script, loading the fixtures."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
SCRIPTS = os.path.join(ROOT, "scripts")
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
sys.path.insert(0, SCRIPTS)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def fixture(name):
    return os.path.join(FIXTURES, name)


def history_copy(directory):
    """A copy of the fixture history in DIRECTORY (report.py caches into a history's .cache:
    the tests never write into the source tree); returns its path."""
    import shutil
    dest = os.path.join(str(directory), "history")
    shutil.copytree(fixture("history"), dest)
    return dest


def run_script(script, *args):
    """Runs scripts/SCRIPT with this interpreter; returns the CompletedProcess (text)."""
    return subprocess.run([sys.executable, os.path.join(SCRIPTS, script), *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)


def load_json(path):
    with open(path) as f:
        return json.load(f)


@pytest.fixture
def base_doc():
    return load_json(fixture("base.json"))


@pytest.fixture
def target(base_doc):
    import make_fixtures
    return make_fixtures.target(base_doc)


def compare_json(base, head, *extra):
    """(exit code, parsed --format json output, stderr) of compare.py."""
    proc = run_script("compare.py", base, head, "--format", "json", *extra)
    return proc.returncode, (json.loads(proc.stdout) if proc.stdout else None), proc.stderr


def row_of(result, case_id, variant):
    rows = [r for r in result["rows"] if r["case_id"] == case_id and r["variant"] == variant]
    assert len(rows) == 1, (case_id, variant)
    return rows[0]
