// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused ngram_propose kernel: one thread per (row, sample) element of the sampled tokens.
// A row's write positions are distinct, so the threads never write the same element.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "suites/fused/detail/ngram_propose_row.h"

namespace clampbench::suites::fused::detail {
namespace {

__global__ void fused_ngram_propose_kernel(Ref2<std::int32_t> token_ids, Ref1<const std::int32_t> num_tokens_no_spec,
                                           Ref2<const std::int32_t> sampled, Ref1<const std::int32_t> counts,
                                           Ref1<std::int32_t> num_tokens_tmp) {
  const std::int64_t n = sampled.rows * sampled.cols;
  for (std::int64_t i = clampbench::detail::cuda::global_thread(); i < n; i += clampbench::detail::cuda::grid_stride()) {
    const std::int64_t r = i / sampled.cols, j = i % sampled.cols;
    const std::int32_t sample = sampled(r, j);
    const std::int64_t at = propose_write_position(num_tokens_no_spec[r], counts[r], sample, token_ids.cols, j);
    if (at >= 0) token_ids(r, at) = sample;  // -2 (rejected by the host loop) writes nothing
    if (j == 0) num_tokens_tmp[r] = add_i32(num_tokens_no_spec[r], counts[r]);
  }
}

__global__ void fused_ngram_propose_counts_kernel(Ref1<const std::int32_t> num_tokens_no_spec,
                                                  Ref1<const std::int32_t> counts, Ref1<std::int32_t> num_tokens_tmp) {
  for (std::int64_t r = clampbench::detail::cuda::global_thread(); r < counts.size; r += clampbench::detail::cuda::grid_stride())
    num_tokens_tmp[r] = add_i32(num_tokens_no_spec[r], counts[r]);
}

}  // namespace

void launch_fused_ngram_propose(Ref2<std::int32_t> token_ids, Ref1<const std::int32_t> num_tokens_no_spec,
                                Ref2<const std::int32_t> sampled, Ref1<const std::int32_t> counts,
                                Ref1<std::int32_t> num_tokens_tmp, cudaStream_t stream) {
  if (counts.size == 0) return;
  using clampbench::detail::cuda::grid_for;
  using clampbench::detail::cuda::kThreadsPerBlock;
  if (sampled.cols == 0) {  // no samples: only the counts (still one kernel)
    fused_ngram_propose_counts_kernel<<<grid_for(counts.size), kThreadsPerBlock, 0, stream>>>(
        num_tokens_no_spec, counts, num_tokens_tmp);
  } else {
    fused_ngram_propose_kernel<<<grid_for(sampled.rows * sampled.cols), kThreadsPerBlock, 0, stream>>>(
        token_ids, num_tokens_no_spec, sampled, counts, num_tokens_tmp);
  }
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::suites::fused::detail
