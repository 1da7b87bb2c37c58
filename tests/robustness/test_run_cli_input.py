# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""`clampbench` command lines that used to run anyway, crash or exit 0 after losing output:
one line naming the problem and exit 2 (bad input) or 3 (stdout could not be written)."""
import os

import pytest

from clampbench_testing import one_line_error

QUICK = ["--suite", "ngram_find", "--no-timing", "--instructions", "off"]


def refused(proc, *words):
    assert proc.returncode == 2, proc.stderr
    line = one_line_error(proc)
    for w in words:
        assert w in line, line
    return line


@pytest.mark.parametrize("args", [["--suite", ""], ["--suite", "ngram_find,"], ["--variant", ""]])
def test_empty_selection_name_is_refused(clampbench, tmp_path, args):
    """`--suite ""` (an unset shell variable) used to select every suite."""
    out = tmp_path / "r.json"
    refused(clampbench("run", "--no-timing", "--instructions", "off", *args, "--out", out), "empty name")
    assert not out.exists()


@pytest.mark.parametrize("args", [["--repetitions", "1001"], ["--repetitions", "99999999999"],
                                  ["--benchmark_repetitions=5000"]])
def test_repetitions_above_the_cap_are_refused(clampbench, tmp_path, args):
    """The loop stops at 1000 samples: more could never be met, and used to pass silently."""
    out = tmp_path / "r.json"
    proc = clampbench("run", *QUICK, *args, "--out", out)
    assert proc.returncode == 2 and not out.exists(), proc.stderr
    one_line_error(proc)


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "1e300", "0"])
def test_timing_timeout_must_be_finite_positive_and_bounded(clampbench, tmp_path, value):
    refused(clampbench("run", *QUICK, "--timing-timeout", value, "--out", tmp_path / "r.json"), "--timing-timeout")


@pytest.mark.parametrize("value", ["inf", "nan", "-1"])
def test_benchmark_min_time_must_be_finite(clampbench, tmp_path, value):
    refused(clampbench("run", *QUICK, f"--benchmark_min_time={value}", "--out", tmp_path / "r.json"))


def test_expectations_directory_is_exit_2(clampbench, tmp_path):
    """It used to exit 3 with 'basic_filebuf::underflow'."""
    refused(clampbench("run", *QUICK, "--expectations", tmp_path, "--out", tmp_path / "r.json"),
            "--expectations", "directory")


def test_expectations_fifo_is_refused_without_opening_it(clampbench, tmp_path, fifo):
    refused(clampbench("run", *QUICK, "--expectations", fifo, "--out", tmp_path / "r.json", timeout=30),
            "--expectations", "FIFO")


def test_allocator_on_host_is_refused(clampbench, tmp_path):
    """Recorded on a host run it set apart two host runs that are alike (compare refused them)."""
    out = tmp_path / "r.json"
    refused(clampbench("run", *QUICK, "--backend", "host", "--allocator", "raw", "--out", out), "--allocator")
    assert not out.exists()


@pytest.mark.parametrize("args", [["--version"], ["help"], ["help", "run"], ["list"], ["list", "--json"],
                                  ["run", *QUICK, "--benchmark_list_tests"], ["explain", "ngram_find"]])
def test_stdout_write_error_is_exit_3(clampbench, args):
    """With /dev/full as stdout every write fails: the command used to exit 0 all the same."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "w") as full:
        proc = clampbench(*args, stdout=full, stderr=-1, capture_output=False)
    assert proc.returncode == 3, proc.stderr
    assert "stdout" in one_line_error(proc)


@pytest.mark.parametrize("flags", [["--benchmark_out_format="], ["--benchmark_color="],
                                   ["--benchmark_format=bad", "--benchmark_format=json"]])
def test_bad_benchmark_reporting_values_are_refused(clampbench, tmp_path, flags):
    """An empty --benchmark_out_format crashed the run (with --benchmark_out); an empty
    --benchmark_color printed Google Benchmark's usage and exited 0 without results; a bad
    --benchmark_format passed when a later one was good."""
    out = tmp_path / "r.json"
    refused(clampbench("run", *QUICK, *flags, f"--benchmark_out={tmp_path / 'gb.json'}", "--out", out),
            "benchmark")
    assert not out.exists()
