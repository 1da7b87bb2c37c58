// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The floor of sparse_mla_step: the fused sparse-MLA step once per builder, then the indexer's
// metadata through its custom kernels.

#include "suites/detail/sparse_mla_step_floor.h"

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "kernels/host_planning.h"
#include "suites/detail/indexer_kernels.h"
#include "suites/detail/indexer_metadata.h"
#include "suites/detail/sparse_mla_batch.h"
#include "suites/detail/sparse_mla_c128a.h"
#include "suites/detail/sparse_mla_floor.h"
#include "suites/detail/sparse_mla_step_case.h"
#include "suites/detail/tensor_refs.h"

namespace clampbench::suites::detail {
namespace {

// A pass that writes the builder's slot-mapping buffer (the whole of it, as its fill_) and
// nothing else: no request index, no C128A rows.
SparseMlaStep slot_mapping_only(CaseData& data, const ParamPoint& p, bool negatives_as_zero,
                                const char* buffer, const C128aBuffers& buffers) {
  const Tensor no_request_index = data.get("c128a_decode_lens_buffer").slice(0, 0, 0);
  return sparse_mla_pass(data, sparse_mla_slot_args(data, p, kC4Ratio, negatives_as_zero), data.get(buffer),
                         no_request_index, buffers, DecodePrefillSplit{});
}

// The indexer's metadata besides its slot mapping, into its decode buffers and the case's room
// for the chunks: one pass over the decode rows, one per prefill chunk.
void indexer_metadata_pass(CaseData& data, const ParamPoint& p, const DecodePrefillSplit& split, Outputs& out) {
  const std::vector<std::int32_t> q = to_numpy<std::int32_t>(data.get("query_start_loc_cpu"));
  const std::vector<std::int32_t> seq_lens = to_numpy<std::int32_t>(data.get("seq_lens_cpu"));
  const auto qsl = ref1<const std::int32_t>(data.get("query_start_loc"), "query_start_loc");
  const auto lens = ref1<const std::int32_t>(data.get("seq_lens"), "seq_lens");
  const std::int64_t decodes = split.num_decodes;
  const Tensor decode_lens = data.get("indexer_decode_lens_buffer").slice(0, 0, decodes);
  const Tensor decode_seq_lens = data.get("indexer_expanded_seq_lens_buffer").slice(0, 0, split.num_decode_tokens);
  if (decodes > 0)
    launch_kernel(data.device, decodes,
                  IndexerDecodeFloorKernel{qsl, lens, ref1<std::int32_t>(decode_lens, "decode_lens"),
                                               ref1<std::int32_t>(decode_seq_lens, "decode_seq_lens"), kC4Ratio});
  out.push_back({"indexer_decode_seq_lens", decode_seq_lens.unsqueeze(-1)});
  out.push_back({"indexer_decode_lens", decode_lens});
  std::vector<IndexerChunk> chunks;
  std::int64_t cu = 0, queries = 0;
  for (const PlannedChunk& c : plan_indexer_chunks(q, seq_lens, decodes, kC4Ratio, p.get("L"))) {
    const std::int64_t n = c.spec.req_end - c.spec.req_start, out_len = c.spec.query_stop - c.spec.query_start;
    IndexerChunk chunk{data.get("indexer_floor_cu_seqlen_ks").slice(0, queries, queries + out_len),
                           data.get("indexer_floor_cu_seqlen_ke").slice(0, queries, queries + out_len),
                           data.get("indexer_floor_cu_seq_lens").slice(0, cu, cu + n + 1),
                           Tensor{}};
    const PrefillChunkFloorKernel kernel{
        qsl, lens, ref1<std::int32_t>(chunk.cu_seq_lens, "cu_seq_lens"),
        {Ref1<std::int32_t>{}, ref1<std::int32_t>(chunk.cu_seqlen_ks, "cu_seqlen_ks"),
         ref1<std::int32_t>(chunk.cu_seqlen_ke, "cu_seqlen_ke"), c.spec.query_start, c.spec.query_stop,
         kC4Ratio},
        c.spec.req_start};
    const std::int64_t bad = launch_kernel(data.device, n, kernel, KernelCheck::OnHost);
    CB_CHECK(bad < 0, ErrorKind::IndexOutOfRange, "fused indexer chunk: request {} writes past the case's room", bad);
    chunks.push_back(chunk);
    cu += n + 1;
    queries += out_len;
  }
  append_indexer_chunk_outputs(out, chunks);
}

}  // namespace

Outputs sparse_mla_step_floor(CaseData& data, const ParamPoint& p) {
  const std::int64_t tokens = data.get("positions").size(0);
  const DecodePrefillSplit split =
      decode_prefill_split(to_numpy<std::int32_t>(data.get("query_start_loc_cpu")), kReorderBatchThreshold);
  const C128aBuffers buffers{data.get("c128a_global_decode_buffer"), data.get("c128a_decode_lens_buffer"),
                             data.get("c128a_prefill_buffer")};
  const C128aOutputs c128a = c128a_slices(buffers, split);
  const char* first_sparse = p.get("order") == 0 ? "c4a_req_id_per_token_buffer" : "c128a_req_id_per_token_buffer";
  const Tensor req_ids = data.get(first_sparse).slice(0, 0, tokens);
  Tensor& c128a_slots = data.get("c128a_compressed_slot_mapping");
  run_fused_sparse_mla_step(
      sparse_mla_pass(data, sparse_mla_slot_args(data, p, kC128aRatio, true), c128a_slots, req_ids, buffers, split),
      data.device);
  run_fused_sparse_mla_step(slot_mapping_only(data, p, true, "c4a_compressed_slot_mapping", buffers), data.device);
  run_fused_sparse_mla_step(slot_mapping_only(data, p, false, "indexer_compressed_slot_mapping", buffers),
                            data.device);
  Outputs out{{"c4a_compressed_slot_mapping", data.get("c4a_compressed_slot_mapping").slice(0, 0, tokens)},
              {"c128a_compressed_slot_mapping", c128a_slots.slice(0, 0, tokens)},
              {"indexer_compressed_slot_mapping", data.get("indexer_compressed_slot_mapping").slice(0, 0, tokens)},
              {"req_id_per_token", req_ids},
              {"c128a_global_decode_topk_indices", c128a.global_decode},
              {"c128a_decode_topk_lens", c128a.decode_lens},
              {"c128a_prefill_topk_indices", c128a.prefill_local},
              {"indexer_decode_block_table", data.get("block_table").slice(0, 0, split.num_decodes)}};
  indexer_metadata_pass(data, p, split, out);
  return out;
}

}  // namespace clampbench::suites::detail
