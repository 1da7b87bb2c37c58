# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Shared helpers of the robustness tests: the binary, the scripts, hostile output targets.

Each test reproduces a fault a hostile or unlucky user meets (a symlink or FIFO as output, a
full disk, SIGTERM midway, two runs at once, a malformed file) and checks the promise: one
line naming the problem, a distinct exit code, nothing half-written, nothing lost.
"""
import os
import stat
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
SCRIPTS = os.path.join(ROOT, "scripts")
FIXTURES = os.path.join(ROOT, "tests", "fixtures")


def binary_path():
    """The clampbench binary under test: $CLAMPBENCH_BIN, else build/clampbench."""
    return os.environ.get("CLAMPBENCH_BIN", os.path.join(ROOT, "build", "clampbench"))


@pytest.fixture
def clampbench():
    """Runs the binary: clampbench(*args, timeout=..., **popen_kwargs) -> CompletedProcess."""
    path = binary_path()
    if not os.access(path, os.X_OK):
        if os.environ.get("CI"):
            pytest.fail(f"no clampbench binary at {path} (set CLAMPBENCH_BIN)")
        pytest.skip(f"no clampbench binary at {path} (set CLAMPBENCH_BIN)")

    def run(*args, timeout=300, **kwargs):
        kwargs.setdefault("capture_output", True)
        kwargs.setdefault("text", True)
        return subprocess.run([path, *map(str, args)], timeout=timeout, **kwargs)
    run.path = path
    return run


def run_script(script, *args, timeout=300, **kwargs):
    """Runs scripts/SCRIPT with this interpreter; returns the CompletedProcess (text)."""
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    kwargs.setdefault("cwd", ROOT)
    return subprocess.run([sys.executable, os.path.join(SCRIPTS, script), *map(str, args)],
                          timeout=timeout, **kwargs)


def fixture(name):
    return os.path.join(FIXTURES, name)


def one_line_error(proc):
    """The error a user sees: exactly one non-empty stderr line and no traceback."""
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert "Traceback" not in proc.stderr, proc.stderr
    assert len(lines) == 1, proc.stderr
    return lines[0]


@pytest.fixture
def fifo(tmp_path):
    """A FIFO in the test's temp dir (opening it for writing would block without a reader)."""
    path = tmp_path / "fifo"
    os.mkfifo(path)
    assert stat.S_ISFIFO(os.stat(path).st_mode)
    return path
