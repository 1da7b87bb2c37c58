# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A full disk, made real: a small tmpfs mounted for the test (root, and mounting allowed; CI
runs as root), else the test is skipped with the reason. A dump that overflows it is dropped
and the results file is still written whole; a results file that cannot be written leaves the
old one as it was; neither exits 0."""
import json
import os
import subprocess

import pytest

QUICK = ["--suite", "ngram_find", "--no-timing", "--instructions", "off"]


@pytest.fixture
def small_disk(tmp_path):
    """A 256 KiB tmpfs: the results of QUICK (~25 KiB) fit, its dump (~440 KiB) does not."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mnt = tmp_path / "disk"
    mnt.mkdir()
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mnt)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {proc.stderr.strip()}")
    yield mnt
    subprocess.run(["umount", str(mnt)], check=True)


def fill(path):
    """Writes to `path` until the disk is full (unbuffered: nothing is left for close to fail on)."""
    with open(path, "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 4096)
        except OSError:
            pass


def test_a_dump_that_fills_the_disk_still_leaves_the_results(clampbench, small_disk):
    out, dump = small_disk / "r.json", small_disk / "dump"
    proc = clampbench("run", *QUICK, "--out", out, "--dump", dump)
    assert proc.returncode == 3, proc.stderr  # the dump failed: an I/O error, not "as expected"
    assert "--dump" in proc.stderr
    with open(out) as f:
        doc = json.load(f)
    assert len(doc["cases"]) == 4  # every case, whole
    assert doc["outcome"]["status"] == "internal_error"
    assert any("--dump" in e for e in doc["outcome"]["internal_errors"])
    assert sorted(os.listdir(small_disk)) == ["r.json"]  # the partial dump is gone, space freed


def test_results_that_do_not_fit_leave_the_old_file_untouched(clampbench, small_disk):
    out = small_disk / "r.json"
    out.write_text('{"old": true}\n')
    fill(small_disk / "filler")
    proc = clampbench("run", *QUICK, "--out", out)
    assert proc.returncode == 3, proc.stderr
    assert "results not written" in proc.stderr
    assert out.read_text() == '{"old": true}\n'  # never truncated
    assert sorted(os.listdir(small_disk)) == ["filler", "r.json"]  # no temporary file left


def test_benchmark_out_that_does_not_fit_is_exit_3(clampbench, small_disk, tmp_path):
    """--benchmark_out used to be an ofstream nobody checked after the first write."""
    bench = small_disk / "bench.json"
    fill(small_disk / "filler")
    out = tmp_path / "r.json"
    proc = clampbench("run", "--suite", "ngram_find", "--instructions", "off", "--benchmark_min_time=0.0001",
                      "--timing-timeout", "0.02", "--out", out, f"--benchmark_out={bench}")
    assert proc.returncode == 3, proc.stderr
    with open(out) as f:
        doc = json.load(f)
    assert any("--benchmark_out" in e for e in doc["outcome"]["internal_errors"])
    assert len(doc["cases"]) == 4
    assert sorted(os.listdir(small_disk)) == ["filler"]
