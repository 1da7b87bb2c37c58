// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Fused mamba_prefix_caching on cuda: one thread per request (grid-stride), the three indices written
// straight into the outputs.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "suites/fused/detail/mamba_launchers.h"
#include "suites/fused/detail/mamba_math.h"

namespace clampbench::suites::fused {
namespace {

using clampbench::detail::cuda::global_thread;
using clampbench::detail::cuda::grid_stride;

__global__ void prefix_caching_kernel(detail::Ref1<const std::int32_t> nct, detail::Ref1<const std::int32_t> seq_lens,
                                      std::int64_t block, std::int32_t* last_computed,
                                      std::int32_t* first_scheduled, std::int32_t* last_scheduled) {
  for (std::int64_t r = global_thread(); r < nct.size; r += grid_stride()) {
    const detail::PrefixIndices idx = detail::prefix_indices(nct[r], seq_lens[r], block);
    last_computed[r] = idx.last_computed;
    first_scheduled[r] = idx.first_scheduled;
    last_scheduled[r] = idx.last_scheduled;
  }
}

}  // namespace

void launch_fused_mamba_prefix_caching(detail::Ref1<const std::int32_t> nct, detail::Ref1<const std::int32_t> seq_lens,
                                       std::int64_t block, std::int32_t* last_computed,
                                       std::int32_t* first_scheduled, std::int32_t* last_scheduled,
                                       cudaStream_t stream) {
  if (nct.size == 0) return;
  CB_LAUNCH(prefix_caching_kernel, clampbench::detail::cuda::grid_for(nct.size),
            clampbench::detail::cuda::kThreadsPerBlock, stream)
  (nct, seq_lens, block, last_computed, first_scheduled, last_scheduled);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::suites::fused
