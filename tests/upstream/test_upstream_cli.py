# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""scripts/upstream.py on trees made from the 0.27.0 wheel: agreeing, a site altered, a file
missing, a function that no longer parses; and on bad input."""
import json
import subprocess
import sys

import pytest

from upstream_testing import ROOT, edit
from clampbench_scripts.upstream.sites.registry import REPORTED
from clampbench_scripts.upstream.vllm_code import source


def upstream(*args):
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "upstream.py"), *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)


def test_an_unpacked_release_agrees_everywhere(tree, dump_dir):
    proc = upstream("--vllm-src", tree, "--dump", dump_dir, "--format", "md")
    assert proc.returncode == 0, proc.stderr
    rows = proc.stdout.splitlines()[2:]
    assert len(rows) == len(REPORTED), proc.stdout
    for row in rows:  # DeepSeek V4.1's site is a newer release's: absent here, and no problem
        expected = "not in this release" if "@deepseek_v41" in row else "cases agree with `clamp_`"
        assert expected in row, proc.stdout


def test_a_moved_file_is_followed(tree, dump_dir):
    """The n-gram proposer moved elsewhere in the tree: found by its class and method names,
    run and compared, and the report says where it went."""
    new = "vllm/v1/worker/gpu/spec_decode/ngram/proposer.py"
    (tree / new).parent.mkdir(parents=True, exist_ok=True)
    (tree / "vllm/v1/spec_decode/ngram_proposer_gpu.py").rename(tree / new)
    proc = upstream("--vllm-src", tree, "--dump", dump_dir, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    sites = {s["site"]: s for s in json.loads(proc.stdout)[0]["sites"]}
    for name in ("ngram_find", "ngram_propose", "ngram_update"):
        s = sites[name]
        assert s["moved_to"] == new and s["problem"] is None and s["agreeing"] == s["cases"] > 0, s


def test_an_altered_site_disagrees(tree, dump_dir):
    edit(tree, "vllm/v1/attention/backends/mamba_attn.py", "block_idx_last_computed_token.clamp_(min=0)",
         "block_idx_last_computed_token.clamp_(min=1)")
    proc = upstream("--vllm-src", tree, "--dump", dump_dir)
    assert proc.returncode == 1, proc.stderr
    assert "mamba_prefix_caching: disagrees: mamba_prefix_caching/" in proc.stderr
    assert "ngram_find" in proc.stdout and "4/4 cases agree" in proc.stdout  # the others still reported


def test_a_missing_file_and_an_unparseable_function(tree, dump_dir):
    (tree / "vllm/v1/attention/backends/rocm_aiter_fa.py").unlink()
    proc = upstream("--vllm-src", tree, "--dump", dump_dir)
    assert proc.returncode == 4, proc.stderr
    assert "rocm_aiter_fa_chunks: missing: vllm/v1/attention/backends/rocm_aiter_fa.py: not in" in proc.stderr
    edit(tree, "vllm/v1/spec_decode/ngram_proposer_gpu.py", "def propose(", "def propose((")
    proc = upstream("--vllm-src", tree, "--dump", dump_dir)
    assert proc.returncode == 5, proc.stderr
    assert "ngram_find: unparseable: vllm/v1/spec_decode/ngram_proposer_gpu.py:" in proc.stderr
    assert "mamba_fallback" in proc.stdout and "1/1 cases agree" in proc.stdout


@pytest.mark.parametrize("args, message", [
    (["--vllm-version", "not-a-version"], "'not-a-version' is not a version number"),
    (["--vllm-version", "0.0.0.999"], "vllm 0.0.0.999: cannot download the wheel"),
])
def test_bad_versions(args, message, dump_dir):
    proc = upstream(*args, "--dump", dump_dir)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and message in proc.stderr, proc.stderr


def test_not_a_vllm_tree(tmp_path, dump_dir):
    proc = upstream("--vllm-src", tmp_path, "--dump", dump_dir)
    assert proc.returncode == 2 and "no vllm/ package directory" in proc.stderr, proc.stderr
    proc = upstream("--vllm-version", source.AFTER_PR, "--dump", tmp_path)
    assert proc.returncode == 2 and "no manifest.json" in proc.stderr, proc.stderr
