// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The per-token tensors of the step that the runner hands the sparse-MLA builder in its
// CommonAttentionMetadata, and the builder's own persistent output buffers.

#include <cstdint>
#include <vector>

#include "kernels/ops.h"
#include "suites/detail/sparse_mla_batch.h"
#include "suites/suite.h"

namespace clampbench::suites::detail {

inline constexpr std::int32_t kStaleSlot = 987654321;  // what a builder buffer held before

// cm.positions [T] int64 (gpu_model_runner's positions buffer): seq_len - query_len + k for the
// k-th query token of each request. cm.slot_mapping [T] int64, the group's uncompressed slot
// mapping as BlockTable.compute_slot_mapping (_compute_slot_mapping_kernel, no context
// parallelism) writes it before the builder runs, from the table as it then was (-1 holes
// included): table[r, p // 256] * 256 + p % 256 (kernel block size 256 = block_size). Its sign
// decides the C128A decode lens.
inline void add_step_token_inputs(CaseData& data, const std::vector<std::int32_t>& table, std::int64_t cols,
                                  const std::vector<std::int32_t>& query_start,
                                  const std::vector<std::int32_t>& seq_lens) {
  std::vector<std::int64_t> positions, slots;
  for (std::size_t r = 0; r + 1 < query_start.size(); ++r) {
    const std::int64_t qlen = query_start[r + 1] - query_start[r];
    for (std::int64_t k = 0; k < qlen; ++k) {
      const std::int64_t pos = seq_lens[r] - qlen + k;
      const std::size_t col = static_cast<std::size_t>(pos / kSparseMlaBlockSize);
      const std::int64_t block = table[r * static_cast<std::size_t>(cols) + col];
      positions.push_back(pos);
      slots.push_back(block * kSparseMlaBlockSize + pos % kSparseMlaBlockSize);
    }
  }
  const auto tokens = static_cast<std::int64_t>(positions.size());
  data.add("positions", from_vector(positions, {tokens}, data.device), Role::Persistent);
  data.add("slot_mapping", from_vector(slots, {tokens}, data.device), Role::Persistent);
}

// The builder's buffers, allocated in __init__ with max_num_batched_tokens rows (here R * Q,
// the most tokens a step of this case can have) and written in part by every build:
// compressed_slot_mapping_buffer int64, req_id_per_token_buffer int32, and at ratio 128 the
// C128A buffers int32 [rows, W], [rows], [rows, W]. At ratio 4 vLLM allocates no C128A buffer
// and the metadata's C128A fields are None; here they are [0, 0] and [0] tensors.
inline void add_builder_buffers(CaseData& data, std::int64_t max_tokens, std::int64_t c128a_width) {
  const DeviceType dev = data.device;
  const std::int64_t c128a_rows = c128a_width > 0 ? max_tokens : 0;
  data.add("compressed_slot_mapping", full({max_tokens}, kStaleSlot, DType::Int64, dev), Role::PersistentWritable);
  data.add("req_id_per_token_buffer", full({max_tokens}, kStaleSlot, DType::Int32, dev), Role::PersistentWritable);
  data.add("c128a_global_decode_buffer", full({c128a_rows, c128a_width}, kStaleSlot, DType::Int32, dev),
           Role::PersistentWritable);
  data.add("c128a_decode_lens_buffer", full({c128a_rows}, kStaleSlot, DType::Int32, dev), Role::PersistentWritable);
  data.add("c128a_prefill_buffer", full({c128a_rows, c128a_width}, kStaleSlot, DType::Int32, dev),
           Role::PersistentWritable);
}

}  // namespace clampbench::suites::detail
