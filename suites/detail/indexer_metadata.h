// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What DeepseekV32IndexerMetadataBuilder.build (v1/attention/backends/mla/indexer.py) computes
// besides its compressed slot mapping, op for op, as vLLM runs it for DeepSeek V4's C4 indexer
// on an H200 with no speculative decoding and no context parallelism (next_n 1: the native
// decode path, no flattening; the same code in 0.25.0 and 0.27.0):
// - its own split (split_decodes_and_prefills with require_uniform, sparse_mla_batch.h):
//   decodes of one token;
// - compressed_seq_lens = seq_lens // 4 on the device (always);
// - with prefills: the host plan of the chunks and each chunk's metadata
//   (suites/detail/indexer_prefill_chunks.h);
// - with decodes: torch.diff(query_start_loc[:d + 1], out=decode_lens_buffer[:d]), the host
//   reads of the decode lens' max and min, and expanded_seq_lens_buffer[:d] = seq_lens[:d] // 4
//   (one allocation and a copy_), [d:decode tokens] = 0 (an empty fill_: one op, no launch).
// DeepGEMM's paged-MQA schedule (current_platform.is_cuda() and has_deep_gemm(): one DeepGEMM
// call whose result is copied into a persistent buffer) is not computed: it reads no table
// entry, and vLLM's code is measured without it too (no DeepGEMM off a GPU).

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/error.h"
#include "kernels/host_planning.h"
#include "kernels/ops.h"
#include "suites/detail/builder_ops.h"
#include "suites/detail/indexer_prefill_chunks.h"
#include "suites/detail/sparse_mla_batch.h"
#include "suites/suite.h"

namespace clampbench::suites::detail {

// What the builder's metadata holds besides its slot mapping.
struct IndexerMetadata {
  Tensor decode_seq_lens, decode_lens;  // decode.seq_lens [d, 1] and decode.decode_lens [d]
  std::vector<IndexerChunk> chunks;     // prefill.chunks
};

struct IndexerInputs {
  const Tensor &query_start_loc, &query_start_loc_cpu, &seq_lens, &seq_lens_cpu;
  Tensor &decode_lens_buffer, &expanded_seq_lens_buffer;  // the builder's, from __init__
  std::int64_t max_model_len = 0;
};

inline std::vector<IndexerChunk> indexer_prefill_chunks(const IndexerInputs& in, const Tensor& compressed_seq_lens,
                                                        std::int64_t num_decodes, std::int64_t num_prefills) {
  Tensor compressed_cpu;
  std::vector<IndexerChunkSpec> specs;
  {
    const HostPlanning host;
    compressed_cpu = floor_divide(in.seq_lens_cpu, kC4Ratio);
    const Tensor query_lens = sub(in.query_start_loc_cpu.slice(0, num_decodes + 1, num_decodes + num_prefills + 1),
                                  in.query_start_loc_cpu.slice(0, num_decodes, num_decodes + num_prefills));
    const Tensor seq_lens = compressed_cpu.slice(0, num_decodes, compressed_cpu.size(0));
    specs = split_indexer_prefill_chunks(
        num_prefills, [&](std::int64_t i) { return item_int(query_lens.select(0, i)); },
        [&](std::int64_t i) { return item_int(seq_lens.select(0, i)); },
        indexer_prefill_workspace(in.max_model_len), kIndexerMaxLogitsBytes, num_decodes);
  }
  std::vector<IndexerChunk> chunks;
  for (const IndexerChunkSpec& spec : specs)
    if (auto chunk = build_prefill_chunk_metadata(spec, in.query_start_loc, in.query_start_loc_cpu, in.seq_lens,
                                                  compressed_seq_lens, compressed_cpu, kC4Ratio))
      chunks.push_back(*chunk);
  return chunks;
}

inline IndexerMetadata indexer_metadata(const IndexerInputs& in, const DecodePrefillSplit& split) {
  const std::int64_t reqs = in.seq_lens.size(0), decodes = split.num_decodes, prefills = reqs - decodes;
  const Tensor compressed_seq_lens = floor_divide(in.seq_lens, kC4Ratio);
  IndexerMetadata md;
  if (prefills > 0) md.chunks = indexer_prefill_chunks(in, compressed_seq_lens, decodes, prefills);
  md.decode_lens = in.decode_lens_buffer.slice(0, 0, decodes);
  md.decode_seq_lens = in.expanded_seq_lens_buffer.slice(0, 0, split.num_decode_tokens).unsqueeze(-1);
  if (decodes == 0) return md;  // vLLM: decode metadata None; the port's two are empty
  sub_out(md.decode_lens, in.query_start_loc.slice(0, 1, decodes + 1), in.query_start_loc.slice(0, 0, decodes));
  {
    const HostPlanning host;
    const Tensor decode_lens_cpu = sub(in.query_start_loc_cpu.slice(0, 1, decodes + 1),
                                       in.query_start_loc_cpu.slice(0, 0, decodes));
    const std::int64_t max_decode_len = item_int(max(decode_lens_cpu));
    (void)item_int(min(decode_lens_cpu));  // _prepare_decode_tensors: requires_padding, not an output
    CB_CHECK(max_decode_len <= 1, ErrorKind::InvalidArgument,
             "indexer: a decode of {} tokens needs speculative decoding, which is not modelled", max_decode_len);
  }
  Tensor head = in.expanded_seq_lens_buffer.slice(0, 0, decodes);
  copy_(head, floor_divide(in.seq_lens.slice(0, 0, decodes), kC4Ratio));
  Tensor rest = in.expanded_seq_lens_buffer.slice(0, decodes, split.num_decode_tokens);
  fill_(rest, 0);
  return md;
}

// Each prefill chunk's metadata as outputs, chunk k's named indexer_prefill_<k>_<field>: a
// family of outputs whose count follows the batch. Two fields are not outputs:
// - block_table, a view of the table's rows: the step's table readers see those rows;
// - token_to_seq, request b over [cu_seq_lens[b], cu_seq_lens[b + 1]), as long as the chunk's
//   compressed tokens: allocated and written as vLLM does, then dropped. Kept for every
//   variant, with the fused floor's room for it, it raised the peak RSS of the suite's nightly
//   set from 428 to 681 MiB, over the whole set's 550 (tests/suites/test_indexer_metadata.cpp
//   checks it against cu_seq_lens).
inline const std::vector<std::string>& indexer_chunk_fields() {
  static const std::vector<std::string> fields = {"cu_seqlen_ks", "cu_seqlen_ke", "cu_seq_lens"};
  return fields;
}
inline std::string indexer_chunk_output(const std::string& k, const std::string& field) {
  return "indexer_prefill_" + k + "_" + field;
}
inline void append_indexer_chunk_outputs(std::vector<NamedTensor>& outputs, const std::vector<IndexerChunk>& chunks) {
  for (std::size_t k = 0; k < chunks.size(); ++k) {
    const IndexerChunk& c = chunks[k];
    const Tensor* fields[] = {&c.cu_seqlen_ks, &c.cu_seqlen_ke, &c.cu_seq_lens};
    for (std::size_t f = 0; f < indexer_chunk_fields().size(); ++f)
      outputs.push_back({indexer_chunk_output(std::to_string(k), indexer_chunk_fields()[f]), *fields[f]});
  }
}
// The declared names: `fixed`, then the family's, <k> standing for 0, 1, ...
inline std::vector<std::string> with_indexer_chunk_outputs(std::vector<std::string> fixed) {
  for (const std::string& field : indexer_chunk_fields()) fixed.push_back(indexer_chunk_output("<k>", field));
  return fixed;
}

}  // namespace clampbench::suites::detail
