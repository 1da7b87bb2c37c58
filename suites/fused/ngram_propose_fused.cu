// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused ngram_propose kernel: one thread per row. A row's overflowing samples all write
// column L - 1, so its writes must be ordered; one thread walking them in index order gives
// the last-write-wins result of the host loop, bitwise. (torch's CUDA scatter_, which vLLM
// runs, writes them in an unspecified order: there the column's final value is a race.)

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "suites/fused/detail/ngram_propose_row.h"

namespace clampbench::suites::detail {
namespace {

__global__ void fused_ngram_propose_kernel(Ref2<std::int32_t> token_ids, Ref1<const std::int32_t> num_tokens_no_spec,
                                           Ref2<const std::int32_t> sampled, Ref1<const std::int32_t> counts,
                                           Ref1<std::int32_t> num_tokens_tmp) {
  for (std::int64_t r = clampbench::detail::cuda::global_thread(); r < counts.size;
       r += clampbench::detail::cuda::grid_stride()) {
    // false (a negative position, rejected by the host loop) leaves the row unwritten
    propose_scatter_row(token_ids.row(r), num_tokens_no_spec[r], counts[r], sampled.row(r));
    num_tokens_tmp[r] = add_i32(num_tokens_no_spec[r], counts[r]);
  }
}

}  // namespace

void launch_fused_ngram_propose(Ref2<std::int32_t> token_ids, Ref1<const std::int32_t> num_tokens_no_spec,
                                Ref2<const std::int32_t> sampled, Ref1<const std::int32_t> counts,
                                Ref1<std::int32_t> num_tokens_tmp, cudaStream_t stream) {
  if (counts.size == 0) return;
  using clampbench::detail::cuda::grid_for;
  using clampbench::detail::cuda::kThreadsPerBlock;
  CB_LAUNCH(fused_ngram_propose_kernel, grid_for(counts.size), kThreadsPerBlock, stream)
  (token_ids, num_tokens_no_spec, sampled, counts, num_tokens_tmp);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::suites::detail
