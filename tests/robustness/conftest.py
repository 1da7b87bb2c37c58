# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Fixtures of the robustness tests: the binary and hostile output targets.

Each test reproduces a fault a hostile or unlucky user meets (a symlink or FIFO as output, a
full disk, SIGTERM midway, two runs at once, a malformed file) and checks the promise: one
line naming the problem, a distinct exit code, nothing half-written, nothing lost. The helpers
(run_script, one_line_error, ...) are in tests/clampbench_testing.py.
"""
import os
import shutil
import stat
import subprocess

import pytest

import nightly_chain
from clampbench_testing import NGRAM_FIND_UNTIMED, binary_path


@pytest.fixture(scope="session")  # holds no state, so module-scoped fixtures can run it too
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


@pytest.fixture(scope="module")
def shard_cache(clampbench, tmp_path_factory):
    """The nightly chain's shard files, made once per module by ci/steps/shard.sh
    (nightly_chain.ShardCache); the chain counts instructions with callgrind."""
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed: the chain's instruction counts need callgrind")
    return nightly_chain.ShardCache(str(tmp_path_factory.mktemp("shards")))


@pytest.fixture
def fifo(tmp_path):
    """A FIFO in the test's temp dir (opening it for writing would block without a reader)."""
    path = tmp_path / "fifo"
    os.mkfifo(path)
    assert stat.S_ISFIFO(os.stat(path).st_mode)
    return path


@pytest.fixture(scope="module")
def shard_and_whole(tmp_path_factory, clampbench):
    """A one-shard run and a whole run of ngram_find (host, untimed), for the tests that plant a
    bad figure in one and feed it to `merge` and `run --resume`: (shard path, whole path)."""
    d = tmp_path_factory.mktemp("shard_and_whole")
    shard, whole = d / "shard-1-of-1.json", d / "whole.json"
    for extra, path in ((("--shard", "1/1"), shard), ((), whole)):
        proc = clampbench("run", *NGRAM_FIND_UNTIMED, *extra, "--out", path)
        assert proc.returncode == 0, proc.stderr
    return shard, whole
