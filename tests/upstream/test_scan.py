# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py scan: the in-place writes of vLLM's metadata code, on small source trees written
here (every rule of what is listed and what is not), on bad input, and on the real wheels:
0.27.0's seven sites and the DeepSeek V4 compressor, and 0.34.0's DeepSeek V4.1 builder as new."""
import json
import subprocess
import sys
import textwrap

import pytest

from upstream_testing import ROOT, upstream_state
from clampbench_scripts.upstream import source

BUILDER = '''\
import torch
import triton


class ToyMetadataBuilder(AttentionMetadataBuilder):
    def __init__(self, device):
        self.buf = torch.zeros(8)
        self.buf.fill_(0)

    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):
        cm = common_attn_metadata
        table = cm.block_table_tensor[:4]
        table.fill_(0)
        common_attn_metadata.block_table_tensor.clamp_(min=0)
        lens = cm.seq_lens - 1
        lens.clamp_(min=0)
        fresh = torch.zeros(4)
        fresh.add_(1)
        torch.add(lens, 1, out=self.buf[:4])
        self.groups[common_prefix_len] = lens
        self.buf[2:4] = lens
        scratch = torch.empty(4)
        torch.sub(cm.query_start_loc, 1, out=scratch)
        scratch.mul_(2)
        return zero_rows(cm.slot_mapping)


def zero_rows(t):
    t.zero_()
    return t


def never_called(t):
    t.zero_()


@triton.jit
def kernel(ptr):
    ptr.zero_()


class Layer(torch.nn.Module):
    def forward(self, x):
        x.add_(1)
'''
MOVED = '''\
class MovedMetadataBuilder(AttentionMetadataBuilder):
    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):
        common_attn_metadata.slot_mapping.fill_(-1)
'''
# (line, function, op, receiver, reach, origin) of every write BUILDER's scan lists
EXPECTED = [
    (13, "ToyMetadataBuilder.build", "fill_", "table", "alias", "cm.block_table_tensor"),
    (14, "ToyMetadataBuilder.build", "clamp_", "common_attn_metadata.block_table_tensor", "alias",
     "cm.block_table_tensor"),
    (16, "ToyMetadataBuilder.build", "clamp_", "lens", "derived", "cm.seq_lens"),
    (19, "ToyMetadataBuilder.build", "out=", "self.buf[:4]", "alias", "self.buf"),
    (21, "ToyMetadataBuilder.build", "[]=", "self.buf", "alias", "self.buf"),
    (24, "ToyMetadataBuilder.build", "mul_", "scratch", "derived", "cm.query_start_loc"),
    (29, "zero_rows", "zero_", "t", "alias", "argument t"),
]


def scan(*args):
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "upstream.py"), "scan", *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)


def write_tree(root, files):
    for relpath, text in files.items():
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


def rows(proc):
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    return [(f["file"], f["line"], f["function"], f["op"], f["receiver"], f["reach"], f["origin"], f["new"])
            for f in doc["findings"]]


def test_what_is_listed_and_what_is_not(tmp_path):
    tree = write_tree(tmp_path / "head", {"vllm/toy/builder.py": BUILDER})
    got = rows(scan("--vllm-src", tree, "--format", "json"))
    assert got == [("vllm/toy/builder.py", *e, None) for e in EXPECTED]


def test_origin_filter(tmp_path):
    tree = write_tree(tmp_path / "head", {"vllm/toy/builder.py": BUILDER})
    got = rows(scan("--vllm-src", tree, "--format", "json", "--origin", "cm"))
    assert [r[1] for r in got] == [13, 14, 16, 24]


def test_new_since(tmp_path):
    """Same file: not new, whatever the lines and the class name; a new file beside the old
    one (a new model's copy): new; a file moved away from a path the head no longer has: not new."""
    base = write_tree(tmp_path / "base", {"vllm/models/a/builder.py": BUILDER, "vllm/old/place.py": MOVED})
    renamed = "\n\n" + BUILDER.replace("ToyMetadataBuilder", "RenamedMetadataBuilder")
    head = write_tree(tmp_path / "head", {"vllm/models/a/builder.py": renamed,
                                          "vllm/models/b/builder.py": BUILDER,
                                          "vllm/new/place.py": MOVED})
    got = rows(scan("--vllm-src", head, "--since", base, "--format", "json"))
    by_file = {}
    for r in got:
        by_file.setdefault(r[0], set()).add(r[-1])
    assert by_file == {"vllm/models/a/builder.py": {False}, "vllm/models/b/builder.py": {True},
                       "vllm/new/place.py": {False}}


def test_a_file_that_does_not_parse(tmp_path):
    tree = write_tree(tmp_path / "head", {"vllm/toy/builder.py": BUILDER,
                                          "vllm/toy/broken.py": "class BrokenMetadataBuilder(:\n"})
    proc = scan("--vllm-src", tree, "--format", "json")
    assert proc.returncode == 5
    assert proc.stderr.splitlines() == [
        "upstream.py scan: vllm/toy/broken.py:1: does not parse (invalid syntax)"], proc.stderr
    assert len(json.loads(proc.stdout)["findings"]) == len(EXPECTED)  # the others still listed


@pytest.mark.parametrize("args, message", [
    (["--vllm-version", "not-a-version"], "'not-a-version' is not a version number"),
    (["--vllm-src", "."], "no vllm/ package directory inside"),
])
def test_bad_input(args, message, tmp_path):
    proc = scan(*args, "--out", tmp_path / "list.txt")
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and message in proc.stderr, proc.stderr
    assert not (tmp_path / "list.txt").exists()


def real(version):
    state, reason = upstream_state()
    if state is None:
        pytest.skip(reason)
    return source.fetch_wheel(version)


def test_0270_lists_the_seven_sites_and_the_compressor():
    real(source.AFTER_PR)
    proc = scan("--vllm-version", source.AFTER_PR, "--format", "json")
    doc = json.loads(proc.stdout)
    assert proc.returncode == 0, proc.stderr
    from clampbench_scripts.upstream.sites import SITES
    covered = {f["covered_by"] for f in doc["findings"] if f["op"] == "clamp_"}
    # sparse_mla_step runs sparse_mla_slot_mapping's builder (twice): its clamp_ line is listed
    # under the first site holding it.
    assert covered >= set(SITES) - {"sparse_mla_step"}, set(SITES) - covered
    step = [f["covered_by"] for f in doc["findings"] if (f["file"], f["line"], f["op"]) ==
            ("vllm/models/deepseek_v4/sparse_mla.py", 212, "clamp_")]
    assert step == ["sparse_mla_slot_mapping"], step
    compressor = [f for f in doc["findings"] if f["file"] == "vllm/models/deepseek_v4/compressor.py"]
    assert [(f["line"], f["function"], f["op"], f["reach"], f["origin"], f["covered_by"]) for f in compressor] == [
        (142, "CompressorMetadataBuilder.build", "clamp_", "alias", "cm.block_table_tensor", "compressor_block_table")]


def test_0340_lists_deepseek_v41s_clamp_as_new():
    real(source.AFTER_PR)
    real(source.NEWEST_CHECKED)
    proc = scan("--vllm-version", source.NEWEST_CHECKED, "--since", source.AFTER_PR, "--format", "json",
                "--origin", "cm")
    assert proc.returncode == 0, proc.stderr
    table = {(f["file"], f["line"]): f for f in json.loads(proc.stdout)["findings"]
             if f["op"] == "clamp_" and f["origin"] == "cm.block_table_tensor"}
    assert sorted((k, f["new"], f["covered_by"]) for k, f in table.items()) == [
        (("vllm/models/deepseek_v4/compressor.py", 126), False, "compressor_block_table"),
        (("vllm/models/deepseek_v4/sparse_mla.py", 201), False, "sparse_mla_slot_mapping"),
        (("vllm/models/deepseek_v41/sparse_mla.py", 233), True, "sparse_mla_slot_mapping@deepseek_v41")]


def test_an_output_that_is_a_directory_is_refused_before_the_scan(tmp_path):
    proc = scan("--vllm-src", ".", "--out", tmp_path)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "is a directory" in proc.stderr, proc.stderr
