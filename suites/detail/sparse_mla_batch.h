// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What DeepseekV4FlashMLAMetadataBuilder.build (vllm/models/deepseek_v4/sparse_mla.py) reads
// besides the block table: the KV cache's block sizes, the C128A width, the decode/prefill
// split and the per-token request index. Sizes are vLLM's, not the spec's: the spec says a
// storage block size of 256, but vLLM's MLAAttentionSpec.storage_block_size is
// block_size // compress_ratio (v1/kv_cache_interface.py:376), i.e. 64 at ratio 4 and 2 at 128.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/ops.h"
#include "suites/detail/builder_ops.h"

namespace clampbench::suites::detail {

// cache_config.block_size, in tokens: the backend supports kernel block size 256 only
// (DeepseekV4FlashMLABackend.get_supported_kernel_block_sizes), so
// AttentionBackend.get_preferred_block_size picks 256 over the default 16. One column of the
// group's block table covers 256 tokens, i.e. 256 // ratio compressed entries.
inline constexpr std::int64_t kSparseMlaBlockSize = 256;
constexpr std::int64_t sparse_mla_storage_block_size(std::int64_t ratio) { return kSparseMlaBlockSize / ratio; }

// __init__: c128a_max_compressed = cdiv(cdiv(max_model_len, 128), _C128A_TOPK_ALIGNMENT) *
// _C128A_TOPK_ALIGNMENT, the width of the C128A buffers and the kernel's max_compressed_tokens
// (vLLM 0.25.0; 0.27.0 passes a narrower active_topk_width and packs rows, a change of its own
// that is not part of the clamp -> clamp_ edit and is not modelled).
inline constexpr std::int64_t kC128aRatio = 128;
inline constexpr std::int64_t kC128aTopkAlignment = 128;
constexpr std::int64_t c128a_max_compressed(std::int64_t max_model_len) {
  return cdiv(cdiv(max_model_len, kC128aRatio), kC128aTopkAlignment) * kC128aTopkAlignment;
}
static_assert(c128a_max_compressed(131072) == 1024 && c128a_max_compressed(1024) == 128);

// _init_reorder_batch_threshold(1, supports_spec_as_decode=True) without a speculative config
// (v1/attention/backend.py:634): 1. Only single-token queries are decodes.
inline constexpr std::int64_t kReorderBatchThreshold = 1;

struct DecodePrefillSplit {
  std::int64_t num_decodes = 0, num_decode_tokens = 0, num_prefill_tokens = 0;
};

// split_decodes_and_prefills(cm, decode_threshold) (v1/attention/backends/utils.py:564) with
// require_uniform False, on a batch reordered decodes first. vLLM reads query_start_loc_cpu
// with a few tiny CPU tensor ops; the port reads the same host tensor (to_vector allocates
// nothing and, the tensor being on the host, waits for nothing), so the split adds no
// allocation and no sync to the counts.
inline DecodePrefillSplit split_decodes_and_prefills(const Tensor& query_start_loc_cpu, std::int64_t threshold) {
  const std::vector<std::int32_t> q = to_vector<std::int32_t>(query_start_loc_cpu);
  const std::int64_t reqs = static_cast<std::int64_t>(q.size()) - 1;
  const std::int64_t tokens = q[static_cast<std::size_t>(reqs)];
  auto len = [&](std::int64_t r) { return q[static_cast<std::size_t>(r + 1)] - q[static_cast<std::size_t>(r)]; };
  std::int64_t max_query_len = 0;
  for (std::int64_t r = 0; r < reqs; ++r) max_query_len = std::max<std::int64_t>(max_query_len, len(r));
  if (max_query_len <= threshold) return {reqs, tokens, 0};
  if (len(0) > threshold) return {0, 0, tokens};
  std::int64_t first_prefill = 0;
  while (len(first_prefill) <= threshold) ++first_prefill;
  const std::int64_t decode_tokens = q[static_cast<std::size_t>(first_prefill)];
  return {first_prefill, decode_tokens, tokens - decode_tokens};
}

// cm.token_to_req_indices(buffer) (v1/attention/backend.py:520) with an empty cache:
// buffer[:T] = np.repeat(arange(R), query_lens), T = num_actual_tokens = query_start_loc[R].
// vLLM builds it with numpy and copies it in from pinned memory; the port composes it on the
// device: token t belongs to the number of requests ending at or before t (zero-length
// requests skipped, as np.repeat skips them). arange 1, le 1, sum 1, copy_ 0: 3 allocations.
inline Tensor token_to_req_indices(Tensor& buffer, const Tensor& query_start_loc, std::int64_t num_tokens) {
  const std::int64_t reqs = query_start_loc.size(0) - 1;
  Tensor token = arange(num_tokens, DType::Int32, buffer.device()).unsqueeze(1);   // [T, 1]
  Tensor ended = le(query_start_loc.slice(0, 1, reqs + 1).unsqueeze(0), token);   // [T, R]
  Tensor req_ids = buffer.slice(0, 0, num_tokens);
  copy_(req_ids, sum(ended, 1));
  return req_ids;
}

}  // namespace clampbench::suites::detail
