// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused ngram_find kernel: one warp per request row. For each n from max_n down, the
// lanes test 32 consecutive window starts at a time and __ballot_sync picks the earliest hit,
// so the result is the host loop's (longest n, earliest position). Rows are warp-uniform,
// so every lane reaches every ballot.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "suites/fused/detail/ngram_find_row.h"

namespace clampbench::suites::detail {
namespace {

constexpr int kWarp = 32;

__global__ void fused_ngram_find_kernel(Ref2<const std::int32_t> tokens, Ref1<const std::int32_t> seq_lengths,
                                        std::int64_t min_n, std::int64_t max_n, Ref2<std::int32_t> out) {
  const std::int64_t lane = threadIdx.x % kWarp;
  const std::int64_t warps = clampbench::detail::cuda::grid_stride() / kWarp;
  for (std::int64_t r = clampbench::detail::cuda::global_thread() / kWarp; r < tokens.rows; r += warps) {
    const Ref1<const std::int32_t> row = tokens.row(r);
    std::int64_t seq_len = seq_lengths[r];
    if (seq_len < 0) seq_len = 0;  // out-of-range lengths (the host loop throws) read nothing outside the row
    if (seq_len > row.size) seq_len = row.size;
    std::int64_t match_pos = -1, match_n = 0;
    for (std::int64_t n = max_n; n >= min_n && match_pos < 0; --n) {
      const std::int64_t last = last_window_start(row.size, seq_len, n);
      for (std::int64_t base = 0; base <= last; base += kWarp) {
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
    for (std::int64_t j = lane; j < out.cols; j += kWarp) out(r, j) = draft_token(row, seq_len, match_pos, match_n, j);
  }
}

}  // namespace

void launch_fused_ngram_find(Ref2<const std::int32_t> tokens, Ref1<const std::int32_t> seq_lengths,
                             std::int64_t min_n, std::int64_t max_n, Ref2<std::int32_t> out, cudaStream_t stream) {
  if (tokens.rows == 0 || out.cols == 0) return;
  const unsigned blocks = clampbench::detail::cuda::grid_for(tokens.rows * kWarp);
  CB_LAUNCH_WARP_SYNC(fused_ngram_find_kernel, blocks, clampbench::detail::cuda::kThreadsPerBlock, stream)
  (tokens, seq_lengths, min_n, max_n, out);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::suites::detail
