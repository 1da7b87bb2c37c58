// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// fused sparse_mla_step: three passes of the fused sparse-MLA step, one per builder, which
// read the table and never write it, so their order does not matter. C128A's pass also writes
// the request index into the buffer of whichever sparse-MLA builder runs first (the one
// token_to_req_indices caches); the C4A and indexer passes write only their slot mappings (no
// request index, no C128A rows). The indexer's decode block table is a view, as in clamp.

#include "suites/fused/sparse_mla_step_fused.h"

#include "suites/detail/sparse_mla_batch.h"
#include "suites/detail/sparse_mla_c128a.h"
#include "suites/detail/sparse_mla_step_case.h"
#include "suites/detail/tensor_refs.h"
#include "suites/fused/sparse_mla_slot_mapping_fused.h"

namespace clampbench::suites::fused {
namespace {

namespace sd = suites::detail;

// A pass that writes the builder's slot-mapping buffer (the whole of it, as its fill_) and
// nothing else: no request index, no C128A rows.
detail::SparseMlaStep slot_mapping_only(CaseData& data, const ParamPoint& p, bool negatives_as_zero,
                                        const char* buffer, const sd::C128aBuffers& buffers) {
  const Tensor no_request_index = data.get("c128a_decode_lens_buffer").slice(0, 0, 0);
  return sparse_mla_pass(data, sparse_mla_slot_args(data, p, sd::kC4Ratio, negatives_as_zero), data.get(buffer),
                         no_request_index, buffers, sd::DecodePrefillSplit{});
}

}  // namespace

Outputs fused_sparse_mla_step(CaseData& data, const ParamPoint& p) {
  const std::int64_t tokens = data.get("positions").size(0);
  const sd::DecodePrefillSplit split = sd::decode_prefill_split(to_numpy<std::int32_t>(data.get("query_start_loc_cpu")), sd::kReorderBatchThreshold);
  const sd::C128aBuffers buffers{data.get("c128a_global_decode_buffer"), data.get("c128a_decode_lens_buffer"),
                                 data.get("c128a_prefill_buffer")};
  const sd::C128aOutputs c128a = sd::c128a_slices(buffers, split);
  const char* first_sparse = p.get("order") == 0 ? "c4a_req_id_per_token_buffer" : "c128a_req_id_per_token_buffer";
  const Tensor req_ids = data.get(first_sparse).slice(0, 0, tokens);
  Tensor& c128a_slots = data.get("c128a_compressed_slot_mapping");
  run_fused_sparse_mla_step(
      sparse_mla_pass(data, sparse_mla_slot_args(data, p, sd::kC128aRatio, true), c128a_slots, req_ids, buffers, split),
      data.device);
  run_fused_sparse_mla_step(slot_mapping_only(data, p, true, "c4a_compressed_slot_mapping", buffers), data.device);
  run_fused_sparse_mla_step(slot_mapping_only(data, p, false, "indexer_compressed_slot_mapping", buffers),
                            data.device);
  return {{"c4a_compressed_slot_mapping", data.get("c4a_compressed_slot_mapping").slice(0, 0, tokens)},
          {"c128a_compressed_slot_mapping", c128a_slots.slice(0, 0, tokens)},
          {"indexer_compressed_slot_mapping", data.get("indexer_compressed_slot_mapping").slice(0, 0, tokens)},
          {"req_id_per_token", req_ids},
          {"c128a_global_decode_topk_indices", c128a.global_decode},
          {"c128a_decode_topk_lens", c128a.decode_lens},
          {"c128a_prefill_topk_indices", c128a.prefill_local},
          {"indexer_decode_block_table", data.get("block_table").slice(0, 0, split.num_decodes)}};
}

}  // namespace clampbench::suites::fused
