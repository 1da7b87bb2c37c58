// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// One DeepSeek V4 step of KV-cache group 0: the runner (v1/worker/gpu_model_runner.py
// _build_attention_metadata) hands every attention group of the group one
// CommonAttentionMetadata `cm`, so one block table and one token_to_req_indices cache, and
// builds the groups in the order their first layer registered itself. Within a C4 layer the
// indexer's k-cache registers before the attention, so the order follows the checkpoint's
// compress_ratios (axis `order`): 0, first compressed layer C4: indexer, C4A, C128A; 1, first
// C128: C128A, indexer, C4A.
//   sparse MLA (DeepseekV4FlashMLAMetadataBuilder.build, models/deepseek_v4/sparse_mla.py, C4A
//     and C128A): cm.token_to_req_indices(own buffer) -- written by the first of the two only,
//     the second gets the cached slice --, the compressed slot mapping from
//     cm.block_table_tensor.clamp(min=0) (clamp, 0.25.0) or .clamp_(min=0) (clamp_, 0.27.0),
//     storage block size 256 // ratio; C128A then its top-k metadata from
//     cm.block_table_tensor[:num_decodes] as the table now is.
//   indexer (DeepseekV32IndexerMetadataBuilder.build, v1/attention/backends/mla/indexer.py):
//     its own split (decode_threshold 1, require_uniform, treat_short_extends_as_decodes: equal
//     to the sparse builders' on this batch of one-token decodes, prefills of two or more and
//     empty padding rows last), the compressed slot mapping at ratio 4, storage block size 64,
//     from the RAW table (no clamp: negatives as the builders before it left them), then the
//     rest of its metadata op for op (suites/detail/indexer_metadata.h): seq_lens // 4, the
//     prefill chunks, and with single-token decodes on the native path the decode lens and
//     seq_lens // 4 and the view cm.block_table_tensor[:num_decodes] that its kernels read
//     later. Not modelled: on a CUDA device with DeepGEMM, vLLM also fills its paged-MQA
//     schedule buffer (get_paged_mqa_logits_metadata); it reads no table entry, and vLLM's code
//     is held to the port without it (no DeepGEMM off a GPU).
// clamp_ rewrites the shared table's -1 entries to block 0 in both orders; the C128A decode
// slots differ where a decode row's hole is read; the indexer's slot mapping differs only in
// order 1 (C128A clamped the table before the indexer read it); the indexer's decode table
// view shows 0 where the table said -1.
// Allocations per call, both orders (suites/detail/sparse_mla_*.h, indexer_*.h): request index
// 0 (host work and one copy, once), compressed slot mappings and C128A 0 (vLLM's kernels),
// clamp's table copy 1 x 2 sparse builders, the indexer's 1 (seq_lens // 4) + 5 per prefill
// chunk + 1 with decodes. Every quick case (decodes and one chunk): clamp 9, clamp_ 7; fused 0
// (the floor: one fused sparse-MLA pass per builder, suites/detail/sparse_mla_step_floor.cpp).

#include <map>
#include <optional>
#include <string>

#include "kernels/ops.h"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/indexer_metadata.h"
#include "suites/detail/runner_table.h"
#include "suites/detail/sparse_mla_batch.h"
#include "suites/detail/sparse_mla_c128a.h"
#include "suites/detail/sparse_mla_slot_mapping.h"
#include "suites/detail/sparse_mla_step_case.h"
#include "suites/detail/sparse_mla_step_floor.h"
#include "suites/suite.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "sparse_mla_step";

// What the builders of one step share through cm, and what their metadata hold.
struct Step {
  CaseData& data;
  const ParamPoint& p;
  detail::ClampMode mode;
  std::int64_t num_tokens;
  std::optional<Tensor> req_id_cache;  // cm._token_to_req_indices_cache
  std::map<std::string, Tensor> out;
  std::vector<detail::IndexerChunk> chunks;  // the indexer's prefill chunk metadata
};

