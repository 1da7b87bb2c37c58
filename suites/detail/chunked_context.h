// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The chunked-context planning that MLA prefill and ROCm AITER FA extend share: split each
// request's cached context into chunks of a fixed size, then lay the chunks out as cumulative
// lengths. MLA's token -> request map is here too (ROCm writes its own, in vLLM's other
// spelling, next to its builder). Written op for op as vLLM's host code, so each helper's
// allocations are vLLM's, stated next to it.

#include <cstdint>

#include "kernels/ops.h"
#include "suites/detail/clamp_mode.h"

namespace clampbench::suites::detail {

// A plan's chunk size in tokens and the chunks the longest request needs (host integers).
struct ChunkPlan {
  std::int64_t chunk = 0, num_chunks = 0;
};

// ROCm AITER (rocm_aiter_fa.py): arange(C, int32).unsqueeze(1).expand(-1, P) * chunk   2 allocs
inline Tensor broadcast_chunk_starts(std::int64_t num_chunks, std::int64_t requests, std::int64_t chunk) {
  return mul(arange(num_chunks, DType::Int32, DeviceType::Host).unsqueeze(1).expand({-1, requests}), chunk);
}

// MLA (mla_attention.py, 0.25.0 and 0.27.0):
//   torch.empty(C, P, int32).copy_(torch.arange(C, int32).multiply_(chunk).unsqueeze(1))  2 allocs
inline Tensor filled_chunk_starts(std::int64_t num_chunks, std::int64_t requests, std::int64_t chunk) {
  Tensor starts = empty({num_chunks, requests}, DType::Int32, DeviceType::Host);
  Tensor steps = arange(num_chunks, DType::Int32, DeviceType::Host);
  copy_(starts, mul_(steps, chunk).unsqueeze(1));
  return starts;
}

// chunk_ends = torch.min(lens.unsqueeze(0), starts + chunk)                2 allocs
// seq_lens   = chunk_ends - starts                                          1 alloc
// seq_lens clamped at min 0: out of place 1 alloc, in place 0. The difference is negative
// where a chunk starts past a request's context.
inline Tensor chunk_lengths(const Tensor& lens, const Tensor& starts, std::int64_t chunk, ClampMode mode) {
  Tensor ends = minimum(lens.unsqueeze(0), add(starts, chunk));
  return clamp_as(mode, sub(ends, starts), 0);
}

// cu [C, P+1] int32: torch.zeros, then torch.cumsum(seq_lens, dim=1, out=cu[:, 1:],
// dtype=int32): 1 alloc, the cumsum written into the view.
inline Tensor cumulative_lens(const Tensor& seq_lens) {
  const std::int64_t c = seq_lens.size(0), p = seq_lens.size(1);
  Tensor cu = full({c, p + 1}, 0, DType::Int32, seq_lens.device());
  Tensor tail = cu.slice(1, 1, p + 1);
  cumsum_out(tail, seq_lens, 1, DType::Int32);
  return cu;
}

// token_to_seq [C, T] int32, op for op as vLLM writes it (0.27.0 mla_attention.py:1673-1679),
// O(C * T), given req_indices = torch.arange(P, int32), which the DCP-local map reuses:
//   token_to_seq = torch.zeros((C, T), int32)                                  1 alloc
//   per chunk i: repeat_interleave(req_indices, chunk_seq_lens[i])             2 allocs (ATen's
//                index of the repeats, then index_select)
//                token_to_seq[i, :n] = that (a copy into a view)               0
// 1 + 2C allocs. Row c holds each request's index once per token of its chunk (zero-length
// requests are skipped), then the zero tail t >= cu[c, P].
inline Tensor token_to_request(const Tensor& seq_lens, const Tensor& req_indices, std::int64_t max_tokens) {
  const std::int64_t c = seq_lens.size(0);
  Tensor token_to_seq = full({c, max_tokens}, 0, DType::Int32, seq_lens.device());
  for (std::int64_t i = 0; i < c; ++i) {
    const Tensor tokens = repeat_interleave(req_indices, seq_lens.select(0, i));
    Tensor head = token_to_seq.select(0, i).slice(0, 0, tokens.size(0));
    copy_(head, tokens);
  }
  return token_to_seq;
}

}  // namespace clampbench::suites::detail
