// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The DeepSeek V4 indexer's prefill-chunk Triton kernel (v1/attention/backends/mla/indexer.py:
// _build_prefill_chunk_metadata_kernel, 0.25.0; BuildPrefillChunkMetadataKernel.kernel,
// 0.27.0, the same body) as a custom kernel (kernels/custom_kernel.h), program for program: one
// launch, no allocation. Program b is request b of the chunk: its query tokens at chunk
// positions [query_start_loc[b], query_start_loc[b + 1]) that fall in the query slice get
//   cu_seqlen_ks = row start (cu_seq_lens[b]), cu_seqlen_ke = row start + (start_pos + 1 +
//   offset) // ratio, where start_pos = uncompressed seq_len - query_len,
// and token_to_seq[cu_seq_lens[b] .. cu_seq_lens[b + 1]) = b. Without decode context
// parallelism (every case here) the row start is cu_seq_lens[b] itself. Triton's `//` on int32
// truncates; every operand is >= 0 on a valid batch, where it is Python's floor.
// A program returns false where vLLM's kernel would store outside a buffer (the host loop stops
// there; a GPU trusts its inputs, as vLLM's kernel does). Below it, the fused floor's kernels.

#include <cstdint>

#include "kernels/host_device.h"
#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

// Where one request's rows of the chunk metadata go, and what they hold.
struct PrefillChunkRow {
  std::int64_t query_start, query_len;  // chunk-relative query tokens of the request
  std::int64_t seq_start, compressed_len;
  std::int64_t uncompressed_len;
};

// Writes request b's rows of cu_seqlen_ks/ke and token_to_seq, as the kernel's two loops do.
struct PrefillChunkOutputs {
  Ref1<std::int32_t> token_to_seq;  // [total compressed lens of the chunk]; none (null) in the floor
  Ref1<std::int32_t> cu_seqlen_ks;  // [query_slice_stop - query_slice_start]
  Ref1<std::int32_t> cu_seqlen_ke;
  std::int64_t query_slice_start = 0, query_slice_stop = 0, compress_ratio = 0;

  CB_HD bool write_row(std::int64_t b, const PrefillChunkRow& row) const {
    bool ok = true;
    const std::int64_t start_pos = row.uncompressed_len - row.query_len;
    for (std::int64_t offset = 0; offset < row.query_len; ++offset) {
      const std::int64_t abs_pos = row.query_start + offset;
      if (abs_pos < query_slice_start || abs_pos >= query_slice_stop) continue;
      const std::int64_t out = abs_pos - query_slice_start;
      if (out >= cu_seqlen_ks.size || out >= cu_seqlen_ke.size) {
        ok = false;
        continue;
      }
      cu_seqlen_ks[out] = static_cast<std::int32_t>(row.seq_start);
      cu_seqlen_ke[out] = static_cast<std::int32_t>(row.seq_start + (start_pos + 1 + offset) / compress_ratio);
    }
    if (token_to_seq.data == nullptr || row.compressed_len <= 0) return ok;
    if (row.seq_start < 0 || row.seq_start + row.compressed_len > token_to_seq.size) return false;
    // The chunk's longest loop (its compressed tokens): through a plain pointer where the
    // buffer is contiguous, as torch.empty makes it, so that the host loop vectorises.
    const auto request = static_cast<std::int32_t>(b);
    if (token_to_seq.stride == 1) {
      std::int32_t* out = token_to_seq.data + row.seq_start;
      for (std::int64_t offset = 0; offset < row.compressed_len; ++offset) out[offset] = request;
    } else {
      for (std::int64_t offset = 0; offset < row.compressed_len; ++offset) token_to_seq[row.seq_start + offset] = request;
    }
    return ok;
  }
};

struct PrefillChunkMetadataKernel {
  Ref1<const std::int32_t> query_start_loc;        // [n + 1], relative to the chunk's first token
  Ref1<const std::int32_t> uncompressed_seq_lens;  // seq_lens[start:end]
  Ref1<const std::int32_t> cu_seq_lens;            // [n + 1]
  PrefillChunkOutputs outputs;

  CB_HD bool operator()(std::int64_t b) const {
    const std::int64_t query_start = query_start_loc[b], seq_start = cu_seq_lens[b];
    return outputs.write_row(b, {query_start, query_start_loc[b + 1] - query_start, seq_start,
                                 cu_seq_lens[b + 1] - seq_start, uncompressed_seq_lens[b]});
  }
};

// The fused floor's two passes (no allocation, no op): one launch per chunk, program b computing
// its own row start by summing the compressed lengths before it (what cumsum gives the eager
// port), and one launch for the decode rows (what diff and seq_lens // 4 give it). The floor
// writes no token_to_seq: no output holds it (suites/detail/indexer_metadata.h).
struct PrefillChunkFloorKernel {
  Ref1<const std::int32_t> query_start_loc;  // the batch's [R + 1]
  Ref1<const std::int32_t> seq_lens;         // the batch's uncompressed lengths [R]
  Ref1<std::int32_t> cu_seq_lens;            // [n + 1] of the chunk
  PrefillChunkOutputs outputs;
  std::int64_t req_start = 0;

  CB_HD bool operator()(std::int64_t b) const {
    const std::int64_t ratio = outputs.compress_ratio, r = req_start + b;
    std::int64_t seq_start = 0;
    for (std::int64_t j = req_start; j < r; ++j) seq_start += seq_lens[j] / ratio;
    const std::int64_t compressed_len = seq_lens[r] / ratio;
    if (b == 0) cu_seq_lens[0] = 0;
    cu_seq_lens[b + 1] = static_cast<std::int32_t>(seq_start + compressed_len);
    const std::int64_t query_start = query_start_loc[r] - query_start_loc[req_start];
    return outputs.write_row(b, {query_start, query_start_loc[r + 1] - query_start_loc[r], seq_start, compressed_len,
                                 seq_lens[r]});
  }
};

struct IndexerDecodeFloorKernel {
  Ref1<const std::int32_t> query_start_loc, seq_lens;
  Ref1<std::int32_t> decode_lens, decode_seq_lens;  // [d] each
  std::int64_t compress_ratio = 0;

  CB_HD void operator()(std::int64_t i) const {
    decode_lens[i] = query_start_loc[i + 1] - query_start_loc[i];
    decode_seq_lens[i] = static_cast<std::int32_t>(seq_lens[i] / compress_ratio);
  }
};

}  // namespace clampbench::suites::detail
