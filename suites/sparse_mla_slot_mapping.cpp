// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// DeepseekV4FlashMLAMetadataBuilder.build (vllm/models/deepseek_v4/sparse_mla.py), the
// hazard site, in vLLM's order: the per-token request index, the compressed slot mapping from
// block_table.clamp(min=0) (clamp: one copy of the whole shared table, R x M x 4 bytes) or
// block_table.clamp_(min=0) (clamp_: the runner's table rewritten in place), then, at ratio
// 128, the C128A top-k metadata from cm.block_table_tensor -- the table as the first step left
// it. Slot mappings are bitwise equal; the C128A decode slots are not where a decode token's
// row holds -1 (clamp reads -1, clamp_ reads block 0), and every later reader of the step sees
// block 0 where the table said -1. Allocations per call (suites/detail/sparse_mla_*.h):
// request index 0 (host work and one copy), slot mapping 18, clamp's copy 1, C128A 1 + 16 with decode tokens + 5 with
// prefill tokens.

#include <fmt/format.h>

#include "kernels/error.h"
#include "kernels/host_planning.h"
#include "kernels/ops.h"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/runner_table.h"
#include "suites/detail/sparse_mla_batch.h"
#include "suites/detail/sparse_mla_c128a.h"
#include "suites/detail/sparse_mla_floor.h"
#include "suites/detail/sparse_mla_inputs.h"
#include "suites/detail/sparse_mla_slot_mapping.h"
#include "suites/detail/tensor_refs.h"
#include "suites/suite.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "sparse_mla_slot_mapping";

Outputs build(CaseData& data, const ParamPoint& p, detail::ClampMode mode) {
  const std::int64_t ratio = p.get("ratio");
  const std::int64_t block_size = detail::sparse_mla_storage_block_size(ratio);
  Tensor& block_table = data.get("block_table");  // view of the runner's shared table
  const Tensor& query_start_loc = data.get("query_start_loc");
  const std::int64_t num_tokens = data.get("positions").size(0);  // cm.num_actual_tokens
  Tensor req_ids = detail::token_to_req_indices(data.get("req_id_per_token_buffer"), data.get("query_start_loc_cpu"), num_tokens);
  Tensor& out = data.get("compressed_slot_mapping");
  {
    const Tensor table = detail::clamp_as(mode, block_table, 0);
    detail::compressed_slot_mapping(out, query_start_loc, data.get("seq_lens"), table, block_size, ratio,
                                    num_tokens);
  }
  const detail::C128aBuffers buffers{data.get("c128a_global_decode_buffer"), data.get("c128a_decode_lens_buffer"),
                                     data.get("c128a_prefill_buffer")};
  detail::C128aOutputs c128a = detail::c128a_slices(buffers, {});  // ratio 4: no C128A fields
  if (ratio == detail::kC128aRatio) {
    const detail::DecodePrefillSplit split =
        detail::split_decodes_and_prefills(data.get("query_start_loc_cpu"), detail::kReorderBatchThreshold);
    c128a = detail::build_c128a_topk_metadata(data.get("positions"), ratio, split, req_ids,
                                              block_table.slice(0, 0, split.num_decodes), block_size,
                                              data.get("slot_mapping"), buffers);
  }
  return {{"compressed_slot_mapping", out},
          {"req_id_per_token", req_ids},
          {"c128a_global_decode_topk_indices", c128a.global_decode},
          {"c128a_decode_topk_lens", c128a.decode_lens},
          {"c128a_prefill_topk_indices", c128a.prefill_local}};
}

CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  detail::Rng rng(seed, kName, detail::Rng::Seeding::Unmixed);
  return detail::sparse_mla_case_data(p, rng, device);
}

