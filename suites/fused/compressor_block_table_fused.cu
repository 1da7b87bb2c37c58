// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused compressor builder kernel: a grid-stride loop over the request index and the
// table entries, one store per element. The runner's block table is only loaded.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "suites/fused/detail/compressor_block_table_row.h"

namespace clampbench::suites::detail {
namespace {

__global__ void fused_compressor_step_kernel(CompressorStep step) {
  const std::int64_t total = step.total();
  for (std::int64_t i = clampbench::detail::cuda::global_thread(); i < total;
       i += clampbench::detail::cuda::grid_stride())
    compressor_step_store(step, i);
}

}  // namespace

void launch_fused_compressor_step(CompressorStep step, cudaStream_t stream) {
  const std::int64_t total = step.total();
  if (total == 0) return;
  CB_LAUNCH(fused_compressor_step_kernel, clampbench::detail::cuda::grid_for(total),
            clampbench::detail::cuda::kThreadsPerBlock, stream)
  (step);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::suites::detail
