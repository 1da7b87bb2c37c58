# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Sites 1a, 1b and 4: the mamba builders, op for op as vLLM writes them.

vllm/v1/attention/backends/mamba_attn.py
  BaseMambaAttentionMetadataBuilder._compute_prefix_caching_block_indices   (1a)
  BaseMambaAttentionMetadataBuilder._compute_common_metadata, the
    `fallback = torch.clamp((num_computed_tokens - 1) // mamba_block_size, min=0)` branch (1b)
vllm/v1/attention/backends/utils.py
  mamba_get_block_table_tensor, mamba_cache_mode == "align"                 (4)
"""

import torch

from .common import CLAMP, CLAMP_, Result, SuiteReference, cdiv, clamp_as


def prefix_caching_block_indices(variant, params, inputs):
    num_computed_tokens = inputs["num_computed_tokens"]
    seq_lens = inputs["seq_lens"]
    mamba_block_size = params["B"]
    # Block index of the last computed token
    block_idx_last_computed_token = cdiv(num_computed_tokens, mamba_block_size) - 1
    # which is <= block index for the first scheduled token
    block_idx_first_scheduled_token = cdiv(num_computed_tokens + 1, mamba_block_size) - 1
    # which is <= block index of the last scheduled token
    block_idx_last_scheduled_token = cdiv(seq_lens, mamba_block_size) - 1
    # -1 in case it's non-computed, and -1 for padded requests (0 seq-len)
    block_idx_last_computed_token = clamp_as(variant, block_idx_last_computed_token, min=0)
    block_idx_last_scheduled_token = clamp_as(variant, block_idx_last_scheduled_token, min=0)
    return Result(
        outputs={
            "block_idx_last_computed_token": block_idx_last_computed_token,
            "block_idx_first_scheduled_token": block_idx_first_scheduled_token,
            "block_idx_last_scheduled_token": block_idx_last_scheduled_token,
        },
        inputs_after=inputs,
    )


def fallback(variant, params, inputs):
    num_computed_tokens = inputs["num_computed_tokens"]
    prev_last_scheduled_idx = inputs["prev_last_scheduled_idx"]
    mamba_block_size = params["B"]
    fallback = clamp_as(variant, (num_computed_tokens - 1) // mamba_block_size, min=0)
    block_idx_last_scheduled_token_prev_step = torch.where(
        prev_last_scheduled_idx >= 0, prev_last_scheduled_idx, fallback
    )
    return Result(
        outputs={"block_idx_last_scheduled_token": block_idx_last_scheduled_token_prev_step},
        inputs_after=inputs,
    )


def get_block_table_tensor(variant, params, inputs):
    block_table = inputs["block_table"]
    seq_lens = inputs["seq_lens"]
    block_size, num_speculative_blocks = params["B"], params["S"]
    # NOTE: For 0-length requests in CUDA graph, use a start_index of 0
    start_indices = clamp_as(variant, (seq_lens - 1) // block_size, min=0)
    offsets = torch.arange(1 + num_speculative_blocks, device=block_table.device, dtype=torch.int32)
    indices_to_gather = (start_indices.unsqueeze(1) + offsets).to(torch.int64)
    return Result(
        outputs={"block_table": torch.gather(block_table, 1, indices_to_gather)},
        inputs_after=inputs,
    )


SUITES = [
    SuiteReference(
        "mamba_prefix_caching",
        "vllm/v1/attention/backends/mamba_attn.py: _compute_prefix_caching_block_indices",
        (CLAMP, CLAMP_),
        prefix_caching_block_indices,
    ),
    SuiteReference(
        "mamba_fallback",
        "vllm/v1/attention/backends/mamba_attn.py: _compute_common_metadata (spec-decode fallback)",
        (CLAMP, CLAMP_),
        fallback,
    ),
    SuiteReference(
        "mamba_block_table",
        "vllm/v1/attention/backends/utils.py: mamba_get_block_table_tensor (align)",
        (CLAMP, CLAMP_),
        get_block_table_tensor,
    ),
]
