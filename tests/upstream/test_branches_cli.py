# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py compare on trees made from the 0.27.0 wheel: a tree against itself (no
regression for compare.py), a head that changes an output, a head with a site missing, one
that no longer parses and one that no longer runs (one line each, a distinct exit code, the
other sites in both files); and on bad input."""
import json
import shutil
import subprocess
import sys

import pytest

from test_newest_release import COMPARED
from upstream_testing import ROOT, edit
from clampbench_scripts.upstream.vllm_code import source

MAMBA_ATTN = "vllm/v1/attention/backends/mamba_attn.py"


def script(name, *args):
    return subprocess.run([sys.executable, str(ROOT / "scripts" / name), *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)


def compare(tmp_path, dump_dir, base, head, *more):
    out = (tmp_path / "base.json", tmp_path / "head.json")
    proc = script("upstream.py", "compare", "--base", base, "--head", head, "--dump", dump_dir, "--no-timing",
                  "--out-base", out[0], "--out-head", out[1], *more)
    return proc, out


def suites(path):
    return {c["suite"] for c in json.loads(path.read_text())["cases"]}


def test_a_tree_against_itself_is_no_regression(tmp_path, dump_dir, tree):
    """The 0.27.0 wheel against the same code unpacked in a git checkout: every row SAME,
    compare.py exit 0; the head's file names the checkout's commit."""
    git = ["git", "-C", str(tree), "-c", "user.name=t", "-c", "user.email=t@t"]
    for step in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "vllm 0.27.0"]):
        subprocess.run(git + step, check=True, capture_output=True)
    commit = subprocess.run(git + ["rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()
    proc, out = compare(tmp_path, dump_dir, source.fetch_wheel(source.AFTER_PR), tree)
    assert proc.returncode == 0, proc.stderr
    head = json.loads(out[1].read_text())
    assert head["environment"]["git_commit"] == commit
    assert all(c["variants"][0]["saved_vs_reference"]["allocations"] == 0 for c in head["cases"])
    assert all(c["variants"][0]["checks"]["outputs"]["equal"] for c in head["cases"])
    gate = script("compare.py", *out, "--format", "text")
    assert gate.returncode == 0, gate.stdout + gate.stderr


def test_a_changed_output_is_an_output_mismatch(tmp_path, dump_dir, tree):
    edit(tree, MAMBA_ATTN, "block_idx_last_computed_token.clamp_(min=0)", "block_idx_last_computed_token.clamp_(min=1)")
    proc, out = compare(tmp_path, dump_dir, "0.27.0", tree)
    assert proc.returncode == 0, proc.stderr
    head = {c["case_id"]: c["variants"][0] for c in json.loads(out[1].read_text())["cases"]}
    row = head["mamba_prefix_caching/R=8,B=256,L=8192"]
    assert row["verdict"] == "output_mismatch"
    assert [m["output"] for m in row["checks"]["outputs"]["mismatches"]] == ["block_idx_last_computed_token"]
    gate = script("compare.py", *out, "--format", "json")
    assert gate.returncode == 1
    assert {r["suite"] for r in json.loads(gate.stdout)["rows"] if "verdicts" in r["regressions"]} == \
        {"mamba_prefix_caching"}


@pytest.mark.parametrize("damage, code, lost", [
    (lambda t: (t / "vllm/v1/attention/backends/rocm_aiter_fa.py").unlink(), 4, {"rocm_aiter_fa_chunks": "missing"}),
    (lambda t: edit(t, MAMBA_ATTN, "def _compute_prefix_caching_block_indices(",
                    "def _compute_prefix_caching_block_indices(((("), 5,
     {"mamba_prefix_caching": "unparseable", "mamba_fallback": "unparseable"}),  # the file holds both
    (lambda t: edit(t, MAMBA_ATTN, "block_idx_last_computed_token.clamp_(min=0)", "undefined_name.clamp_(min=0)"),
     6, {"mamba_prefix_caching": "cannot_run"}),
], ids=["missing", "unparseable", "cannot_run"])
def test_a_site_lost_on_one_side(tmp_path, dump_dir, tree, damage, code, lost):
    damage(tree)
    proc, out = compare(tmp_path, dump_dir, "0.27.0", tree)
    assert proc.returncode == code, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == len(lost), lines
    for line, (site, problem) in zip(lines, lost.items()):
        assert line.startswith("upstream.py compare: head (") and f"): {site}: {problem}: " in line, line
    assert suites(out[0]) - suites(out[1]) == set(lost), "the other sites are in both files"


@pytest.mark.parametrize("args, needle", [
    (["--base", "/nonexistent/vllm-1.0.0-py3-none-any.whl", "--head", "0.27.0"], "no such wheel file"),
    (["--base", "0.27.0", "--head", "{empty}"], "no vllm/ package directory"),
    (["--base", "0.27.0", "--head", "{bogus_wheel}"], "cannot read the wheel"),
    (["--base", "not a version", "--head", "0.27.0"], "is not a version number"),
    (["--base", "0.27.0", "--head", "0.27.0", "--dump", "{empty}"], "no manifest.json"),
    (["--base", "0.27.0", "--head", "0.27.0", "--dump", "{bad_dump}"], "not a clampbench dump manifest"),
    (["--base", "0.27.0", "--head", "0.27.0", "--dump", "{holed_dump}"], "is missing"),
    (["--base", "0.27.0", "--head", "0.27.0", "--min-samples", "0"], "--min-samples must be at least 1"),
    (["--base", "0.27.0", "--head", "0.27.0", "--out-head", "{empty}"], "is a directory"),
    (["--base", "0.27.0", "--head", "0.27.0", "--out-head", "{out}", "--out-base", "{out}"], "the same file"),
    (["--base", "0.27.0"], "the following arguments are required: --head"),
])
def test_bad_input_is_one_line_exit_2(tmp_path, dump_dir, args, needle):
    (tmp_path / "empty").mkdir()
    (tmp_path / "vllm-9.9.9-py3-none-any.whl").write_text("not a zip")
    (tmp_path / "bad_dump").mkdir()
    (tmp_path / "bad_dump" / "manifest.json").write_text('{"cases": [{"inputs": []}]}')
    shutil.copytree(dump_dir, tmp_path / "holed_dump")
    next(p for p in (tmp_path / "holed_dump").rglob("*.npy") if p.parent.name == "inputs").unlink()
    names = {"empty": tmp_path / "empty", "bogus_wheel": tmp_path / "vllm-9.9.9-py3-none-any.whl",
             "out": tmp_path / "o.json", "bad_dump": tmp_path / "bad_dump", "holed_dump": tmp_path / "holed_dump"}
    args = [a.format(**{k: str(v) for k, v in names.items()}) for a in args]
    if "--dump" not in args:
        args += ["--dump", str(dump_dir)]
    proc = script("upstream.py", "compare", *args, "--no-timing")
    assert proc.returncode == 2, proc.stderr
    assert needle in proc.stderr.strip().splitlines()[-1] and "Traceback" not in proc.stderr, proc.stderr
    assert not (tmp_path / "o.json").exists()


def test_a_failed_dump_is_exit_3(tmp_path, dump_dir):
    proc = script("upstream.py", "compare", "--base", "0.27.0", "--head", "0.27.0", "--binary",
                  tmp_path / "no-clampbench", "--out-base", tmp_path / "b.json", "--out-head", tmp_path / "h.json")
    assert proc.returncode == 3 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert not (tmp_path / "b.json").exists()


def test_structured_outputs_compare_field_by_field():
    """vLLM's metadata objects (0.34.0's per-request context chunks) are compared leaf by leaf."""
    import dataclasses
    import torch
    from clampbench_scripts.upstream.branches.values import mismatch

    @dataclasses.dataclass
    class Chunk:
        request_slice: slice
        starts: torch.Tensor
        kind: str

    def chunks(last):
        return [Chunk(slice(0, 2), torch.tensor([0, 4]), "prefill"), Chunk(slice(2, 4), torch.tensor([8, last]), "x")]
    assert mismatch("context_chunks", chunks(12), chunks(12)) is None
    found = mismatch("context_chunks", chunks(12), chunks(13))
    assert (found["count"], found["reference"], found["value"]) == (1, 12, 13)
    assert found["reason"] == "first at [1].starts", found
    assert mismatch("c", chunks(12), chunks(12)[:1])["reason"] == "the two values have other fields or lengths"


def test_the_newest_release_against_itself(tmp_path, dump_dir):
    """Every site 0.34.0 has runs on both sides, and nothing differs (its rewritten MLA
    chunks included); the six sites it lost are one line each per side (exit 4)."""
    proc, out = compare(tmp_path, dump_dir, source.NEWEST_CHECKED, source.NEWEST_CHECKED)
    assert proc.returncode == 4 and len(proc.stderr.strip().splitlines()) == 12, proc.stderr
    head = json.loads(out[1].read_text())
    assert {c["suite"] for c in head["cases"]} == set(COMPARED)  # the sites the newest release has
    assert all(c["variants"][0]["checks"]["outputs"]["equal"] for c in head["cases"])
    assert script("compare.py", *out).returncode == 0
