# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py report static_sink on vLLM 0.34.0: the consequence computed on vLLM's own build
and sampler kernel from the wheel, the lines found in the tree, the committed report
(docs/reports/) the command's output; and bad input."""
import subprocess
import sys

import pytest

from upstream_testing import ROOT, upstream_state
from clampbench_scripts.upstream.vllm_code import source

COMMITTED = ROOT / "docs" / "reports" / "static_sink-0.34.0.md"


def report(*args):
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "upstream.py"), "report", *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)


@pytest.fixture(scope="module")
def written():
    found, reason = upstream_state()
    if found is None:
        pytest.skip(reason)
    proc = report("static_sink", "--vllm-version", source.NEWEST_CHECKED)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_the_report_cites_the_lines_from_the_build_to_the_sampler(written):
    for where in ("static_sink_attention.py:86-91", "default.py:228", "attn_utils.py:550", "sampler.py:192",
                  "input_batch.py:530", "openpangu.py:630"):
        assert f"`{where}`" in written, where
    assert "is_chunked_prefilling = seq_len < prefill_len" in written


def test_the_consequence_is_vllms_own_functions(written):
    # One group: a chunk 10 tokens short of a 40-token prompt, sink_len 16, is raised to 46 and
    # samples (num_sampled 1); 20 short it does not (36); two groups raise it twice (52). The fix
    # leaves seq_lens as it was and samples nothing, for the same two allocations per group.
    assert "| 1 | 30 | 46 | 1 | 30 | 0 |" in written
    assert "| 1 | 20 | 36 | 0 | 20 | 0 |" in written
    assert "| 2 | 20 | 52 | 1 | 20 | 0 |" in written
    assert "the released form allocates 2 per group: `add` (:87), `eq` (:90); the fix the same" in written


def test_the_committed_report_is_the_commands_output(written):
    committed = COMMITTED.read_text().split("\n", 3)  # its three comment lines (licence, provenance) first
    assert committed[3] == written, f"regenerate {COMMITTED.relative_to(ROOT)} with the command it names"


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    proc = report("sparse_mla", "--vllm-version", source.NEWEST_CHECKED)
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == "upstream.py report: no report for site 'sparse_mla': the sites with one are static_sink\n"
    proc = report("static_sink")
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1, proc.stderr
    proc = report("static_sink", "--vllm-version", source.NEWEST_CHECKED, "--out", tmp_path)
    assert proc.returncode == 2 and "is a directory" in proc.stderr, proc.stderr
