// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Fused mamba_fallback on cuda: one thread per request (grid-stride).

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "suites/fused/detail/mamba_launchers.h"
#include "suites/fused/detail/mamba_math.h"

namespace clampbench::suites::fused {
namespace {

using clampbench::detail::cuda::global_thread;
using clampbench::detail::cuda::grid_stride;

__global__ void fallback_kernel(detail::Ref1<const std::int32_t> nct, detail::Ref1<const std::int32_t> prev,
                                std::int64_t block, std::int32_t* out) {
  for (std::int64_t r = global_thread(); r < nct.size; r += grid_stride())
    out[r] = detail::fallback_index(nct[r], prev[r], block);
}

}  // namespace

void launch_fused_mamba_fallback(detail::Ref1<const std::int32_t> nct, detail::Ref1<const std::int32_t> prev,
                                 std::int64_t block, std::int32_t* out, cudaStream_t stream) {
  if (nct.size == 0) return;
  CB_LAUNCH(fallback_kernel, clampbench::detail::cuda::grid_for(nct.size), clampbench::detail::cuda::kThreadsPerBlock,
            stream)
  (nct, prev, block, out);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::suites::fused
