// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused Step3.5 slot-mapping kernel: one thread per (group, element) runs the draft steps
// in order, so each element's last store is the last step's, as in the host loop; the
// group-0 thread of each request stores its last position.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "suites/fused/detail/step3p5_slot_mapping_row.h"

namespace clampbench::suites::detail {
namespace {

__global__ void fused_step3p5_slot_mapping_kernel(Step3p5Args args) {
  const std::int64_t n = args.block_tables.size[0] * args.padded_batch;
  for (std::int64_t t = clampbench::detail::cuda::global_thread(); t < n; t += clampbench::detail::cuda::grid_stride()) {
    const std::int64_t g = t / args.padded_batch, i = t % args.padded_batch;
    bool bad = false;  // a negative block number (the host loop throws) stores the padding slot
    const std::int64_t last = step3p5_element(args, g, i, &bad);
    if (g == 0 && i < args.sampled_positions.size) args.positions_buffer[i] = last;
  }
}

}  // namespace

void launch_fused_step3p5_slot_mapping(Step3p5Args args, cudaStream_t stream) {
  const std::int64_t n = args.block_tables.size[0] * args.padded_batch;
  if (n == 0 || args.draft_steps < 1) return;
  CB_LAUNCH(fused_step3p5_slot_mapping_kernel, clampbench::detail::cuda::grid_for(n),
            clampbench::detail::cuda::kThreadsPerBlock, stream)
  (args);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::suites::detail
