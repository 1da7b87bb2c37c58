# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py scan: the in-place writes of vLLM's metadata code, on small source trees written
here (every rule of what is listed and what is not, and of which writes are hazards), on bad
input, and on the real wheels: 0.27.0's seven sites and the DeepSeek V4 compressor, and
0.34.0's DeepSeek V4.1 builder as new, its Whisper builder made by a factory, a write of a
renamed function not new, a write at its own line, the static-sink builder's masked store."""
import json
import subprocess
import sys
import textwrap

import pytest

from upstream_testing import ROOT, upstream_state
from clampbench_scripts.upstream.vllm_code import source

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
# (line, function, op, receiver, reach, origin, class) of every write BUILDER's scan lists,
# the hazards first
EXPECTED = [
    (13, "ToyMetadataBuilder.build", "fill_", "table", "alias", "cm.block_table_tensor", "hazard"),
    (14, "ToyMetadataBuilder.build", "clamp_", "common_attn_metadata.block_table_tensor", "alias",
     "cm.block_table_tensor", "hazard"),
    (19, "ToyMetadataBuilder.build", "out=", "self.buf[:4]", "alias", "self.buf", "hazard"),
    (21, "ToyMetadataBuilder.build", "[]=", "self.buf", "alias", "self.buf", "hazard"),
    (29, "zero_rows", "zero_", "t", "alias", "argument t", "hazard"),
    (16, "ToyMetadataBuilder.build", "clamp_", "lens", "derived", "cm.seq_lens", "fresh"),
    (24, "ToyMetadataBuilder.build", "mul_", "scratch", "derived", "cm.query_start_loc", "fresh"),
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
    return [(f["file"], f["line"], f["function"], f["op"], f["receiver"], f["reach"], f["origin"], f["class"],
             f["new"]) for f in doc["findings"]]


RETURNS = '''\
import torch


class ToyMetadataBuilder(AttentionMetadataBuilder):
    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):
        lens = common_attn_metadata.seq_lens - 1
        md = _ToyMetadata(seq_lens=common_attn_metadata.seq_lens, lens=lens)
        return md

    def build_for_cudagraph_capture(self, common_attn_metadata):
        md = self.build(0, common_attn_metadata)
        md.seq_lens.fill_(1)
        md.lens.zero_()
        plan = make_plan(common_attn_metadata.query_start_loc, 2)
        for chunk in plan.chunks:
            chunk.starts.zero_()
            chunk.ends.zero_()
        return md


class ChildMetadataBuilder(ToyMetadataBuilder):
    def build_for_cudagraph_capture(self, common_attn_metadata):
        self.build(0, common_attn_metadata).seq_lens.fill_(1)
        self.opaque(common_attn_metadata).seq_lens.fill_(1)

    def opaque(self, common_attn_metadata):
        if common_attn_metadata.causal:
            return _ToyMetadata(seq_lens=common_attn_metadata.seq_lens)
        return helper(common_attn_metadata)


def make_plan(query_start_loc, n):
    chunks = []
    for i in range(n):
        chunks.append(Chunk(starts=query_start_loc[i:], ends=query_start_loc[1:] + 0))
    return Plan(chunks=chunks)
'''


def test_a_call_is_followed_into_what_it_returns(tmp_path):
    """`self.build(...)` (the class's own or a base's) and a module function are read to their
    returns: a field handed back from the metadata is its memory (a hazard), one computed there
    is fresh, a list's elements keep their fields; a callee with a return of unknown shape
    leaves the value unknown."""
    tree = write_tree(tmp_path / "head", {"vllm/toy/returns.py": RETURNS})
    got = [(r[1], r[2], r[4], r[6], r[7]) for r in rows(scan("--vllm-src", tree, "--format", "json"))]
    assert got == [
        (23, "ChildMetadataBuilder.build_for_cudagraph_capture", "self.build(0, common_attn_metadata).seq_lens",
         "cm.seq_lens", "hazard"),
        (12, "ToyMetadataBuilder.build_for_cudagraph_capture", "md.seq_lens", "cm.seq_lens", "hazard"),
        (16, "ToyMetadataBuilder.build_for_cudagraph_capture", "chunk.starts", "cm.query_start_loc", "hazard"),
        (24, "ChildMetadataBuilder.build_for_cudagraph_capture", "self.opaque(common_attn_metadata).seq_lens",
         "cm", "unknown"),
        (13, "ToyMetadataBuilder.build_for_cudagraph_capture", "md.lens", "cm.seq_lens", "fresh"),
        (17, "ToyMetadataBuilder.build_for_cudagraph_capture", "chunk.ends", "cm.query_start_loc", "fresh"),
    ]


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


HAZARDS = """\
import torch


class HazardMetadataBuilder(AttentionMetadataBuilder):
    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):
        cm = common_attn_metadata
        cm.seq_lens[cm.seq_lens == self.sink_len] = 0
        cm.seq_lens[~cm.is_prefilling] += 1
        idx = torch.nonzero(cm.seq_lens > 4).squeeze(1)
        self.buf[idx] = 1
        cm.slot_mapping.index_put_((idx,), torch.zeros_like(idx))
        live = cm.seq_lens[: cm.num_reqs]
        live.masked_fill_(live > 8, 8)
        flat = cm.block_table_tensor.reshape(-1)
        flat[idx] = 0
        same = cm.replace(num_reqs=1)
        same.query_start_loc.zero_()
        lens, slots = cm.seq_lens, cm.slot_mapping
        slots.fill_(-1)
        picked = cm.seq_lens if fast_build else cm.seq_lens + 1
        picked.clamp_(min=0)
        seq_lens = cm.seq_lens
        seq_lens += 1
        num_reqs = cm.num_reqs
        num_reqs += 1
        self.cache["key"] = live
        result = {}
        result["lens"] = cm.seq_lens
        per_group[common_prefix_len] = cm.seq_lens
        cm.max_seq_len += self.sink_len
        return self.fresh(cm)

    def fresh(self, cm):
        drafts = torch.diff(cm.query_start_loc_cpu).sub_(1)
        prefilling = cm.is_prefilling.clone()
        prefilling[cm.seq_lens == 1] = False
        chosen = cm.seq_lens[cm.seq_lens > 0]
        chosen.add_(1)
        lens = cm.seq_lens + 1
        lens += 1
        starts = torch.zeros(4)
        torch.cumsum(cm.seq_lens, 0, out=starts)
        starts[starts > 2] = 2
        md = self.build(0, cm)
        md.seq_lens.fill_(1)
        narrowed = cm.seq_lens.to(torch.int32)
        narrowed.add_(1)
        torch.add(cm.seq_lens, 1, out=SCRATCH)
        SCRATCH.mul_(2)
        return drafts, prefilling, chosen, lens, starts
"""


def test_masked_and_indexed_stores_and_which_writes_are_hazards(tmp_path):
    """Masked and indexed stores, index_put_ and masked_fill_, `t[m] += v` and `x += y` on a
    tensor are writes; a dict's store, an int's `+=`, an attribute's `+=` are not. A write into
    the metadata's tensor or a view of it (a slice, reshape, the metadata's replace, a tuple's
    element, one of an if-expression) is a hazard; one through a call that may hand back its
    input (a builder's own build, `.to`) or into a global filled from the metadata is unknown;
    one into a tensor computed here (an out-of-place op, clone, an advanced index's copy,
    arithmetic, a factory filled by out=) is fresh. Hazards first, then unknown, then fresh."""
    tree = write_tree(tmp_path / "head", {"vllm/toy/hazards.py": HAZARDS})
    doc = json.loads(scan("--vllm-src", tree, "--format", "json").stdout)
    got = [(f["line"], f["op"], f["receiver"], f["origin"], f["class"], f["through"]) for f in doc["findings"]]
    assert got == [
        (7, "[]=", "cm.seq_lens", "cm.seq_lens", "hazard", ""),
        (8, "[]+=", "cm.seq_lens", "cm.seq_lens", "hazard", ""),
        (10, "[]=", "self.buf", "self.buf", "hazard", ""),
        (11, "index_put_", "cm.slot_mapping", "cm.slot_mapping", "hazard", ""),
        (13, "masked_fill_", "live", "cm.seq_lens", "hazard", ""),
        (15, "[]=", "flat", "cm.block_table_tensor", "hazard", ""),
        (17, "zero_", "same.query_start_loc", "cm.query_start_loc", "hazard", ""),
        (19, "fill_", "slots", "cm.slot_mapping", "hazard", ""),
        (21, "clamp_", "picked", "cm.seq_lens", "hazard", ""),
        (23, "+=", "seq_lens", "cm.seq_lens", "hazard", ""),
        (45, "fill_", "md.seq_lens", "cm", "unknown", "self.build()"),
        (47, "add_", "narrowed", "cm.seq_lens", "unknown", "cm.seq_lens.to()"),
        (49, "mul_", "SCRATCH", "cm.seq_lens", "unknown", "global SCRATCH"),
        (34, "sub_", "torch.diff(cm.query_start_loc_cpu)", "cm.query_start_loc_cpu", "fresh", ""),
        (36, "[]=", "prefilling", "cm.is_prefilling", "fresh", ""),
        (38, "add_", "chosen", "cm.seq_lens", "fresh", ""),
        (40, "+=", "lens", "cm.seq_lens", "fresh", ""),
        (43, "[]=", "starts", "cm.seq_lens", "fresh", ""),
    ]
    assert doc["counts"] == {"hazard": 10, "unknown": 3, "fresh": 5}
    assert {f["reach"] for f in doc["findings"] if f["class"] == "hazard"} == {"alias"}
    assert {f["reach"] for f in doc["findings"] if f["class"] == "fresh"} == {"derived"}


def test_class_filter_and_the_class_in_every_format(tmp_path):
    tree = write_tree(tmp_path / "head", {"vllm/toy/hazards.py": HAZARDS})
    doc = json.loads(scan("--vllm-src", tree, "--format", "json", "--class", "hazard", "--class", "unknown").stdout)
    assert [f["class"] for f in doc["findings"]] == ["hazard"] * 10 + ["unknown"] * 3
    proc = scan("--vllm-src", tree)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].endswith(": 18 in-place writes: 10 hazards, 3 unknown, 5 fresh"), lines[0]
    headings = [i for i, line in enumerate(lines) if not line.startswith("  ")][1:]
    assert [lines[i].split(":")[0] for i in headings] == ["hazards", "unknown", "fresh"]
    assert headings == [1, 12, 16]
    assert "  vllm/toy/hazards.py:45  HazardMetadataBuilder.fresh  fill_ on md.seq_lens  " \
           "[unknown of cm via self.build()]  no suite" in lines
    md = scan("--vllm-src", tree, "--format", "md", "--class", "fresh").stdout.splitlines()
    assert md[0].endswith(": 5 in-place writes: 0 hazards, 0 unknown, 5 fresh")
    assert md[2].startswith("| class | file:line |")
    assert all(row.startswith("| fresh | vllm/toy/hazards.py:") for row in md[4:]) and len(md) == 9