// cm.token_to_req_indices(buffer) (v1/attention/backend.py): the first caller's buffer is
// written and cached; a later caller gets the cached slice and its own buffer stays as it was.
Tensor token_to_req_indices(Step& s, const std::string& buffer) {
  if (!s.req_id_cache) {
    s.req_id_cache = detail::token_to_req_indices(s.data.get(buffer), s.data.get("query_start_loc_cpu"), s.num_tokens);
    s.out.emplace("req_id_per_token", *s.req_id_cache);
  }
  return s.req_id_cache->slice(0, 0, s.num_tokens);
}

void sparse_mla_builder(Step& s, std::int64_t ratio, const std::string& prefix) {
  Tensor& block_table = s.data.get("block_table");
  const std::int64_t block_size = detail::sparse_mla_storage_block_size(ratio);
  const Tensor req_ids = token_to_req_indices(s, prefix + "req_id_per_token_buffer");
  Tensor& out = s.data.get(prefix + "compressed_slot_mapping");
  {
    const Tensor table = detail::clamp_as(s.mode, block_table, 0);
    detail::compressed_slot_mapping(out, s.data.get("query_start_loc"), s.data.get("seq_lens"), table, block_size,
                                    ratio, s.num_tokens);
  }
  s.out.emplace(prefix + "compressed_slot_mapping", out.slice(0, 0, s.num_tokens));
  if (ratio != detail::kC128aRatio) return;
  const detail::DecodePrefillSplit split =
      detail::split_decodes_and_prefills(s.data.get("query_start_loc_cpu"), detail::kReorderBatchThreshold);
  const detail::C128aBuffers buffers{s.data.get("c128a_global_decode_buffer"), s.data.get("c128a_decode_lens_buffer"),
                                     s.data.get("c128a_prefill_buffer")};
  const detail::C128aOutputs c128a =
      detail::build_c128a_topk_metadata(s.data.get("positions"), ratio, split, req_ids,
                                        block_table.slice(0, 0, split.num_decodes), block_size,
                                        s.data.get("slot_mapping"), buffers);
  s.out.emplace("c128a_global_decode_topk_indices", c128a.global_decode);
  s.out.emplace("c128a_decode_topk_lens", c128a.decode_lens);
  s.out.emplace("c128a_prefill_topk_indices", c128a.prefill_local);
}

void indexer_builder(Step& s) {
  const Tensor& block_table = s.data.get("block_table");  // raw: the indexer clamps nothing
  const Tensor& query_start_loc = s.data.get("query_start_loc");
  const detail::DecodePrefillSplit split = detail::split_decodes_and_prefills(
      s.data.get("query_start_loc_cpu"), detail::kReorderBatchThreshold, /*require_uniform=*/true);
  Tensor& out = s.data.get("indexer_compressed_slot_mapping");
  detail::compressed_slot_mapping(out, query_start_loc, s.data.get("seq_lens"), block_table,
                                  detail::sparse_mla_storage_block_size(detail::kC4Ratio), detail::kC4Ratio,
                                  s.num_tokens);
  s.out.emplace("indexer_compressed_slot_mapping", out.slice(0, 0, s.num_tokens));
  const detail::IndexerInputs in{query_start_loc,
                                 s.data.get("query_start_loc_cpu"),
                                 s.data.get("seq_lens"),
                                 s.data.get("seq_lens_cpu"),
                                 s.data.get("indexer_decode_lens_buffer"),
                                 s.data.get("indexer_expanded_seq_lens_buffer"),
                                 s.p.get("L")};
  detail::IndexerMetadata md = detail::indexer_metadata(in, split);
  s.out.emplace("indexer_decode_block_table", block_table.slice(0, 0, split.num_decodes));  // a view, read later
  s.out.emplace("indexer_decode_seq_lens", md.decode_seq_lens);
  s.out.emplace("indexer_decode_lens", md.decode_lens);
  s.chunks = std::move(md.chunks);
}

