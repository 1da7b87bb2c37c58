// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Fused mamba_block_table on cuda: one thread per output element of [R, 1 + S] (grid-stride). A column
// past the table is not read: the smallest such output position goes to a word in static
// device memory (atomicMin, so it is the first one the host loop finds), which is not an
// allocation, and is read back after the kernel.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "suites/fused/detail/mamba_launchers.h"
#include "suites/fused/detail/mamba_math.h"

namespace clampbench::suites::fused {
namespace {

using clampbench::detail::cuda::global_thread;
using clampbench::detail::cuda::grid_stride;

constexpr unsigned long long kNone = ~0ull;
__device__ unsigned long long g_first_bad_position = kNone;

__global__ void block_table_kernel(detail::Ref2<const std::int32_t> table, detail::Ref1<const std::int32_t> seq_lens,
                                   std::int64_t block, std::int64_t width, std::int32_t* out) {
  const std::int64_t n = table.rows * width;
  for (std::int64_t i = global_thread(); i < n; i += grid_stride()) {
    const std::int64_t r = i / width;
    const std::int64_t column = detail::block_table_start(seq_lens[r], block) + i % width;
    if (column >= table.cols) {
      atomicMin(&g_first_bad_position, static_cast<unsigned long long>(i));
      continue;
    }
    out[i] = table(r, column);
  }
}

}  // namespace

std::int64_t launch_fused_mamba_block_table(detail::Ref2<const std::int32_t> table,
                                            detail::Ref1<const std::int32_t> seq_lens, std::int64_t block,
                                            std::int64_t width, std::int32_t* out, cudaStream_t stream) {
  const std::int64_t n = table.rows * width;
  if (n == 0) return -1;
  // The symbol's address, not the template overload on the variable: the emulated build has only the C API.
  CB_CUDA_CHECK(
      cudaMemcpyToSymbolAsync(&g_first_bad_position, &kNone, sizeof kNone, 0, cudaMemcpyHostToDevice, stream));
  CB_LAUNCH(block_table_kernel, clampbench::detail::cuda::grid_for(n), clampbench::detail::cuda::kThreadsPerBlock,
            stream)
  (table, seq_lens, block, width, out);
  CB_CUDA_CHECK_LAUNCH();
  unsigned long long bad = kNone;
  CB_CUDA_CHECK(
      cudaMemcpyFromSymbolAsync(&bad, &g_first_bad_position, sizeof bad, 0, cudaMemcpyDeviceToHost, stream));
  CB_CUDA_CHECK(cudaStreamSynchronize(stream));
  return bad == kNone ? -1 : static_cast<std::int64_t>(bad);
}

}  // namespace clampbench::suites::fused
