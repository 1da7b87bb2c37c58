// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused sparse-MLA builder kernel: a grid-stride loop over the step's index space
// (compressed slot mapping, request index, C128A decode slots and lens, C128A prefill
// indices), one store per element. The shared block table is only loaded.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "suites/fused/detail/sparse_mla_c128a_row.h"

namespace clampbench::suites::detail {
namespace {

__global__ void fused_sparse_mla_step_kernel(SparseMlaStep step) {
  const std::int64_t total = step.total();
  for (std::int64_t i = clampbench::detail::cuda::global_thread(); i < total;
       i += clampbench::detail::cuda::grid_stride()) {
    bool bad = false;  // a read outside the table (the host loop throws) stores -1
    sparse_mla_step_store(step, i, &bad);
  }
}

}  // namespace

void launch_fused_sparse_mla_step(SparseMlaStep step, cudaStream_t stream) {
  const std::int64_t total = step.total();
  if (total == 0) return;
  CB_LAUNCH(fused_sparse_mla_step_kernel, clampbench::detail::cuda::grid_for(total),
            clampbench::detail::cuda::kThreadsPerBlock, stream)
  (step);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::suites::detail