NESTED = """\
import torch


def make_backend(pool):
    scale = pool.scale_buffer

    def helper(t):
        t.mul_(2)

    class PooledMetadataBuilder(AttentionMetadataBuilder):
        def __init__(self, device):
            self.buf = torch.zeros(8)
            self.buf.fill_(0)

        def build(self, common_prefix_len, common_attn_metadata, fast_build=False):
            cm = common_attn_metadata
            self.buf[:4] = cm.seq_lens
            helper(cm.slot_mapping)
            scale.zero_()

            def fill_table(value):
                cm.block_table_tensor.fill_(value)

            fill_table(0)
            return self.buf

    return PooledMetadataBuilder


class Backend:
    class InnerMetadataBuilder(AttentionMetadataBuilder):
        def build(self, common_prefix_len, common_attn_metadata, fast_build=False):
            common_attn_metadata.query_start_loc.clamp_(min=0)


if True:
    class GuardedMetadataBuilder(AttentionMetadataBuilder):
        def build(self, common_prefix_len, common_attn_metadata, fast_build=False):
            common_attn_metadata.seq_lens.add_(1)
else:
    class GuardedMetadataBuilder(AttentionMetadataBuilder):
        def build(self, common_prefix_len, common_attn_metadata, fast_build=False):
            common_attn_metadata.seq_lens.sub_(1)


def unrelated():
    def helper(t):
        t.zero_()
"""


