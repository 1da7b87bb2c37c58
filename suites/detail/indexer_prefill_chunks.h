// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The DeepSeek V4 indexer's prefill chunks (v1/attention/backends/mla/indexer.py), as vLLM
// runs them: split_indexer_prefill_chunks plans on the host, reading one Python int per step
// from CPU tensors, and build_prefill_chunk_metadata makes each chunk's tensors on the device
// -- torch.empty x 4, a fill_, a cumsum into a slice, one subtraction and the Triton kernel
// (suites/detail/indexer_kernels.h): 5 allocations and 4 launches a chunk, and its host reads
// (sum().item(), (b - a).item(), item()).

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "kernels/host_planning.h"
#include "kernels/ops.h"
#include "suites/detail/indexer_kernels.h"
#include "suites/detail/tensor_refs.h"

namespace clampbench::suites::detail {

// get_max_prefill_buffer_size (max_model_len * 40) and VLLM_SPARSE_INDEXER_MAX_LOGITS_MB's
// default (512), the two budgets a chunk respects.
constexpr std::int64_t indexer_prefill_workspace(std::int64_t max_model_len) { return max_model_len * 40; }
inline constexpr std::int64_t kIndexerMaxLogitsBytes = std::int64_t{512} * 1024 * 1024;

// One chunk: requests [req_start, req_end) of the batch, query tokens [query_start,
// query_stop) of theirs (chunk-relative).
struct IndexerChunkSpec {
  std::int64_t req_start = 0, req_end = 0, query_start = 0, query_stop = 0;
  friend bool operator==(const IndexerChunkSpec&, const IndexerChunkSpec&) = default;
};

// split_indexer_prefill_chunks over n prefill requests, `query_len(i)` and `seq_len(i)` the
// reads of request i (vLLM: query_lens_cpu[i].item(), seq_lens_cpu[i].item()), made exactly
// where and as often as the loop makes them. 0.25.0 steps a chunk of no compressed token by
// chunk_m, 0.27.0 by max(1, chunk_m): equal, as a prefill request has a query token.
template <typename QueryLen, typename SeqLen>
std::vector<IndexerChunkSpec> split_indexer_prefill_chunks(std::int64_t n, QueryLen query_len, SeqLen seq_len,
                                                           std::int64_t workspace, std::int64_t max_logits_bytes,
                                                           std::int64_t request_offset) {
  std::vector<IndexerChunkSpec> chunks;
  const std::int64_t max_logits_elems = max_logits_bytes / 4;
  std::int64_t end = 0;
  while (end < n) {
    const std::int64_t start = end;
    std::int64_t chunk_m = 0, chunk_n = 0;
    while (end < n) {
      const std::int64_t q = query_len(end), s = seq_len(end);
      if (chunk_n + s > workspace || (chunk_m + q) * (chunk_n + s) > max_logits_elems) break;
      chunk_m += q;
      chunk_n += s;
      ++end;
    }
    if (end == start) {  // one request over the budget: sub-chunked on its queries
      chunk_m = query_len(end);
      chunk_n = seq_len(end);
      ++end;
    }
    const std::int64_t max_q = chunk_n > 0 ? std::max<std::int64_t>(1, max_logits_elems / chunk_n)
                                           : std::max<std::int64_t>(1, chunk_m);
    for (std::int64_t q_off = 0; q_off < chunk_m; q_off += max_q)
      chunks.push_back({start + request_offset, end + request_offset, q_off, q_off + std::min(max_q, chunk_m - q_off)});
  }
  return chunks;
}

// The chunks of a batch from its values, with no op (the fused floor's plan, and the case's
// room for the floor's chunk metadata): each chunk holding a compressed token, with its total.
struct PlannedChunk {
  IndexerChunkSpec spec;
  std::int64_t total_seq_lens = 0;
};
inline std::vector<PlannedChunk> plan_indexer_chunks(const std::vector<std::int32_t>& query_start_loc,
                                                     const std::vector<std::int32_t>& seq_lens,
                                                     std::int64_t num_decodes, std::int64_t compress_ratio,
                                                     std::int64_t max_model_len) {
  auto at = [](const std::vector<std::int32_t>& v, std::int64_t i) { return v[static_cast<std::size_t>(i)]; };
  const auto reqs = static_cast<std::int64_t>(seq_lens.size());
  auto compressed = [&](std::int64_t r) { return at(seq_lens, r) / compress_ratio; };
  std::vector<PlannedChunk> planned;
  for (const IndexerChunkSpec& spec : split_indexer_prefill_chunks(
           reqs - num_decodes,
           [&](std::int64_t i) { return at(query_start_loc, num_decodes + i + 1) - at(query_start_loc, num_decodes + i); },
           [&](std::int64_t i) { return compressed(num_decodes + i); }, indexer_prefill_workspace(max_model_len),
           kIndexerMaxLogitsBytes, num_decodes)) {
    std::int64_t total = 0;
    for (std::int64_t r = spec.req_start; r < spec.req_end; ++r) total += compressed(r);
    if (total > 0) planned.push_back({spec, total});
  }
  return planned;
}

// One chunk's metadata tensors, as DeepseekV32IndexerPrefillChunkMetadata holds them.
struct IndexerChunk {
  Tensor cu_seqlen_ks, cu_seqlen_ke, cu_seq_lens, token_to_seq;
};

// build_prefill_chunk_metadata(start, end, ...) with the chunk's query slice, no decode context
// parallelism. nullopt for a chunk of no compressed token, as vLLM returns None.
inline std::optional<IndexerChunk> build_prefill_chunk_metadata(const IndexerChunkSpec& spec, const Tensor& query_start_loc,
                                                                const Tensor& query_start_loc_cpu,
                                                                const Tensor& uncompressed_seq_lens,
                                                                const Tensor& compressed_seq_lens,
                                                                const Tensor& compressed_seq_lens_cpu,
                                                                std::int64_t compress_ratio) {
  const std::int64_t start = spec.req_start, end = spec.req_end, n = end - start;
  std::int64_t total_seq_lens = 0;
  {
    const HostPlanning host;
    total_seq_lens = item_int(sum(compressed_seq_lens_cpu.slice(0, start, end)));
  }
  if (total_seq_lens == 0) return std::nullopt;
  const DeviceType device = query_start_loc.device();
  IndexerChunk chunk;
  chunk.token_to_seq = empty({total_seq_lens}, DType::Int32, device);
  chunk.cu_seq_lens = empty({n + 1}, DType::Int32, device);
  Tensor head = chunk.cu_seq_lens.slice(0, 0, 1), tail = chunk.cu_seq_lens.slice(0, 1, n + 1);
  fill_(head, 0);  // "Assigning to slice avoids cpu sync."
  cumsum_out(tail, compressed_seq_lens.slice(0, start, end), 0);
  const Tensor relative = sub(query_start_loc.slice(0, start, end + 1), query_start_loc.select(0, start));
  {
    const HostPlanning host;  // total_query_len: computed, unused with a query slice
    (void)item_int(sub(query_start_loc_cpu.select(0, end), query_start_loc_cpu.select(0, start)));
  }
  const std::int64_t out_len = spec.query_stop - spec.query_start;
  chunk.cu_seqlen_ks = empty({out_len}, DType::Int32, device);
  chunk.cu_seqlen_ke = empty({out_len}, DType::Int32, device);
  const PrefillChunkMetadataKernel kernel{
      ref1<const std::int32_t>(relative, "query_start_loc"),
      ref1<const std::int32_t>(uncompressed_seq_lens.slice(0, start, end), "seq_lens"),
      ref1<const std::int32_t>(chunk.cu_seq_lens, "cu_seq_lens"),
      {ref1<std::int32_t>(chunk.token_to_seq, "token_to_seq"), ref1<std::int32_t>(chunk.cu_seqlen_ks, "cu_seqlen_ks"),
       ref1<std::int32_t>(chunk.cu_seqlen_ke, "cu_seqlen_ke"), spec.query_start, spec.query_stop, compress_ratio}};
  const std::int64_t bad = launch_kernel(device, n, kernel, KernelCheck::OnHost);
  CB_CHECK(bad < 0, ErrorKind::IndexOutOfRange, "build_prefill_chunk_metadata: request {} writes past its chunk", bad);
  {
    const HostPlanning host;  // token_start; token_end follows from it and the query slice
    (void)item_int(query_start_loc_cpu.select(0, start));
  }
  return chunk;
}

}  // namespace clampbench::suites::detail
