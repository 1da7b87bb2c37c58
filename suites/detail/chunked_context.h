// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The chunked-context planning that MLA prefill (site 3) and ROCm AITER FA extend (site 5)
// share: split each request's cached context into chunks of a fixed size, then lay the chunks
// out as cumulative lengths. MLA's token -> request map is here too (ROCm writes its own, in
// vLLM's other spelling, next to its builder). Written with vLLM's eager ops, so each helper's
// allocation count is stated next to it.

#include <cstdint>

#include "kernels/ops.h"

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
                             bool in_place) {
  const std::int64_t p = lens.size(0);
  Tensor starts = mul(arange(num_chunks, DType::Int32, lens.device()).unsqueeze(1).expand({-1, p}),
                      chunk);
  Tensor ends = minimum(lens.unsqueeze(0), add(starts, chunk));
  Tensor seq_lens = sub(ends, starts);
  if (in_place) {
    clamp_(seq_lens, 0);
  } else {
    seq_lens = clamp(seq_lens, 0);
  }
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

// token_to_seq [C, T] int32 with the values of MLA's torch.zeros((C, T), int32) after
// repeat_interleave(arange(P), seq_lens[c]) is written into the first cu[c, P] entries of row
// c (not its ops: the runtime has no repeat_interleave, and vLLM's loop allocates per chunk).
// For t < cu[c, P], the request the token belongs to, i.e. the number of requests whose chunk
// ends at or before t (zero-length requests are skipped, as repeat_interleave skips them); the
// tail t >= cu[c, P] is 0. The count alone gives P in the tail; the tail is exactly where the
// last request's comparison cu[c, P] <= t holds, so masked_fill_ with that slice of the
// comparison (a view) writes the zeros without a mask of its own, the fewest allocations.
// arange 1, le 1, sum 1, to(int32) 1, masked_fill_ 0: 4 allocs.
inline Tensor token_to_request(const Tensor& cu, std::int64_t max_tokens) {
  const std::int64_t p = cu.size(1) - 1;
  Tensor t = arange(max_tokens, DType::Int32, cu.device()).unsqueeze(0).unsqueeze(0);
  Tensor ends = cu.slice(1, 1, p + 1).unsqueeze(2);  // [C, P, 1]
  Tensor ended = le(ends, t);                        // [C, P, T]
  Tensor token_to_seq = to(sum(ended, 1), DType::Int32);
  masked_fill_(token_to_seq, ended.select(1, p - 1), 0);  // t >= cu[c, P]
  return token_to_seq;
}

}  // namespace clampbench::suites::detail
