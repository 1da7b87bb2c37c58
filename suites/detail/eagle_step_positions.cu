// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The position update of vLLM's eagle step kernel as one CUDA kernel: one thread per request
// (the Triton kernel runs one program per request), no allocation.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "suites/detail/eagle_step_position.h"

namespace clampbench::suites::detail {
namespace {

__global__ void eagle_step_positions_kernel(detail::Ref1<const std::int64_t> positions,
                                            detail::Ref1<std::int64_t> out, std::int64_t max_model_len) {
  for (std::int64_t i = clampbench::detail::cuda::global_thread(); i < positions.size;
       i += clampbench::detail::cuda::grid_stride()) {
    out[i] = eagle_next_position(positions[i], max_model_len);  // read, then write: out may be positions
  }
}

}  // namespace

void launch_eagle_step_positions(detail::Ref1<const std::int64_t> positions,
                                 detail::Ref1<std::int64_t> out, std::int64_t max_model_len,
                                 cudaStream_t stream) {
  if (positions.size == 0) return;
  CB_LAUNCH(eagle_step_positions_kernel, clampbench::detail::cuda::grid_for(positions.size),
            clampbench::detail::cuda::kThreadsPerBlock, stream)
  (positions, out, max_model_len);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::suites::detail