def test_builders_defined_inside_functions_and_classes(tmp_path):
    """A class in a function (a factory's builder), a class in a class, a class in each branch
    of an if block (two of one name), a function in a method (seeing the method's names), and
    a function of the factory the builder calls by name; not a same-named function inside an
    unrelated function."""
    tree = write_tree(tmp_path / "head", {"vllm/toy/nested.py": NESTED})
    got = [r[1:7] for r in rows(scan("--vllm-src", tree, "--format", "json"))]  # all hazards
    pooled = "make_backend.<locals>.PooledMetadataBuilder.build"
    assert got == [
        (33, "Backend.InnerMetadataBuilder.build", "clamp_", "common_attn_metadata.query_start_loc", "alias",
         "cm.query_start_loc"),
        (39, "GuardedMetadataBuilder.build", "add_", "common_attn_metadata.seq_lens", "alias", "cm.seq_lens"),
        (43, "GuardedMetadataBuilder.build", "sub_", "common_attn_metadata.seq_lens", "alias", "cm.seq_lens"),
        (17, pooled, "[]=", "self.buf", "alias", "self.buf"),
        (19, pooled, "zero_", "scale", "alias", "argument pool"),  # the factory's name, seen by the method
        (22, pooled + ".<locals>.fill_table", "fill_", "cm.block_table_tensor", "alias", "cm.block_table_tensor"),
        (8, "make_backend.<locals>.helper", "mul_", "t", "alias", "argument t"),
    ]


