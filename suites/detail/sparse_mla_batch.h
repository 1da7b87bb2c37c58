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

#include "kernels/host_planning.h"
#include "kernels/ops.h"
#include "suites/detail/builder_ops.h"

namespace clampbench::suites::detail {

// cache_config.block_size, in tokens: the backend supports kernel block size 256 only
// (DeepseekV4FlashMLABackend.get_supported_kernel_block_sizes), so
// AttentionBackend.get_preferred_block_size picks 256 over the default 16. One column of the
// group's block table covers 256 tokens, i.e. 256 // ratio compressed entries.
inline constexpr std::int64_t kSparseMlaBlockSize = 256;
constexpr std::int64_t sparse_mla_storage_block_size(std::int64_t ratio) { return kSparseMlaBlockSize / ratio; }
inline constexpr std::int64_t kC4Ratio = 4;  // C4A attention and the C4 layer's indexer

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

// The decode/prefill split of a batch reordered decodes first, from query_start_loc_cpu's
// values, with no op: what a builder that owns its planning needs (the fused floors).
inline DecodePrefillSplit decode_prefill_split(const std::vector<std::int32_t>& q, std::int64_t threshold) {
  const std::int64_t reqs = static_cast<std::int64_t>(q.size()) - 1;
  const std::int64_t tokens = q[static_cast<std::size_t>(reqs)];
  std::int64_t first_prefill = 0;
  while (first_prefill < reqs && q[static_cast<std::size_t>(first_prefill + 1)] -
                                         q[static_cast<std::size_t>(first_prefill)] <= threshold)
    ++first_prefill;
  const std::int64_t decode_tokens = q[static_cast<std::size_t>(first_prefill)];
  return {first_prefill, decode_tokens, tokens - decode_tokens};
}

// split_decodes_and_prefills(cm, decode_threshold, require_uniform)
// (v1/attention/backends/utils.py:564), treat_short_extends_as_decodes True, on a batch
// reordered decodes first: vLLM's own CPU tensor ops on query_start_loc_cpu, as host work --
// counted by name, no device allocation, no launch, no wait. Without require_uniform (the
// sparse-MLA builders): sub, item, gt, any, item, int, argmax, item, item. With it (the
// indexer): `==` twice, `|` and torch.all in place of the gt, an all-uniform batch (empty
// padding rows included) all decodes, else `!=` the first row's length marks a prefill.
// cm.num_reqs, num_actual_tokens and max_query_len are the runner's Python ints, read here
// without an op.
inline DecodePrefillSplit split_decodes_and_prefills(const Tensor& query_start_loc_cpu, std::int64_t threshold,
                                                     bool require_uniform = false) {
  const std::vector<std::int32_t> q = to_numpy<std::int32_t>(query_start_loc_cpu);
  const std::int64_t reqs = static_cast<std::int64_t>(q.size()) - 1;
  const std::int64_t tokens = q[static_cast<std::size_t>(reqs)];
  std::int64_t max_query_len = 0;
  for (std::size_t r = 0; r + 1 < q.size(); ++r) max_query_len = std::max<std::int64_t>(max_query_len, q[r + 1] - q[r]);
  if (max_query_len <= threshold && (!require_uniform || threshold <= 1)) return {reqs, tokens, 0};
  const HostPlanning host;
  const Tensor query_lens = sub(query_start_loc_cpu.slice(0, 1, reqs + 1), query_start_loc_cpu.slice(0, 0, reqs));
  if (item_int(query_lens.select(0, 0)) > threshold) return {0, 0, tokens};
  Tensor is_prefill;
  if (require_uniform) {
    const Tensor uniform = bitwise_or(eq(query_lens, query_lens.select(0, 0)), eq(query_lens, 0));
    if (item_int(all(uniform, 0)) != 0) return {reqs, tokens, 0};
    is_prefill = ne(query_lens, query_lens.select(0, 0));
  } else {
    is_prefill = gt(query_lens, threshold);
  }
  if (item_int(any(is_prefill, 0)) == 0) return {reqs, tokens, 0};
  const std::int64_t first_prefill = item_int(argmax(to(is_prefill, DType::Int32), 0));
  const std::int64_t decode_tokens = item_int(query_start_loc_cpu.select(0, first_prefill));
  return {first_prefill, decode_tokens, tokens - decode_tokens};
}

// cm.token_to_req_indices(buffer) (v1/attention/backend.py:542) with an empty cache, as vLLM
// runs it: np.repeat(arange(R), query_lens) on the host from query_start_loc_cpu, then one
// copy_ from the pinned array into buffer[:mapped] (one host-to-device copy, no device
// allocation), and buffer[mapped:T].zero_() when padding tokens follow the mapped ones.
inline Tensor token_to_req_indices(Tensor& buffer, const Tensor& query_start_loc_cpu, std::int64_t num_tokens) {
  const std::vector<std::int32_t> starts = to_numpy<std::int32_t>(query_start_loc_cpu);
  std::vector<std::int32_t> req_of_token;
  for (std::size_t r = 0; r + 1 < starts.size(); ++r)
    req_of_token.insert(req_of_token.end(), static_cast<std::size_t>(std::max(starts[r + 1] - starts[r], 0)),
                        static_cast<std::int32_t>(r));
  const auto mapped = static_cast<std::int64_t>(req_of_token.size());
  Tensor head = buffer.slice(0, 0, mapped);
  copy_(head, from_numpy(req_of_token, {mapped}));
  if (mapped < num_tokens) {
    Tensor padding = buffer.slice(0, mapped, num_tokens);
    fill_(padding, 0);
  }
  return buffer.slice(0, 0, num_tokens);
}

}  // namespace clampbench::suites::detail
