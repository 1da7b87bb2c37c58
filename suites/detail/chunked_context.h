// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The chunked-context planning that MLA prefill and ROCm AITER FA extend
// share: split each request's cached context into chunks of a fixed size, then lay the chunks
// out as cumulative lengths. MLA's token -> request map is here too (ROCm writes its own, in
// vLLM's other spelling, next to its builder). Written with vLLM's eager ops, so each helper's
// allocation count is stated next to it.

#include <cstdint>

#include "kernels/ops.h"
#include "suites/detail/clamp_mode.h"

namespace clampbench::suites::detail {

// One chunk plan: starts [C, P], the (possibly clamped) lengths [C, P].
struct ChunkPlan {
  Tensor starts;
  Tensor seq_lens;
};

// chunk_starts = arange(C, int32).unsqueeze(1).expand(-1, P) * chunk      2 allocs
// chunk_ends   = minimum(lens.unsqueeze(0), chunk_starts + chunk)          2 allocs
// seq_lens     = chunk_ends - chunk_starts                                 1 alloc
// seq_lens clamped at min 0: out of place 1 alloc, in place 0.
// The difference is negative where a chunk starts past a request's context.
inline ChunkPlan plan_chunks(const Tensor& lens, std::int64_t num_chunks, std::int64_t chunk,
                             ClampMode mode) {
  const std::int64_t p = lens.size(0);
  Tensor starts = mul(arange(num_chunks, DType::Int32, lens.device()).unsqueeze(1).expand({-1, p}),
                      chunk);
  Tensor ends = minimum(lens.unsqueeze(0), add(starts, chunk));
  Tensor seq_lens = sub(ends, starts);
  seq_lens = clamp_as(mode, seq_lens, 0);
  return {starts, seq_lens};
}

// cu [C, P+1] int32: zeros, then torch.cumsum(seq_lens, dim=1, dtype=int32) copied into
// cu[:, 1:]. The spec counts cumsum as one allocation: 2 allocs in all.
inline Tensor cumulative_lens(const Tensor& seq_lens) {
  const std::int64_t c = seq_lens.size(0), p = seq_lens.size(1);
  Tensor cu = full({c, p + 1}, 0, DType::Int32, seq_lens.device());
  Tensor cut = cu.slice(1, 1, p + 1);
  copy_(cut, cumsum(seq_lens, 1, DType::Int32));
  return cu;
}

// token_to_seq [C, T] int32, op for op as vLLM's build_mla_chunked_context_metadata writes it
// (0.27.0 mla_attention.py:1673-1679), O(C * T):
//   token_to_seq = torch.zeros((C, T), int32)                                  1 alloc
//   req_indices = torch.arange(P, int32)                                       1 alloc
//   per chunk i: repeat_interleave(req_indices, chunk_seq_lens[i])             1 alloc
//                token_to_seq[i, :n] = that (a copy into a view)               0
// 2 + C allocs. Row c holds each request's index once per token of its chunk (zero-length
// requests are skipped), then the zero tail t >= cu[c, P].
inline Tensor token_to_request(const Tensor& seq_lens, std::int64_t max_tokens) {
  const std::int64_t c = seq_lens.size(0), p = seq_lens.size(1);
  Tensor token_to_seq = full({c, max_tokens}, 0, DType::Int32, seq_lens.device());
  const Tensor req_indices = arange(p, DType::Int32, seq_lens.device());
  for (std::int64_t i = 0; i < c; ++i) {
    const Tensor tokens = repeat_interleave(req_indices, seq_lens.select(0, i));
    Tensor head = token_to_seq.select(0, i).slice(0, 0, tokens.size(0));
    copy_(head, tokens);
  }
  return token_to_seq;
}

}  // namespace clampbench::suites::detail
