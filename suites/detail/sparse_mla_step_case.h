// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Inputs of the sparse_mla_step suite: the sparse-MLA suite's step (suites/detail/
// sparse_mla_inputs.h) drawn with ratio-4 boundary placement -- two of the three builders
// compress at ratio 4 -- and row 0's query always closing a ratio-4 group, plus, with holes
// (padding 2), one more -1 hole where the indexer reads it: the block of the first query token
// that closes a ratio-4 group, in the first prefill row that has one (else the first decode row
// that has one; row 0 does). The sparse-MLA draw already puts a hole in a column every decode
// token's C128A row reads. No extra draw: the hole follows from the batch.
// Then every builder's own persistent buffers, as each __init__ allocates them, and the fused
// floor's room for the indexer's chunk metadata.

#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/ops.h"
#include "suites/detail/indexer_prefill_chunks.h"
#include "suites/detail/rng.h"
#include "suites/detail/runner_table.h"
#include "suites/detail/sparse_mla_batch.h"
#include "suites/detail/sparse_mla_inputs.h"
#include "suites/detail/sparse_mla_token_inputs.h"
#include "suites/suite.h"

namespace clampbench::suites::detail {

// The table column of the first ratio-4 boundary token of row r, if its query has one.
inline std::optional<std::int64_t> first_c4_boundary_column(const SparseMlaDraw& d, std::int64_t r) {
  const auto i = static_cast<std::size_t>(r);
  const std::int64_t qlen = d.query_start[i + 1] - d.query_start[i];
  for (std::int64_t pos = d.seq_lens[i] - qlen; pos < d.seq_lens[i]; ++pos)
    if ((pos + 1) % kC4Ratio == 0) return pos / kSparseMlaBlockSize;
  return std::nullopt;
}

inline void add_indexer_hole(SparseMlaDraw& d) {
  std::vector<std::int64_t> order;  // prefill rows first, then decode rows
  for (std::int64_t r = d.decodes; r < d.real_rows; ++r) order.push_back(r);
  for (std::int64_t r = 0; r < d.decodes && r < d.real_rows; ++r) order.push_back(r);
  for (const std::int64_t r : order) {
    if (const auto col = first_c4_boundary_column(d, r)) {
      d.table[static_cast<std::size_t>(r * d.cols + *col)] = -1;
      return;
    }
  }
}

// Each builder's buffers, max_num_batched_tokens rows (R * Q here), holding a stale value:
// DeepseekV4FlashMLAMetadataBuilder (C4A, C128A): compressed_slot_mapping_buffer int64,
// req_id_per_token_buffer int32, and C128A's top-k buffers int32 [rows, W], [rows], [rows, W];
// DeepseekV32IndexerMetadataBuilder: compressed_slot_mapping_buffer int64, decode_lens_buffer
// and expanded_seq_lens_buffer int32 [rows].
inline void add_step_builder_buffers(CaseData& data, std::int64_t rows, std::int64_t width) {
  const DeviceType dev = data.device;
  auto stale = [&](Dims dims, DType dtype) { return full(dims, kStaleSlot, dtype, dev); };
  data.add("c4a_compressed_slot_mapping", stale({rows}, DType::Int64), Role::PersistentWritable);
  data.add("c4a_req_id_per_token_buffer", stale({rows}, DType::Int32), Role::PersistentWritable);
  data.add("c128a_compressed_slot_mapping", stale({rows}, DType::Int64), Role::PersistentWritable);
  data.add("c128a_req_id_per_token_buffer", stale({rows}, DType::Int32), Role::PersistentWritable);
  data.add("c128a_global_decode_buffer", stale({rows, width}, DType::Int32), Role::PersistentWritable);
  data.add("c128a_decode_lens_buffer", stale({rows}, DType::Int32), Role::PersistentWritable);
  data.add("c128a_prefill_buffer", stale({rows, width}, DType::Int32), Role::PersistentWritable);
  data.add("indexer_compressed_slot_mapping", stale({rows}, DType::Int64), Role::PersistentWritable);
  data.add("indexer_decode_lens_buffer", stale({rows}, DType::Int32), Role::PersistentWritable);
  data.add("indexer_expanded_seq_lens_buffer", stale({rows}, DType::Int32), Role::PersistentWritable);
}

// Room for the fused floor's indexer prefill-chunk outputs, which vLLM allocates per call:
// every chunk's end to end, as many elements as the batch's chunks hold.
inline void add_indexer_floor_room(CaseData& data, const SparseMlaDraw& d, std::int64_t max_model_len) {
  const DecodePrefillSplit split = decode_prefill_split(d.query_start, kReorderBatchThreshold);
  std::int64_t cu = 0, queries = 0;
  for (const PlannedChunk& c : plan_indexer_chunks(d.query_start, d.seq_lens, split.num_decodes, kC4Ratio, max_model_len)) {
    cu += c.spec.req_end - c.spec.req_start + 1;
    queries += c.spec.query_stop - c.spec.query_start;
  }
  auto room = [&](const char* name, std::int64_t n) {
    data.add(name, full({n}, kStaleSlot, DType::Int32, data.device), Role::PersistentWritable);
  };
  room("indexer_floor_cu_seq_lens", cu);
  room("indexer_floor_cu_seqlen_ks", queries);
  room("indexer_floor_cu_seqlen_ke", queries);
}

// One whole-step case drawn from the suite's stream.
inline CaseData sparse_mla_step_case_data(const ParamPoint& p, Rng& rng, DeviceType device) {
  const std::int64_t reqs = p.get("R");
  SparseMlaDraw draw = draw_sparse_mla_step(p, kC4Ratio, rng, /*boundary_in_first_row=*/true);
  if (p.get("padding") == 2) add_indexer_hole(draw);

  CaseData data;
  data.device = device;
  add_runner_table(data, draw.table, draw.rows, draw.cols, reqs, draw.query_start);
  data.add("seq_lens", from_vector(draw.seq_lens, {reqs}, device), Role::Persistent);
  data.add_host("seq_lens_cpu", from_numpy(draw.seq_lens, {reqs}), Role::Persistent);  // cm.seq_lens_cpu_upper_bound
  add_step_token_inputs(data, draw.table, draw.cols, draw.query_start, draw.seq_lens);  // after the holes
  add_step_builder_buffers(data, reqs * p.get("Q"), c128a_max_compressed(p.get("L")));
  add_indexer_floor_room(data, draw, p.get("L"));
  return data;
}

}  // namespace clampbench::suites::detail
