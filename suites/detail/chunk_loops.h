// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The host loops of the fused chunked-context builders (MLA and ROCm AITER), writing straight into
// the outputs: the chunk plan and its cumulative lengths, and the token -> request map. The
// values are those of suites/detail/chunked_context.h's eager ops (int32 arithmetic; no
// overflow for the spec's lengths < 2^31 - 1), with no tensor in between.

#include <algorithm>
#include <cstdint>

namespace clampbench::suites::detail {

// For chunk c and request i, with len = lens(i):
//   starts[c, i] = c * chunk (when starts is not null; [C, P] contiguous),
//   seq_lens[c, i] = max(min(len, c * chunk + chunk) - c * chunk, 0),
//   cu[c, 0] = 0, cu[c, i + 1] = seq_lens[c, 0] + ... + seq_lens[c, i] ([C, P + 1]).
template <typename Lens>
void write_chunk_plan(Lens lens, std::int64_t p, std::int64_t num_chunks, std::int64_t chunk, std::int32_t* starts,
                      std::int32_t* seq_lens, std::int32_t* cu) {
  for (std::int64_t c = 0; c < num_chunks; ++c) {
    const std::int64_t start = c * chunk;
    std::int32_t running = 0;
    cu[c * (p + 1)] = 0;
    for (std::int64_t i = 0; i < p; ++i) {
      const std::int64_t len = std::max<std::int64_t>(std::min<std::int64_t>(lens(i), start + chunk) - start, 0);
      if (starts != nullptr) starts[c * p + i] = static_cast<std::int32_t>(start);
      seq_lens[c * p + i] = static_cast<std::int32_t>(len);
      running += static_cast<std::int32_t>(len);
      cu[c * (p + 1) + i + 1] = running;
    }
  }
}

// max over chunks of cu[c, P]: the width T of the token map.
inline std::int64_t max_chunk_total(const std::int32_t* cu, std::int64_t p, std::int64_t num_chunks) {
  std::int64_t best = cu[p];
  for (std::int64_t c = 1; c < num_chunks; ++c) best = std::max<std::int64_t>(best, cu[c * (p + 1) + p]);
  return best;
}

// Row c of the token map [C, T]: entry t is the number of requests whose chunk ends at or
// before t (cu[c, i + 1] <= t). cu starts at 0 and never decreases, so that count is i on
// [cu[c, i], cu[c, i + 1]): one fill per request, which the compiler vectorises (a pointer
// walked per token was slower than the eager ops it replaces). In the tail t >= cu[c, P] the
// count is P: MLA's zeros-initialised map holds 0 there instead (zero_tail), ROCm's cumsum
// form holds P.
template <typename Out>
void write_token_map(const std::int32_t* cu, std::int64_t p, std::int64_t num_chunks, std::int64_t width,
                     bool zero_tail, Out* out) {
  for (std::int64_t c = 0; c < num_chunks; ++c) {
    const std::int32_t* row_cu = cu + c * (p + 1);
    Out* row = out + c * width;
    for (std::int64_t i = 0; i < p; ++i) {
      const std::int64_t lo = std::min<std::int64_t>(row_cu[i], width);
      const std::int64_t hi = std::min<std::int64_t>(row_cu[i + 1], width);
      if (lo < hi) std::fill(row + lo, row + hi, static_cast<Out>(i));
    }
    std::fill(row + std::min<std::int64_t>(row_cu[p], width), row + width, static_cast<Out>(zero_tail ? 0 : p));
  }
}

// Per chunk: the sum of its lengths (int64, as torch.sum of int32) and their max (int32).
inline void write_chunk_totals(const std::int32_t* seq_lens, std::int64_t p, std::int64_t num_chunks,
                               std::int64_t* totals, std::int32_t* maxima) {
  for (std::int64_t c = 0; c < num_chunks; ++c) {
    std::int64_t total = 0;
    std::int32_t best = seq_lens[c * p];
    for (std::int64_t i = 0; i < p; ++i) {
      total += seq_lens[c * p + i];
      best = std::max(best, seq_lens[c * p + i]);
    }
    if (totals != nullptr) totals[c] = total;
    if (maxima != nullptr) maxima[c] = best;
  }
}

}  // namespace clampbench::suites::detail