LINES = """\
import torch


class LinesMetadataBuilder(AttentionMetadataBuilder):
    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):
        cm = common_attn_metadata
        self.seq_buf[:4] = (
            cm.seq_lens
            + 1
        ).clamp_(min=0)
        torch.add(
            cm.query_start_loc,
            1,
            out=self.qsl_buf,
        )
        self.slot_buf.view(
            -1
        ).copy_(cm.slot_mapping)
        self.table_buf[
            :4
        ] = cm.block_table_tensor
"""


def test_a_write_in_a_statement_over_several_lines_is_at_its_own_line(tmp_path):
    """The line of the method's name, of `out=`, of the subscript stored into; not the line the
    statement starts on."""
    tree = write_tree(tmp_path / "head", {"vllm/toy/lines.py": LINES})
    doc = json.loads(scan("--vllm-src", tree, "--format", "json").stdout)
    assert [(f["line"], f["op"], f["receiver"]) for f in doc["findings"]] == [
        (7, "[]=", "self.seq_buf"), (14, "out=", "self.qsl_buf"), (18, "copy_", "self.slot_buf.view(-1)"),
        (19, "[]=", "self.table_buf"), (10, "clamp_", "cm.seq_lens + 1")]  # the one fresh write last
    assert doc["findings"][-1]["statement"] == "self.seq_buf[:4] = (cm.seq_lens + 1).clamp_(min=0)"