// The floor: every element of the builder's outputs (compressed slot mapping, request index,
// C128A metadata) computed in one pass into the builder's buffers, by the sparse-MLA step
// sparse_mla_step's floor runs too (detail::run_fused_sparse_mla_step, whose host loop also
// checks what the eager form would reject).
Outputs fused(CaseData& data, const ParamPoint& p) {
  const std::int64_t ratio = p.get("ratio");
  CB_CHECK(ratio > 0, ErrorKind::InvalidArgument, "fused sparse_mla: ratio {}", ratio);
  const std::int64_t tokens = data.get("positions").size(0);
  const detail::C128aBuffers buffers{data.get("c128a_global_decode_buffer"), data.get("c128a_decode_lens_buffer"),
                                     data.get("c128a_prefill_buffer")};
  const detail::DecodePrefillSplit split =
      ratio == detail::kC128aRatio
          ? detail::decode_prefill_split(to_numpy<std::int32_t>(data.get("query_start_loc_cpu")),
                                         detail::kReorderBatchThreshold)
          : detail::DecodePrefillSplit{};
  const detail::C128aOutputs c128a = detail::c128a_slices(buffers, split);
  const Tensor req_ids = data.get("req_id_per_token_buffer").slice(0, 0, tokens);
  Tensor& compressed = data.get("compressed_slot_mapping");
  const detail::SparseMlaStep step =
      detail::sparse_mla_pass(data, detail::sparse_mla_slot_args(data, p, ratio, true), compressed, req_ids, buffers,
                              split);
  detail::run_fused_sparse_mla_step(step, data.device);
  return {{"compressed_slot_mapping", compressed},
          {"req_id_per_token", req_ids},
          {"c128a_global_decode_topk_indices", c128a.global_decode},
          {"c128a_decode_topk_lens", c128a.decode_lens},
          {"c128a_prefill_topk_indices", c128a.prefill_local}};
}

}  // namespace

Suite make_sparse_mla_slot_mapping_suite() {
  return SuiteBuilder(kName)
      .describe(
          "DeepSeek V4 sparse MLA metadata: compressed-KV slot mapping from the shared block table, "
          "then (ratio 128) C128A top-k metadata from the same table. clamp_ rewrites the persistent "
          "table's -1 entries (padding rows, holes) to block 0 for the C128A decode slots and every "
          "later reader; with 0-padded tables the variants are indistinguishable.")
      .source("vllm/models/deepseek_v4/sparse_mla.py",
              "DeepseekV4FlashMLAMetadataBuilder.build -> get_compressed_slot_mapping, build_c128a_topk_metadata")
      .device(SuiteDevice::Gpu)
      .axis("R", {2, 8}, {1, 64, 256}, {1, 16, 128, 256, 512})
      .axis("L", {131072}, {131072, 1048576}, {131072, 262144, 1048576})
      .axis("ratio", {4, 128}, {4, 128}, {4, 128})
      // 0: zero-padded (upstream since #35431), 1: -1 padding rows, 2: padding rows + -1 holes.
      .axis("padding", {0, 1, 2}, {0, 1, 2}, {0, 1, 2})
      .axis("Q", {4}, {1, 8}, {1, 4, 64})  // most query tokens of one request
      .inputs(make_inputs)
      .outputs({"compressed_slot_mapping", "req_id_per_token", "c128a_global_decode_topk_indices",
                "c128a_decode_topk_lens", "c128a_prefill_topk_indices"})
      .clamp_variants(build,
                      "tmp = block_table.clamp(min=0): one copy of the whole table (pre-#48143)",
                      "block_table.clamp_(min=0): the shared table rewritten in place (#48143)")
      .reader("metadata_block_table",
              "the metadata's block_table field, i.e. the input view as the builder left it",
              detail::read_metadata_block_table)
      .reader("negative_entry_count",
              "a later builder of the same KV group counting the entries < 0 of each row",
              detail::read_negative_entries)
      .floor("one pass into the builder's buffers; table read (negatives as 0 for the slot "
             "mapping, as is for C128A), never written; no allocation (the floor)", fused)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_sparse_mla_slot_mapping_suite);

}  // namespace clampbench::suites
