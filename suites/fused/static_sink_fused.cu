// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused static-sink kernel: a grid-stride loop over one group's seq_lens, table entries
// and max_seq_len, one store per element. The runner's seq_lens and table are only loaded.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "suites/fused/detail/static_sink_row.h"

namespace clampbench::suites::detail {
namespace {

__global__ void fused_static_sink_kernel(StaticSinkGroup group) {
  const std::int64_t total = group.total();
  for (std::int64_t i = clampbench::detail::cuda::global_thread(); i < total;
       i += clampbench::detail::cuda::grid_stride())
    static_sink_store(group, i);
}

}  // namespace

void launch_fused_static_sink_group(StaticSinkGroup group, cudaStream_t stream) {
  const std::int64_t total = group.total();
  CB_LAUNCH(fused_static_sink_kernel, clampbench::detail::cuda::grid_for(total),
            clampbench::detail::cuda::kThreadsPerBlock, stream)
  (group);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::suites::detail
