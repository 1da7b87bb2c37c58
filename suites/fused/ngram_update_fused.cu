// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused ngram_update kernel: one thread per request row runs the host loop's row body.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "suites/fused/detail/ngram_update_row.h"

namespace clampbench::suites::detail {
namespace {

__global__ void fused_ngram_update_kernel(Ref2<const std::int32_t> token_ids, Ref1<const std::int32_t> num_tokens_no_spec,
                                          Ref1<const bool> discard, Ref2<const std::int32_t> sampled, std::int64_t vocab,
                                          Ref1<std::int32_t> next_token_ids, Ref1<std::int32_t> valid_count,
                                          Ref2<std::int32_t> valid_sampled) {
  for (std::int64_t r = clampbench::detail::cuda::global_thread(); r < sampled.rows;
       r += clampbench::detail::cuda::grid_stride()) {
    // An out-of-row backup index (the host loop throws) reads nothing and leaves backup 0.
    (void)ngram_update_row(token_ids.row(r), num_tokens_no_spec[r], discard[r], sampled.row(r), vocab,
                           {valid_sampled.row(r), &next_token_ids[r], &valid_count[r]});
  }
}

}  // namespace

void launch_fused_ngram_update(Ref2<const std::int32_t> token_ids, Ref1<const std::int32_t> num_tokens_no_spec,
                               Ref1<const bool> discard, Ref2<const std::int32_t> sampled, std::int64_t vocab,
                               Ref1<std::int32_t> next_token_ids, Ref1<std::int32_t> valid_count,
                               Ref2<std::int32_t> valid_sampled, cudaStream_t stream) {
  if (sampled.rows == 0) return;
  CB_LAUNCH(fused_ngram_update_kernel, clampbench::detail::cuda::grid_for(sampled.rows),
            clampbench::detail::cuda::kThreadsPerBlock, stream)
  (token_ids, num_tokens_no_spec, discard, sampled, vocab, next_token_ids, valid_count, valid_sampled);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::suites::detail
