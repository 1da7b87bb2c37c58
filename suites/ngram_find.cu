// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The arithmetic of the fused n-gram matcher, shared by the host loop and the
// CUDA kernel so the two cannot drift apart. Per row: the longest n in [max_n .. min_n] whose
// trailing n-gram occurs earlier at a window start w <= seq_len - n - 1 (room for one draft
// token; this also excludes the suffix itself), at its earliest such w; then the k tokens
// after that occurrence, -1 past seq_len or when nothing matched. Scanning n from the top and
// stopping at the first hit is what clamp's per-n argmax followed by the flipped argmax over
// the sizes computes.
// The fused ngram_find kernel: one warp per request row.

#include <cstdint>

#include "kernels/kernel_source.h"  // in a kernel source also __ballot_sync, threadIdx
#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

// The last window start clamp's valid_mask admits (< 0: none), within the L - n + 1 windows.
CB_HD std::int64_t last_window_start(std::int64_t max_len, std::int64_t seq_len, std::int64_t n) {
  const std::int64_t by_length = seq_len - n - 1;
  const std::int64_t by_windows = max_len - n;
  return by_length < by_windows ? by_length : by_windows;
}

// Whether window w equals the trailing n-gram, whose indices clamp at 0 as clamp's do.
CB_HD bool window_matches(Ref1<const std::int32_t> row, std::int64_t seq_len, std::int64_t n,
                                std::int64_t w) {
  for (std::int64_t j = 0; j < n; ++j) {
    const std::int64_t s = seq_len - n + j;
    if (row[w + j] != row[s < 0 ? 0 : s]) return false;
  }
  return true;
}

// Draft token j of a row whose best match starts at match_pos (-1: none) with length n.
CB_HD std::int32_t draft_token(Ref1<const std::int32_t> row, std::int64_t seq_len, std::int64_t match_pos,
                                     std::int64_t n, std::int64_t j) {
  if (match_pos < 0) return -1;
  const std::int64_t start = match_pos + n;
  if (j >= seq_len - start) return -1;
  std::int64_t at = start + j;  // clamp's [0, L - 1] bounds; inside them whenever j is valid
  if (at < 0) at = 0;
  if (at > row.size - 1) at = row.size - 1;
  return row[at];
}

// The whole row on one thread: the host loop.
CB_HD void ngram_find_row(Ref1<const std::int32_t> row, std::int64_t seq_len, std::int64_t min_n,
                                std::int64_t max_n, Ref1<std::int32_t> out) {
  std::int64_t match_pos = -1, match_n = 0;
  for (std::int64_t n = max_n; n >= min_n && match_pos < 0; --n) {
    const std::int64_t last = last_window_start(row.size, seq_len, n);
    for (std::int64_t w = 0; w <= last; ++w) {
      if (window_matches(row, seq_len, n, w)) {
        match_pos = w;
        match_n = n;
        break;
      }
    }
  }
  for (std::int64_t j = 0; j < out.size; ++j) out[j] = draft_token(row, seq_len, match_pos, match_n, j);
}

// The kernel (kernels/custom_kernel.h): element r is request row r. On the host, one thread
// runs the row and returns false for a sequence length outside [0, L], which the host loop
// rejects. On a device a warp shares the row: its lanes test 32 consecutive window starts at a
// time and a ballot keeps the earliest, so the result is the host loop's (longest n, earliest
// position); an out-of-range length is clamped into the row. Rows are warp-uniform, so every
// lane reaches every ballot.
struct NgramFindRows {
  static constexpr int kLanes = 32;
  Ref2<const std::int32_t> tokens;
  Ref1<const std::int32_t> seq_lengths;
  std::int64_t min_n = 1, max_n = 1;
  Ref2<std::int32_t> out;

  CB_HD bool operator()(std::int64_t r) const {
    const std::int64_t seq_len = seq_lengths[r];
    if (seq_len < 0 || seq_len > tokens.cols) return false;
    ngram_find_row(tokens.row(r), seq_len, min_n, max_n, out.row(r));
    return true;
  }

#if CLAMPBENCH_KERNEL_SOURCE
  __device__ void operator()(std::int64_t r, int lane) const {
    const Ref1<const std::int32_t> row = tokens.row(r);
    std::int64_t seq_len = seq_lengths[r];
    if (seq_len < 0) seq_len = 0;
    if (seq_len > row.size) seq_len = row.size;
    std::int64_t match_pos = -1, match_n = 0;
    for (std::int64_t n = max_n; n >= min_n && match_pos < 0; --n) {
      const std::int64_t last = last_window_start(row.size, seq_len, n);
      for (std::int64_t base = 0; base <= last; base += kLanes) {
        const std::int64_t w = base + lane;
        const bool hit = w <= last && window_matches(row, seq_len, n, w);
        const unsigned ballot = __ballot_sync(0xffffffffu, hit);
        if (ballot != 0) {
          match_pos = base + __ffs(static_cast<int>(ballot)) - 1;
          match_n = n;
          break;
        }
      }
    }
    for (std::int64_t j = lane; j < out.cols; j += kLanes) out(r, j) = draft_token(row, seq_len, match_pos, match_n, j);
  }
#endif
};

}  // namespace clampbench::suites::detail

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::NgramFindRows);