RENAMED_BASE = """\
class DraftSpeculator:
    def _build_draft_attn_metadata(self, num_reqs, seq_lens, step):
        out = torch.zeros(8)
        torch.add(seq_lens[:num_reqs], step, out=out[:num_reqs])
        out[:num_reqs].clamp_(max=self.max_model_len)
        return out

    def _old_limit(self, t):
        t.clamp_(max=8)
"""
RENAMED_HEAD = """\
class DraftSpeculator:
    def _build_attn_metadata(self, num_reqs, seq_lens, step):
        # the draft's own bounds
        out = torch.zeros(8)
        torch.add(seq_lens[:num_reqs], step, out=out[:num_reqs])
        out[:num_reqs].clamp_(
            max=self.max_model_len,  # capped
        )
        return out

    def _new_limit(self, t):
        t.clamp_(max=16)
"""
COPIED_BASE = """\
class DraftSpeculator:
    def propose(self, positions):
        positions.clamp_(min=0)
"""
COPIED_HEAD = COPIED_BASE + """\

    def propose_again(self, positions):
        positions.clamp_(min=0)
"""


def test_a_write_in_a_renamed_function_is_not_new(tmp_path):
    """Same file, same statement (spelt over other lines, with a comment) in a renamed
    function: moved, not new. A renamed function whose statement changed: new. A copy into a
    new function beside the old one, which keeps its write: new."""
    base = write_tree(tmp_path / "base", {"vllm/a/speculator.py": RENAMED_BASE, "vllm/b/speculator.py": COPIED_BASE})
    head = write_tree(tmp_path / "head", {"vllm/a/speculator.py": RENAMED_HEAD, "vllm/b/speculator.py": COPIED_HEAD})
    doc = json.loads(scan("--vllm-src", head, "--since", base, "--format", "json").stdout)
    assert [(f["file"], f["line"], f["function"], f["new"], f.get("moved_from")) for f in doc["findings"]] == [
        ("vllm/a/speculator.py", 12, "DraftSpeculator._new_limit", True, None),
        ("vllm/b/speculator.py", 3, "DraftSpeculator.propose", False, None),
        ("vllm/b/speculator.py", 6, "DraftSpeculator.propose_again", True, None),
        ("vllm/a/speculator.py", 6, "DraftSpeculator._build_attn_metadata", False,  # fresh: last
         "DraftSpeculator._build_draft_attn_metadata")]
    text = scan("--vllm-src", head, "--since", base).stdout
    assert "vllm/a/speculator.py:6  DraftSpeculator._build_attn_metadata  clamp_ on out[:num_reqs]  " \
           "[derived of argument seq_lens]  no suite  (was DraftSpeculator._build_draft_attn_metadata)\n" in text


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


