# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The latent-write recorder of upstream.py compare on hand-made tensors: which aten writes it
sees (in-place methods, out=, a sliced store), what it counts, and what it leaves alone."""
import pytest

torch = pytest.importorskip("torch")

from clampbench_scripts.upstream.branches.dispatch_writes import WriteRecorder, storage_key  # noqa: E402


def recorder_for(**buffers):
    """A recorder watching `buffers` (name -> tensor), the first name of a storage winning."""
    watched = {}
    for name, t in buffers.items():
        watched.setdefault(storage_key(t), name)
    return WriteRecorder(watched)


def test_a_clamp_on_a_view_is_named_by_the_first_buffer_and_counted():
    base = torch.tensor([[-1, 2, 3, 4], [5, -1, -1, 8], [9, 9, 9, 9]], dtype=torch.int32)
    table = base[:2]
    rec = recorder_for(block_table=table, block_table_base=base)
    with rec:
        table.clamp_(min=0)
    (write,) = rec.writes.values()
    assert (write.buffer, write.op, write.calls) == ("block_table", "clamp_", 1)
    assert (write.elements_written, write.elements_changed) == (8, 3)
    assert write.view == "[2, 4] strides [4, 1] offset 0"
    assert rec.events == [], "an in-place op allocates nothing"


def test_a_write_that_changes_nothing_is_still_a_write():
    table = torch.zeros(3, 5, dtype=torch.int32)
    rec = recorder_for(block_table=table)
    with rec:
        table.clamp_(min=0)
        table.clamp_(min=0)
    (write,) = rec.writes.values()
    assert (write.calls, write.elements_written, write.elements_changed) == (2, 30, 0)


def test_out_sliced_stores_and_masked_fills():
    seq_lens = torch.arange(6)
    other = torch.ones(4)
    rec = recorder_for(seq_lens=seq_lens)
    with rec:
        torch.add(seq_lens, 1, out=seq_lens)  # out=: the written argument is keyword-only
        seq_lens[1:3] = 7  # the copy (fill) behind a sliced store
        seq_lens.masked_fill_(seq_lens > 6, 0)
        other.mul_(2)  # not a watched buffer
        fresh = seq_lens * 2  # an allocation, no write
    ops = {op: (w.elements_written, w.elements_changed) for (_, op), w in rec.writes.items()}
    assert ops == {"add": (6, 6), "fill_": (2, 2), "masked_fill_": (2, 2)}, rec.writes
    assert {name for name, _ in rec.writes} == {"seq_lens"}
    assert len(rec.events) == 2 and fresh.shape == (6,)  # the mask and the product


def test_a_write_names_the_line_of_vllms_code_that_made_it():
    """The innermost frame of a file under a `vllm/` package, wherever the tree was unpacked:
    the line a maintainer opens (`written at vllm/...py:LINE` in the results)."""
    table = torch.tensor([-1, 2], dtype=torch.int32)
    rec = recorder_for(block_table=table)
    ns = {}
    exec(compile("def build(t):\n    x = 1\n    t.clamp_(min=0)\n", "/tmp/tree/vllm/v1/sparse.py", "exec"), ns)
    with rec:
        ns["build"](table)
    (write,) = rec.writes.values()
    assert write.where == "vllm/v1/sparse.py:3"
