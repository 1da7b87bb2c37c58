# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py on the newest release the tool is held to (source.NEWEST_CHECKED, 0.34.0): every
site that is still there runs and agrees, bitwise with the port where the code kept its
layout, with vLLM 0.27.0 through what both compute where it was rewritten; DeepSeek V4.1's
builder runs on the sparse-MLA suite's inputs; the sites vLLM removed are reported gone, by
name across the whole tree, and nothing else."""
import json
import subprocess
import sys

import pytest

from upstream_testing import ROOT, upstream_state
from clampbench_scripts.upstream.vllm_code import source

# Sites whose functions no file of 0.34.0 defines: the mamba clamps were dropped in 0.33.0; the
# n-gram proposer and Step3.5's MTP proposer became model runner v2 speculators (Triton kernels,
# no clamp).
GONE = {"mamba_prefix_caching", "mamba_fallback", "ngram_find", "ngram_propose", "ngram_update",
        "step3p5_slot_mapping"}
# site -> what it is compared with there
COMPARED = {"mamba_block_table": "clamp",  # its CPU path is an out-of-place clamp again
            "mla_chunked_context": f"vllm {source.AFTER_PR}",  # per-request chunks, no clamp
            "rocm_aiter_fa_chunks": "clamp_", "sparse_mla_slot_mapping": "clamp_",
            "sparse_mla_slot_mapping@deepseek_v41": "clamp_", "sparse_mla_step": "clamp_",
            "compressor_block_table": "clamp_",  # in place in every release
            "static_sink": "clamp_"}  # in place in every release (its in-place stores, no clamp)


@pytest.fixture(scope="module")
def report():
    state, reason = upstream_state()
    if state is None:
        pytest.skip(reason)
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "upstream.py"), "--vllm-version",
                           source.NEWEST_CHECKED, "--dump", str(state[1]), "--format", "json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)
    return proc, {s["site"]: s for s in json.loads(proc.stdout)[0]["sites"]}


def test_every_present_site_runs_and_agrees(report):
    proc, sites = report
    assert set(sites) == GONE | set(COMPARED)
    for name, compared_with in COMPARED.items():
        s = sites[name]
        assert s["problem"] is None and s["compared_with"] == compared_with, s
        assert s["agreeing"] == s["cases"] > 0, s
    assert sites["sparse_mla_slot_mapping@deepseek_v41"]["cases"] == sites["sparse_mla_slot_mapping"]["cases"]


def test_only_the_removed_sites_are_missing(report):
    proc, sites = report
    assert proc.returncode == 4, proc.stderr  # exit 4: a site's function is gone
    for name in GONE:
        assert sites[name]["problem"] == "missing", sites[name]
    problems = [line for line in proc.stderr.splitlines() if "no upstream site for suite" not in line]
    assert sorted(line.split(": ")[2] for line in problems) == sorted(GONE), proc.stderr