def _scan_wheel(version, since=None):
    """The JSON of a scan of release VERSION's wheel, with --since SINCE when given (skips
    without the upstream setup)."""
    state, reason = upstream_state()
    if state is None:
        pytest.skip(reason)
    for release in filter(None, (version, since)):
        source.fetch_wheel(release)
    proc = scan("--vllm-version", version, *(["--since", since] if since else []), "--format", "json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_0270_lists_the_seven_sites_and_the_compressor():
    doc = _scan_wheel(source.AFTER_PR)
    from clampbench_scripts.upstream.sites.registry import SITES
    covered = {f["covered_by"] for f in doc["findings"] if f["op"] == "clamp_"}
    # sparse_mla_step runs sparse_mla_slot_mapping's builder (twice): its clamp_ line is listed
    # under the first site holding it.
    # static_sink has no clamp: its two stores into seq_lens are covered (test_0340_the_static_sink_...)
    assert covered >= set(SITES) - {"sparse_mla_step", "static_sink"}, set(SITES) - covered
    step = [f["covered_by"] for f in doc["findings"] if (f["file"], f["line"], f["op"]) ==
            ("vllm/models/deepseek_v4/sparse_mla.py", 212, "clamp_")]
    assert step == ["sparse_mla_slot_mapping"], step
    compressor = [f for f in doc["findings"] if f["file"] == "vllm/models/deepseek_v4/compressor.py"]
    assert [(f["line"], f["function"], f["op"], f["reach"], f["origin"], f["covered_by"]) for f in compressor] == [
        (142, "CompressorMetadataBuilder.build", "clamp_", "alias", "cm.block_table_tensor", "compressor_block_table")]


@pytest.fixture(scope="module")
def newest_since_0270():
    """{(file, line, op): finding} of the newest release's scan with --since 0.27.0 (one scan
    for the tests that read it)."""
    doc = _scan_wheel(source.NEWEST_CHECKED, since=source.AFTER_PR)
    return {(f["file"], f["line"], f["op"]): f for f in doc["findings"]}


def test_0340_lists_deepseek_v41s_clamp_as_new(newest_since_0270):
    table = {(file, line): f for (file, line, op), f in newest_since_0270.items()
             if op == "clamp_" and f["origin"] == "cm.block_table_tensor"}
    assert sorted((k, f["new"], f["covered_by"]) for k, f in table.items()) == [
        (("vllm/models/deepseek_v4/compressor.py", 126), False, "compressor_block_table"),
        (("vllm/models/deepseek_v4/sparse_mla.py", 201), False, "sparse_mla_slot_mapping"),
        (("vllm/models/deepseek_v41/sparse_mla.py", 233), True, "sparse_mla_slot_mapping@deepseek_v41")]


def test_0340_finds_whisper_causals_builder_made_by_a_factory(newest_since_0270):
    """vllm/model_executor/models/whisper_causal.py defines its pooled builder inside
    create_whisper_attention_backend_with_block_pooling: six writes into its own buffers."""
    builder = ("create_whisper_attention_backend_with_block_pooling.<locals>."
               "WhisperCausalAttentionWithBlockPoolingBuilder.build")
    found = sorted((line, op, f["receiver"], f["origin"]) for (file, line, op), f in newest_since_0270.items()
                   if file == "vllm/model_executor/models/whisper_causal.py" and f["function"] == builder)
    assert found == [(220, "copy_", "qsl_buf", "self._qsl_buf"), (221, "mul_", "qsl_buf", "self._qsl_buf"),
                     (228, "copy_", "seq_buf", "self._seq_buf"), (229, "mul_", "seq_buf", "self._seq_buf"),
                     (239, "copy_", "slot_buf.view(m, block_pool_size)", "self._slot_buf"),
                     (242, "clamp_", "slot_buf", "self._slot_buf")]


def test_0340_a_write_of_a_renamed_function_is_not_new(newest_since_0270):
    """0.27.0's DraftModelSpeculator._build_draft_attn_metadata is 0.34.0's
    _build_attn_metadata, its clamp_ unchanged."""
    f = newest_since_0270[("vllm/v1/worker/gpu/spec_decode/speculator.py", 508, "clamp_")]
    assert (f["function"], f["new"], f["moved_from"]) == (
        "DraftModelSpeculator._build_attn_metadata", False, "DraftModelSpeculator._build_draft_attn_metadata")


def test_0340_a_write_is_at_its_own_line(newest_since_0270):
    """indexer.py's `seq_lens_buffer[:] = (...).clamp_(min=0)` starts at line 1302; its clamp_
    is at 1307, the store at 1302."""
    indexer = "vllm/v1/attention/backends/mla/indexer.py"
    clamp, store = newest_since_0270[(indexer, 1307, "clamp_")], newest_since_0270[(indexer, 1302, "[]=")]
    assert clamp["function"] == store["function"] == "DeepseekV32IndexerMetadataBuilder._prepare_decode_tensors"
    assert (indexer, 1302, "clamp_") not in newest_since_0270
    assert store["statement"] == clamp["statement"] and store["statement"].endswith(".clamp_(min=0)")


def test_0340_the_static_sink_builders_masked_store_and_the_classes(newest_since_0270):
    """static_sink_attention.py's build stores into the shared seq_lens twice, `seq_lens[:] =
    seq_lens + sink_len` (86) and the masked `seq_lens[seq_lens == sink_len] = 0` (89), both in
    0.27.0 too: hazards, covered by the static_sink site (sites/static_sink.py). The
    triton builder's capture writes `attn_metadata.seq_lens` of its own build, which
    `TritonAttentionMetadata(seq_lens=seq_lens)` hands back from the metadata itself: followed
    into `self.build()`, a hazard (with its stated reason: capture only). GDN's
    `torch.diff(...).sub_(1)` writes a fresh tensor."""
    sink = "vllm/model_executor/layers/attention/static_sink_attention.py"
    stores = [newest_since_0270[(sink, line, "[]=")] for line in (86, 89)]
    assert [(f["receiver"], f["origin"], f["class"], f["new"]) for f in stores] == [
        ("common_attn_metadata.seq_lens", "cm.seq_lens", "hazard", False)] * 2
    assert stores[1]["statement"] == \
        "common_attn_metadata.seq_lens[common_attn_metadata.seq_lens == self.sink_len] = 0"
    assert {f["covered_by"] for f in stores} == {"static_sink"}
    capture = newest_since_0270[("vllm/v1/attention/backends/triton_attn.py", 230, "fill_")]
    assert (capture["class"], capture["origin"], capture["through"]) == ("hazard", "cm.seq_lens", "")
    assert capture["reason"].startswith("capture only:") and "input_batch.py:366-384" in capture["reason"]
    diff = newest_since_0270[("vllm/v1/attention/backends/gdn_attn.py", 827, "sub_")]
    assert (diff["class"], diff["origin"], diff["new"]) == ("fresh", "cm.query_start_loc_cpu", True)


def test_an_output_that_is_a_directory_is_refused_before_the_scan(tmp_path):
    proc = scan("--vllm-src", ".", "--out", tmp_path)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "is a directory" in proc.stderr, proc.stderr


def test_strict_fails_on_a_hazard_with_neither_a_suite_nor_a_reason(tmp_path):
    tree = write_tree(tmp_path / "head", {"vllm/toy/builder.py": BUILDER})
    proc = scan("--vllm-src", tree, "--strict")
    assert proc.returncode == 1, proc.stderr
    unanswered = [line for line in proc.stderr.splitlines() if "--strict: hazard with neither" in line]
    assert len(unanswered) == sum(e[-1] == "hazard" for e in EXPECTED), proc.stderr
    assert "vllm/toy/builder.py:14 ToyMetadataBuilder.build clamp_ on common_attn_metadata.block_table_tensor" in proc.stderr
    assert "hazards: the tensor written" in proc.stdout  # the list is still written
    fresh_only = scan("--vllm-src", tree, "--strict", "--class", "fresh")
    assert fresh_only.returncode == 0, fresh_only.stderr  # only the listed findings are judged


def test_0340_strict_passes_on_the_cm_writes_with_no_unknown_left():
    state, reason = upstream_state()
    if state is None:
        pytest.skip(reason)
    source.fetch_wheel(source.NEWEST_CHECKED)
    proc = scan("--vllm-version", source.NEWEST_CHECKED, "--origin", "cm", "--strict", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    hazards = [f for f in json.loads(proc.stdout)["findings"] if f["class"] == "hazard"]
    assert all(f["covered_by"] or f["reason"] for f in hazards), hazards
    assert not [f for f in json.loads(proc.stdout)["findings"] if f["class"] == "unknown"]
    rocm = [f for f in hazards if f["file"] == "vllm/v1/attention/backends/rocm_attn.py"]
    assert [(f["op"], f["covered_by"]) for f in rocm] == [("fill_", None), ("zero_", None)]
    assert "model_runner.py:1539-1540" in rocm[1]["reason"]
    # build_for_cudagraph_capture's fill_(1) of what self.build() returns, in four builders (two
    # of them inheriting rocm_attn's build): the runner's seq_lens, each with its stated reason
    captures = {f["file"].rsplit("/", 1)[-1] for f in hazards if f["op"] == "fill_"}
    assert captures == {"triton_attn.py", "rocm_attn.py", "rocm_aiter_unified_attn.py", "turboquant_attn.py"}
