# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The torch references on small hand-made inputs with answers worked out by hand: they
must be right on their own before they can judge the C++ port. No binary needed."""

import pytest

from conftest import torch_skip_reason

if torch_skip_reason():
    pytest.skip(torch_skip_reason(), allow_module_level=True)

import torch  # noqa: E402

from reference import REFERENCES  # noqa: E402
from reference.common import cdiv  # noqa: E402
from reference.ngram import update_token_ids_ngram  # noqa: E402

i32 = lambda v: torch.tensor(v, dtype=torch.int32)  # noqa: E731
i64 = lambda v: torch.tensor(v, dtype=torch.int64)  # noqa: E731


def run_both(suite, params, inputs, variants=("clamp", "clamp_")):
    """Runs each variant on its own copy; both must agree. Returns clamp's result."""
    results = []
    for v in variants:
        copy = {k: t.clone() for k, t in inputs.items()}
        ref = REFERENCES[suite]
        if ref.prepare:
            copy = ref.prepare(params, copy)
        results.append(ref.run(v, params, copy))
    for name, t in results[0].outputs.items():
        assert t.dtype == results[1].outputs[name].dtype and torch.equal(t, results[1].outputs[name]), name
    return results


def test_cdiv_is_minus_floor_of_minus():
    assert cdiv(i32([0, 1, 256, 257]), 256).tolist() == [0, 1, 1, 2]
    assert cdiv(i32([0, 1, 256, 257]), 256).dtype == torch.int32
    assert cdiv(7, 2) == 4 and cdiv(-1, 256) == 0


def test_mamba_prefix_caching_by_hand():
    inputs = {"num_computed_tokens": i32([0, 256, 255, 300]), "seq_lens": i32([10, 257, 256, 0])}
    clamp, clamp_ = run_both("mamba_prefix_caching", {"B": 256}, inputs)
    out = clamp.outputs
    assert out["block_idx_last_computed_token"].tolist() == [0, 0, 0, 1]
    assert out["block_idx_first_scheduled_token"].tolist() == [0, 1, 0, 1]
    assert out["block_idx_last_scheduled_token"].tolist() == [0, 1, 0, 0]
    assert clamp_.inputs_after["seq_lens"].tolist() == [10, 257, 256, 0]  # inputs untouched


def test_mamba_fallback_by_hand():
    inputs = {"num_computed_tokens": i32([0, 257, 100]), "prev_last_scheduled_idx": i32([-1, -1, 3])}
    clamp, _ = run_both("mamba_fallback", {"B": 256}, inputs)
    assert clamp.outputs["block_idx_last_scheduled_token"].tolist() == [0, 1, 3]


def test_mamba_block_table_by_hand():
    table = i32([[10, 11, 12], [20, 21, 22], [30, 31, 32]])
    inputs = {"block_table": table, "seq_lens": i32([0, 256, 257])}
    clamp, _ = run_both("mamba_block_table", {"B": 256, "S": 1}, inputs)
    assert clamp.outputs["block_table"].tolist() == [[10, 11], [20, 21], [31, 32]]
    assert clamp.outputs["block_table"].dtype == torch.int32


def test_ngram_find_by_hand():
    tokens = i32([[1, 2, 3, 1, 2, 0, 0, 0], [5, 5, 5, 5, 5, 5, 5, 5], [4, 0, 0, 0, 0, 0, 0, 0]])
    inputs = {"token_ids": tokens, "seq_lengths": i32([5, 8, 1])}
    clamp, _ = run_both("ngram_find", {"ngram_range": 1, "K": 3}, inputs)  # n in 2..5
    # Row 0: "1 2" recurs at 0, drafts follow it; row 1: the longest n (5) matches at 0, drafts
    # 5 5 5 (positions 5..7 < 8); row 2 is shorter than any n: no match.
    assert clamp.outputs["draft_tokens"].tolist() == [[3, 1, 2], [5, 5, 5], [-1, -1, -1]]


def test_ngram_propose_by_hand():
    tokens = torch.zeros(2, 6, dtype=torch.int32)
    inputs = {"token_ids": tokens, "num_tokens_no_spec": i32([2, 5]),
              "valid_sampled_token_ids": i32([[7, -1, 9], [8, 9, 10]]), "valid_sampled_tokens_count": i32([3, 3])}
    clamp, _ = run_both("ngram_propose", {}, inputs)
    # Row 0: the -1 is skipped; row 1: only position 5 is in bounds.
    assert clamp.outputs["token_ids"].tolist() == [[0, 0, 7, 0, 9, 0], [0, 0, 0, 0, 0, 8]]
    assert clamp.outputs["num_tokens_tmp"].tolist() == [5, 8]