// The fixed outputs, then each prefill chunk's four (detail::indexer_chunk_outputs).
const std::vector<std::string>& output_names() {
  static const std::vector<std::string> names = {
      "c4a_compressed_slot_mapping",      "c128a_compressed_slot_mapping", "indexer_compressed_slot_mapping",
      "req_id_per_token",                 "c128a_global_decode_topk_indices", "c128a_decode_topk_lens",
      "c128a_prefill_topk_indices",       "indexer_decode_block_table",    "indexer_decode_seq_lens",
      "indexer_decode_lens"};
  return names;
}

Outputs build(CaseData& data, const ParamPoint& p, detail::ClampMode mode) {
  Step s{data, p, mode, data.get("positions").size(0), std::nullopt, {}, {}};
  if (p.get("order") == 0) {
    indexer_builder(s);
    sparse_mla_builder(s, detail::kC4Ratio, "c4a_");
    sparse_mla_builder(s, detail::kC128aRatio, "c128a_");
  } else {
    sparse_mla_builder(s, detail::kC128aRatio, "c128a_");
    indexer_builder(s);
    sparse_mla_builder(s, detail::kC4Ratio, "c4a_");
  }
  Outputs outputs;
  for (const std::string& name : output_names()) outputs.push_back({name, s.out.at(name)});
  detail::append_indexer_chunk_outputs(outputs, s.chunks);
  return outputs;
}

CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  detail::Rng rng(seed, kName);
  return detail::sparse_mla_step_case_data(p, rng, device);
}

}  // namespace

Suite make_sparse_mla_step_suite() {
  return SuiteBuilder(kName)
      .describe(
          "One DeepSeek V4 step of KV-cache group 0's builders on one shared block table, in vLLM's "
          "order (indexer, C4A, C128A, or C128A first): clamp_ by either sparse-MLA builder rewrites the "
          "table that C128A's decode slots, the indexer's raw slot mapping (C128A first) and the "
          "indexer's decode block-table view read.")
      .source("vllm/v1/worker/gpu_model_runner.py",
              "_build_attention_metadata -> DeepseekV32IndexerMetadataBuilder.build, "
              "DeepseekV4FlashMLAMetadataBuilder.build (C4A, C128A)")
      .device(SuiteDevice::Gpu)
      .axis("R", {8}, {1, 64, 256}, {1, 16, 128, 256, 512})
      .axis("L", {131072}, {131072, 1048576}, {131072, 262144, 1048576})
      // 0: zero-padded (upstream since #35431), 1: -1 padding rows, 2: padding rows + -1 holes.
      .axis("padding", {0, 1, 2}, {0, 1, 2}, {0, 1, 2})
      .axis("Q", {4}, {1, 8}, {1, 4, 64})  // most query tokens of one request
      .axis("order", {0, 1}, {0, 1}, {0, 1})  // 0: indexer, C4A, C128A; 1: C128A, indexer, C4A
      .inputs(make_inputs)
      .outputs(detail::with_indexer_chunk_outputs(output_names()))
      .clamp_variants(build,
                      "both sparse-MLA builders copy the table with clamp(min=0) (0.25.0)",
                      "both sparse-MLA builders clamp_(min=0) the shared table in place (0.27.0)")
      .reader("metadata_block_table", "the metadata's block_table field: the shared view as the step left it",
              detail::read_metadata_block_table)
      .reader("negative_entry_count",
              "a later builder of the same KV group counting the entries < 0 of each row",
              detail::read_negative_entries)
      .floor("one fused pass per builder into its buffers; table read (negatives as 0 for the "
             "sparse-MLA slot mappings, as is for C128A and the indexer), never written; the indexer's "
             "metadata into its decode buffers and the case's room for its chunks; no allocation",
             detail::sparse_mla_step_floor)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_sparse_mla_step_suite);

}  // namespace clampbench::suites
