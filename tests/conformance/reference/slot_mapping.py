# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Sites 6 and 7: slot mappings, op for op as vLLM writes them.

vllm/v1/spec_decode/step3p5.py
  Step3p5MTPProposer._update_positions_dependent_metadata, non-primary groups   (6)
vllm/v1/attention/backends/mla/flashmla_sparse.py (DeepSeek V4 builder) ->
  vllm/v1/attention/backends/mla/compressor_utils.py get_compressed_slot_mapping (7)
  (a Triton kernel in vLLM; here its arithmetic per request row, in torch)
"""

import torch

from .common import CLAMP, CLAMP_, Result, SuiteReference, clamp_as

PADDING_SLOT_ID = -1
SPARSE_MLA_STORAGE_BLOCK_SIZE = 256  # suites/detail/sparse_mla_slot_mapping.h


def round_up(x, m):
    return (x + m - 1) // m * m


def step3p5_slot_mapping(variant, params, inputs):
    positions = inputs["positions"]  # [K, B]: row s = the draft positions at step s
    block_tables = inputs["block_tables"]  # [G, R, N]
    slot_mappings = inputs["slot_mappings"]  # [G, T]: each group's persistent buffer
    block_size = params["bs"]
    batch_size = positions.shape[1]
    # The C++ suite's model: max_model_len = N * bs, input_batch_size = B padded to 8.
    max_model_len = block_tables.shape[2] * block_size
    input_batch_size = round_up(batch_size, 8)
    for step in range(1, positions.shape[0]):
        old_positions_1d = positions[step - 1]
        new_positions_1d = positions[step]
        exceeds = old_positions_1d + 1 >= max_model_len
        for gid in range(block_tables.shape[0]):
            block_table = block_tables[gid]
            n_blocks = block_table.shape[1]
            bn = clamp_as(variant, new_positions_1d // block_size, max=n_blocks - 1).to(torch.long)
            block_ids = block_table[:batch_size].gather(1, bn.unsqueeze(1)).squeeze(1)
            sm = block_ids * block_size + (new_positions_1d % block_size)
            sm.masked_fill_(exceeds, PADDING_SLOT_ID)
            buf = slot_mappings[gid]
            buf[:batch_size].copy_(sm)
            if input_batch_size > batch_size:
                buf[batch_size:input_batch_size].fill_(PADDING_SLOT_ID)
    return Result(outputs={"slot_mappings": slot_mappings}, inputs_after=inputs)


def get_compressed_slot_mapping(num_tokens, query_start_loc, seq_lens, block_table, block_size,
                                compress_ratio, out):
    """The Triton kernel's arithmetic, one request row at a time."""
    out.fill_(-1)  # the whole tensor, not just the first num_tokens
    slot_mapping = out[:num_tokens]
    for batch_idx in range(block_table.shape[0]):
        query_start = int(query_start_loc[batch_idx])
        query_len = int(query_start_loc[batch_idx + 1]) - query_start
        if query_len <= 0:
            continue
        start_pos = int(seq_lens[batch_idx]) - query_len
        pos = start_pos + torch.arange(query_len, dtype=torch.int64, device=out.device)
        is_valid = (pos + 1) % compress_ratio == 0
        pos_after_compress = pos // compress_ratio
        block_ids = pos_after_compress // block_size
        # Masked load: only valid lanes read the table.
        block_numbers = torch.zeros(query_len, dtype=torch.int64, device=out.device)
        block_numbers[is_valid] = block_table[batch_idx, block_ids[is_valid]].to(torch.int64)
        slot_ids = block_numbers * block_size + pos_after_compress % block_size
        slot_ids = torch.where(is_valid, slot_ids, torch.full_like(slot_ids, -1))
        slot_mapping[query_start:query_start + query_len] = slot_ids
    return out


def prepare_sparse_mla(params, inputs):
    """block_table is a view of the runner's table (its first R rows), as in the C++ case:
    rebuild that aliasing so that clamp_ rewrites block_table_base too."""
    prepared = dict(inputs)
    base = inputs["block_table_base"]
    view = base[: params["R"]]
    if not torch.equal(view, inputs["block_table"]):
        raise AssertionError("dumped block_table is not the first R rows of block_table_base")
    prepared["block_table"] = view
    return prepared


def sparse_mla_slot_mapping(variant, params, inputs):
    block_table = inputs["block_table"]
    out = inputs["compressed_slot_mapping"]
    query_start_loc = inputs["query_start_loc"]
    table = clamp_as(variant, block_table, min=0)
    get_compressed_slot_mapping(int(query_start_loc[-1]), query_start_loc, inputs["seq_lens"], table,
                                SPARSE_MLA_STORAGE_BLOCK_SIZE, params["ratio"], out)
    return Result(outputs={"compressed_slot_mapping": out}, inputs_after=inputs)


SUITES = [
    SuiteReference("step3p5_slot_mapping",
                   "vllm/v1/spec_decode/step3p5.py: Step3p5MTPProposer._update_positions_dependent_metadata",
                   (CLAMP, CLAMP_), step3p5_slot_mapping),
    SuiteReference("sparse_mla_slot_mapping",
                   "vllm/v1/attention/backends/mla/compressor_utils.py: get_compressed_slot_mapping "
                   "(after block_table.clamp[_](min=0) in the DeepSeek V4 sparse MLA builder)",
                   (CLAMP, CLAMP_), sparse_mla_slot_mapping, prepare=prepare_sparse_mla),
]
