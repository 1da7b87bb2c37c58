// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Spec 7: the DeepSeek V4 sparse-MLA metadata builder's compressed slot mapping, the hazard
// site. `clamp` copies the whole shared block table (R x M x 4 bytes) to clamp it; `clamp_`
// clamps the runner's table in place, so every later reader of the step (the metadata's own
// block_table, the C128A top-k kernel, the next builder of the KV group, the drafter) sees
// block 0 where the table said -1. Slot mappings are bitwise equal; the readers show the
// difference. Allocations per call: clamp 19 (one of R*M*4 bytes), clamp_ 18 (see
// detail/sparse_mla_slot_mapping.h for the 18 of the eager slot-mapping kernel).

#include "kernels/ops.h"
#include "suites/all_suites.h"
#include "suites/detail/sparse_mla_inputs.h"
#include "suites/detail/sparse_mla_slot_mapping.h"
#include "suites/fused/sparse_mla_slot_mapping_fused.h"

namespace clampbench::suites {
namespace {

Outputs run_slot_mapping(CaseData& data, const ParamPoint& p, bool in_place) {
  Tensor& block_table = data.get("block_table");  // view of the runner's shared table
  Tensor& out = data.get("compressed_slot_mapping");
  const Tensor table = in_place ? clamp_(block_table, 0) : clamp(block_table, 0);
  detail::compressed_slot_mapping(out, data.get("query_start_loc"), data.get("seq_lens"), table,
                                  detail::kSparseMlaStorageBlockSize, p.get("ratio"), p.get("Q"));
  return {{"compressed_slot_mapping", out}};
}

}  // namespace

Suite make_sparse_mla_slot_mapping_suite() {
  return SuiteBuilder("sparse_mla_slot_mapping")
      .describe(
          "DeepSeek V4 sparse MLA: compressed-KV slot mapping from the shared block table. "
          "clamp_ rewrites the persistent table's -1 entries (padding rows, holes) to block 0 "
          "for every later reader; with 0-padded tables the variants are indistinguishable.")
      .source("vllm/v1/attention/backends/mla/flashmla_sparse.py",
              "DeepseekV4FlashMLAMetadataBuilder.build -> compressor_utils.get_compressed_slot_mapping")
      .device(SuiteDevice::Gpu)
      .axis("R", {2, 8}, {1, 64, 256}, {1, 16, 128, 256, 512})
      .axis("L", {131072}, {131072, 1048576}, {131072, 262144, 1048576})
      .axis("ratio", {4, 128}, {4, 128}, {4, 128})
      // 0: zero-padded (upstream since #35431), 1: -1 padding rows, 2: padding rows + -1 holes.
      .axis("padding", {0, 1, 2}, {0, 1, 2}, {0, 1, 2})
      .axis("Q", {4}, {1, 8}, {1, 4, 64})  // most query tokens of one request
      .inputs(detail::make_sparse_mla_inputs)
      .outputs({"compressed_slot_mapping"})
      .variant("clamp", "tmp = block_table.clamp(min=0): one copy of the whole table (pre-#48143)",
               [](CaseData& d, const ParamPoint& p) { return run_slot_mapping(d, p, false); })
      .variant("clamp_", "block_table.clamp_(min=0): the shared table rewritten in place (#48143)",
               [](CaseData& d, const ParamPoint& p) { return run_slot_mapping(d, p, true); })
      .reader("metadata_block_table",
              "the metadata's block_table field, i.e. the input view as the builder left it",
              [](CaseData& d, const Outputs&, const ParamPoint&) {
                return Outputs{{"block_table", clone(d.get("block_table"))}};
              })
      .reader("negative_entry_count",
              "a later builder of the same KV group counting the entries < 0 of each row",
              [](CaseData& d, const Outputs&, const ParamPoint&) {
                return Outputs{{"negative_entries", sum(lt(d.get("block_table"), 0), 1)}};
              })
      .variant("fused", "table read with negatives as 0, never written; no allocation (issue 8 floor)",
               fused::fused_sparse_mla_slot_mapping)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_sparse_mla_slot_mapping_suite, 70);

}  // namespace clampbench::suites
