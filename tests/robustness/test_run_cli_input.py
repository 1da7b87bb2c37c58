# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""`clampbench` command lines that used to run anyway, crash or exit 0 after losing output:
one line naming the problem and exit 2 (bad input) or 3 (stdout could not be written)."""
import json
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


@pytest.mark.parametrize("flag", ["--expectations", "--resume", "--dump", "--trace-out", "--out", "--plant",
                                  "--case", "--axis", "--seed", "--sizes", "--instructions", "--backend"])
def test_every_flag_refuses_an_empty_value(clampbench, tmp_path, flag):
    """`--expectations ''` ran with the default file, `--resume ''` ran afresh, `--dump ''` and
    `--trace-out ''` wrote nothing: an unset shell variable must not pick a default."""
    out = tmp_path / "r.json"
    args = [*QUICK, flag, ""] + ([] if flag == "--out" else ["--out", out])
    assert refused(clampbench("run", *args, cwd=tmp_path), f"{flag} '': empty value").startswith("clampbench: ")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("flag", ["--benchmark_out=", "--benchmark_out"])
def test_an_empty_benchmark_out_is_refused(clampbench, tmp_path, flag):
    refused(clampbench("run", "--suite", "ngram_find", "--instructions", "off", flag, "--out", tmp_path / "r.json"),
            "--benchmark_out")
    assert os.listdir(tmp_path) == []


def test_benchmark_out_without_timing_is_refused_and_leaves_the_file(clampbench, tmp_path):
    """It used to replace an existing file with 0 bytes: an untimed run has no samples."""
    samples = tmp_path / "f.json"
    samples.write_text('{"benchmarks": []}\n')
    refused(clampbench("run", *QUICK, f"--benchmark_out={samples}", "--out", tmp_path / "r.json"),
            "--benchmark_out", "--no-timing")
    assert samples.read_text() == '{"benchmarks": []}\n'
    assert sorted(os.listdir(tmp_path)) == ["f.json"]


@pytest.mark.parametrize("plant,words", [("delay:2:nosuite", ["unknown suite 'nosuite'"]),
                                         ("delay:2:ngram_update", ["suite 'ngram_update' is not selected"])])
def test_a_delay_plant_must_name_a_selected_suite(clampbench, tmp_path, plant, words):
    """It was accepted and planted nothing: the gate check it feeds passed for the wrong reason."""
    out = tmp_path / "r.json"
    refused(clampbench("run", *QUICK, "--plant", plant, "--out", out), f"--plant '{plant}'", *words)
    assert not out.exists()


def test_the_instruction_child_variable_does_not_change_a_run(clampbench, tmp_path):
    """CLAMPBENCH_INSTRUCTION_CHILD=garbage turned the run into the callgrind child: exit 0,
    no output, no results, and ./garbage/counts.json."""
    out = tmp_path / "r.json"
    proc = clampbench("run", *QUICK, "--out", out, cwd=tmp_path,
                      env={**os.environ, "CLAMPBENCH_INSTRUCTION_CHILD": "garbage"})
    assert proc.returncode == 0, proc.stderr
    assert "results in" in proc.stderr
    assert json.loads(out.read_text())["outcome"]["status"] == "as_expected"
    assert sorted(os.listdir(tmp_path)) == ["r.json"]


def test_the_hidden_child_flag_needs_a_directory(clampbench, tmp_path):
    refused(clampbench("run", *QUICK, "--instruction-child", "garbage", "--out", tmp_path / "r.json", cwd=tmp_path),
            "--instruction-child 'garbage': not a directory")
    assert os.listdir(tmp_path) == []


RULE = {"suite": "ngram_update", "variant": "clamp_naive", "verdict": "output_mismatch",
        "outputs": ["out"], "reason": "r"}


@pytest.mark.parametrize("doc,named", [
    ({"schema_version": 2, "default": "same", "expectations": {}}, '"expectations" in the top level must be a list'),
    ({"schema_version": 2, "expectations": [], "order_dependent_writes": {}}, '"order_dependent_writes" in the top level'),
    ({"schema_version": 2, "default": "same"}, 'the top level has no "expectations" list'),
    ({"schema_version": 2, "expectations": [], "expectation": []}, 'unknown key "expectation" in the top level'),
    ({"schema_version": 2, "expectations": [{**RULE, "wehn": []}]}, 'unknown key "wehn" in rule 1'),
    ({"schema_version": 2, "expectations": [{**RULE, "when": [{"param": "B", "op": "==", "value": 1, "x": 0}]}]},
     'unknown key "x" in a "when" condition'),
    ({"schema_version": 2, "expectations": [{**RULE, "verdict": "mutation", "outputs": [],
                                             "mutations": [{"buffer": "b", "chnaged": 3}]}]},
     'unknown key "chnaged" in a mutation'),
    ({"schema_version": 2, "expectations": [],
      "latent_writes": [{"suite": "ngram_update", "variant": "clamp_", "buffer": "b", "reason": "r", "if": []}]},
     'unknown key "if" in latent_writes entry 1'),
])
def test_expectations_with_unknown_keys_or_no_list_are_refused(clampbench, tmp_path, doc, named):
    """`"expectations": {}` loaded as no rule at all; a misspelt key was ignored (a misspelt
    "when" widens its rule to every case)."""
    rules = tmp_path / "e.json"
    rules.write_text(json.dumps(doc))
    out = tmp_path / "r.json"
    refused(clampbench("run", *QUICK, "--expectations", rules, "--out", out), f"'{rules}'", named)
    assert not out.exists()


@pytest.mark.parametrize("flag", ["--case", "--base", "--head", "--trace-out"])
def test_explain_refuses_an_empty_value(clampbench, tmp_path, flag):
    """`explain ngram_find --case ''` explained the first case; `--trace-out ''` wrote nothing."""
    refused(clampbench("explain", "ngram_find", flag, "", cwd=tmp_path), f"{flag} '': empty value")
    assert os.listdir(tmp_path) == []
