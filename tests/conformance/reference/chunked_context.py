# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Sites 3 and 5: chunked-context planning on host tensors, op for op as vLLM writes it.

vllm/model_executor/layers/attention/mla_attention.py
  build_mla_chunked_context_metadata (MLACommonMetadataBuilder.build before the split)   (3)
vllm/v1/attention/backends/rocm_aiter_fa.py
  AiterFlashAttentionMetadataBuilder.build, the extend path's chunk_context_metadata     (5)
"""

import torch

from .common import CLAMP, CLAMP_, Result, SuiteReference, cdiv, clamp_as

# Constants of the C++ suites that are not manifest params.
MLA_WORKSPACE = 65536  # chunked_prefill_workspace_size (suites/mla_chunked_context.cpp kWorkspace)
MLA_BLOCK_SIZE = 64  # kv cache block size (kBlockSize)
ROCM_TOKENS_PER_ITER = 32 * 1024  # _CP_TOKENS_PER_ITER_ROCM


def round_down(x, m):
    return x // m * m


def _chunk_plan(variant, lens, num_chunks, chunk):
    """chunk_starts / chunk_seq_lens / cu_seq_lens as the MLA builder spells them."""
    num_prefills = lens.shape[0]
    starts = torch.empty(num_chunks, num_prefills, dtype=torch.int32).copy_(
        torch.arange(num_chunks, dtype=torch.int32).multiply_(chunk).unsqueeze(1))
    ends = torch.min(lens.unsqueeze(0), starts + chunk)
    seq_lens = clamp_as(variant, ends - starts, min=0)
    cu = torch.zeros(num_chunks, num_prefills + 1, dtype=torch.int32)
    torch.cumsum(seq_lens, dim=1, out=cu[:, 1:], dtype=torch.int32)
    return starts, seq_lens, cu


def mla_chunked_context(variant, params, inputs):
    context_lens_cpu = inputs["context_lens"]
    dcp_world_size, dcp_local_block_size = params["D"], params["I"]
    dcp_virtual_block_size = dcp_local_block_size * dcp_world_size
    num_prefills = context_lens_cpu.shape[0]

    max_context_len = context_lens_cpu.max().item()
    assert max_context_len > 0, "vLLM returns no chunked-context metadata here"
    num_prefills_with_context = int((context_lens_cpu > 0).sum().item())
    max_context_chunk = round_down(MLA_WORKSPACE // num_prefills_with_context, MLA_BLOCK_SIZE)
    assert max_context_chunk > 0
    num_chunks = cdiv(max_context_len, max_context_chunk)

    chunk_starts, chunk_seq_lens, cu_seq_lens_cpu = _chunk_plan(variant, context_lens_cpu, num_chunks,
                                                                max_context_chunk)
    chunk_total_token = cu_seq_lens_cpu[:, -1]
    max_tokens_over_chunk = chunk_total_token.max().item()
    token_to_seq_cpu = torch.zeros((num_chunks, max_tokens_over_chunk), dtype=torch.int32)
    req_indices = torch.arange(num_prefills, dtype=torch.int32)
    for i in range(num_chunks):
        token_to_seq = torch.repeat_interleave(req_indices, chunk_seq_lens[i])
        token_to_seq_cpu[i, : token_to_seq.shape[0]] = token_to_seq

    starts, seq_tot = chunk_starts, chunk_seq_lens.sum(dim=1)
    local_seq_lens, local_cu = chunk_seq_lens, cu_seq_lens_cpu  # one rank: local == global
    if dcp_world_size > 1:
        padded_local_context_lens_cpu = cdiv(context_lens_cpu, dcp_virtual_block_size) * dcp_local_block_size
        assert max_context_chunk % dcp_world_size == 0
        padded_local_max_context_chunk = cdiv(max_context_chunk, dcp_virtual_block_size) * dcp_local_block_size
        starts, local_seq_lens, local_cu = _chunk_plan(variant, padded_local_context_lens_cpu, num_chunks,
                                                       padded_local_max_context_chunk)
        seq_tot = local_seq_lens.sum(dim=1)
    return Result(outputs={
        "chunk_starts": starts,
        "cu_seq_lens": cu_seq_lens_cpu,
        "seq_lens": chunk_seq_lens,
        "token_to_seq": token_to_seq_cpu,
        "seq_tot": seq_tot,
        "max_seq_lens": chunk_seq_lens.max(dim=1).values,
        "local_seq_lens": local_seq_lens,
        "local_cu_seq_lens": local_cu,
    }, inputs_after=inputs)


def rocm_aiter_fa_chunks(variant, params, inputs):
    computed_kv_lens = inputs["computed_kv_lens"]
    num_extends = computed_kv_lens.shape[0]
    max_context_chunk = ROCM_TOKENS_PER_ITER // num_extends
    num_chunks = cdiv(computed_kv_lens.max().item(), max_context_chunk)
    chunk_starts = (torch.arange(num_chunks, dtype=torch.int32).unsqueeze(1).expand(-1, num_extends)
                    * max_context_chunk)
    chunk_ends = torch.min(computed_kv_lens.unsqueeze(0), chunk_starts + max_context_chunk)
    chunk_seq_lens = clamp_as(variant, chunk_ends - chunk_starts, min=0)  # [num_chunks, num_extends]
    cu_seq_lens_cpu = torch.zeros([num_chunks, num_extends + 1], dtype=torch.int32)
    torch.cumsum(chunk_seq_lens, dim=1, out=cu_seq_lens_cpu[:, 1:], dtype=torch.int32)
    max_cum_tokens = cu_seq_lens_cpu[:, -1].max().item()
    range_idx = torch.arange(max_cum_tokens, dtype=torch.int32)[None, None, :]
    idx_to_batch_tensor = range_idx == cu_seq_lens_cpu[:, 1:][:, :, None]
    idx_to_batch_tensor = idx_to_batch_tensor.sum(dim=1)  # [num_chunks, max_cum_tokens]
    token_to_batch_tensor = torch.cumsum(idx_to_batch_tensor, dim=1)
    return Result(outputs={
        "chunk_starts": chunk_starts,
        "cu_seq_lens": cu_seq_lens_cpu,
        "seq_lens": chunk_seq_lens,
        "token_to_batch": token_to_batch_tensor,
        "seq_tot": chunk_seq_lens.sum(dim=1),
        "max_seq_lens": chunk_seq_lens.max(dim=1).values,
    }, inputs_after=inputs)


SUITES = [
    SuiteReference("mla_chunked_context",
                   "vllm/model_executor/layers/attention/mla_attention.py: build_mla_chunked_context_metadata",
                   (CLAMP, CLAMP_), mla_chunked_context, host=True),
    SuiteReference("rocm_aiter_fa_chunks",
                   "vllm/v1/attention/backends/rocm_aiter_fa.py: AiterFlashAttentionMetadataBuilder.build",
                   (CLAMP, CLAMP_), rocm_aiter_fa_chunks, host=True),
]