def test_ngram_update_by_hand_and_the_naive_hazard():
    token_ids = i32([[3, 4, 5, 0], [6, 7, 0, 0], [8, 0, 0, 0]])
    args = (token_ids, i32([3, 2, 0]), torch.tensor([False, False, True]), i32([[11, 12, -1], [-1, -1, -1], [13, 14, 15]]))
    good, count, valid_ids, backup = update_token_ids_ngram("clamp_", *[a.clone() for a in args])
    assert backup.tolist() == [5, 7, 8] and count.tolist() == [2, 0, 0]
    assert valid_ids[2].tolist() == [-1, -1, -1]  # discarded
    assert good.tolist() == [12, 7, 8]
    assert update_token_ids_ngram("clamp", *[a.clone() for a in args])[0].tolist() == [12, 7, 8]
    assert update_token_ids_ngram("clamp_naive", *[a.clone() for a in args])[0].tolist() == [12, -1, -1]


def test_mla_chunked_context_by_hand():
    inputs = {"context_lens": i32([70000, 10])}
    clamp, _ = run_both("mla_chunked_context", {"D": 1, "I": 1}, inputs)
    out = clamp.outputs
    # Two prefills with context share 65536: chunks of 32768, three of them.
    assert out["chunk_starts"].tolist() == [[0, 0], [32768, 32768], [65536, 65536]]
    assert out["seq_lens"].tolist() == [[32768, 10], [32768, 0], [4464, 0]]
    assert out["cu_seq_lens"].tolist() == [[0, 32768, 32778], [0, 32768, 32768], [0, 4464, 4464]]
    assert out["seq_tot"].dtype == torch.int64 and out["seq_tot"].tolist() == [32778, 32768, 4464]
    assert out["max_seq_lens"].tolist() == [32768, 32768, 4464]
    t2s = out["token_to_seq"]
    assert t2s.shape == (3, 32778) and t2s.dtype == torch.int32
    assert t2s[0, 32768:].tolist() == [1] * 10 and int(t2s[0, :32768].sum()) == 0
    assert int(t2s[1:].sum()) == 0  # vLLM leaves the tail of a shorter chunk at 0


def test_mla_chunked_context_dcp_by_hand():
    inputs = {"context_lens": i32([100, 0, 33])}
    clamp, _ = run_both("mla_chunked_context", {"D": 2, "I": 16}, inputs)
    out = clamp.outputs
    # One chunk of 32768 (two prefills with context); local lengths cdiv(c, 32) * 16.
    assert out["local_seq_lens"].tolist() == [[64, 0, 32]]
    assert out["local_cu_seq_lens"].tolist() == [[0, 64, 64, 96]]
    assert out["seq_tot"].tolist() == [96] and out["max_seq_lens"].tolist() == [100]
    assert out["chunk_starts"].tolist() == [[0, 0, 0]]


def test_rocm_aiter_fa_chunks_by_hand():
    inputs = {"computed_kv_lens": i32([20000, 5])}
    clamp, _ = run_both("rocm_aiter_fa_chunks", {}, inputs)
    out = clamp.outputs
    assert out["seq_lens"].tolist() == [[16384, 5], [3616, 0]]
    t2b = out["token_to_batch"]
    assert t2b.dtype == torch.int64 and t2b.shape == (2, 16389)
    assert t2b[0, 16383].item() == 0 and t2b[0, 16384:].tolist() == [1] * 5
    assert t2b[1, 3615].item() == 0 and t2b[1, 3616:].unique().tolist() == [2]  # cumsum form: tail = E


def test_step3p5_slot_mapping_by_hand():
    # N = 4 blocks of 16 (max_model_len 64); two requests, K = 3 (two draft steps).
    positions = i64([[10, 62], [11, 63], [12, 64]])
    tables = i32([[[5, 6, 7, 8], [1, 2, 3, 4]]])
    slots = torch.full((1, 10), 99, dtype=torch.int64)
    inputs = {"positions": positions, "block_tables": tables, "slot_mappings": slots}
    clamp, _ = run_both("step3p5_slot_mapping", {"bs": 16}, inputs)
    # Last step: request 0 at 12 -> block 5, slot 5*16+12; request 1 at 64: block 4 clamped to 3,
    # and masked because its old position 63 + 1 reaches max_model_len. Tail to 8 padded.
    assert clamp.outputs["slot_mappings"].tolist() == [[92, -1, -1, -1, -1, -1, -1, -1, 99, 99]]


def test_sparse_mla_by_hand_and_the_in_place_hazard():
    base = i32([[7, -1, 9], [-1, -1, -1], [4, 4, 4]])  # row 1: padding; row 2: past the view
    inputs = {"block_table_base": base, "block_table": base[:2].clone(),
              "query_start_loc": i32([0, 4, 4]), "seq_lens": i32([8, 0]),
              "compressed_slot_mapping": torch.full((6,), 5, dtype=torch.int64)}
    clamp, clamp_ = run_both("sparse_mla_slot_mapping", {"R": 2, "ratio": 4}, inputs)
    # Positions 4..7: only 7 closes a window of 4; compressed position 1 in block column 0.
    assert clamp.outputs["compressed_slot_mapping"].tolist() == [-1, -1, -1, 7 * 256 + 1, -1, -1]
    assert clamp.inputs_after["block_table_base"].tolist() == base.tolist()
    assert clamp_.inputs_after["block_table_base"].tolist() == [[7, 0, 9], [0, 0, 0], [4, 4, 4]]
    assert clamp_.inputs_after["block_table"].tolist() == [[7, 0, 9], [0, 0, 0]]
