// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a kernel source needs to compile twice: with nvcc for a device, and with the host
// compiler for the grid emulator of kernels/cuda/emulator/, which runs the same kernel body
// thread by thread over a chosen grid so that the kernels' logic runs in CI without a GPU.
// __global__/__device__ come from the toolkit's host_defines.h under both compilers; this
// header adds the thread coordinates, the launch, and the few intrinsics the kernels use.
// Kernels must stay grid-stride loops without shared memory or __syncthreads (the emulator
// runs the lanes of a warp in lock step only at a warp vote, never a block).

#include <cuda_runtime.h>

#include <cstdint>

#if defined(CLAMPBENCH_CUDA_EMULATED)
#include "kernels/cuda/emulator/grid_emulator.h"
// CB_LAUNCH(kernel, grid, block, stream)(args...) is kernel<<<grid, block, 0, stream>>>(args...).
#define CB_LAUNCH(kernel, grid, block, stream) \
  ::clampbench::emulator::Launch(#kernel, (grid), (block), (stream), ::clampbench::emulator::WarpUse::None).run(kernel)
// For kernels that call a warp vote: blockDim must be a multiple of the warp, as on a device.
#define CB_LAUNCH_WARP_SYNC(kernel, grid, block, stream) \
  ::clampbench::emulator::Launch(#kernel, (grid), (block), (stream), ::clampbench::emulator::WarpUse::Votes).run(kernel)
#else
#define CB_LAUNCH(kernel, grid, block, stream) kernel<<<(grid), (block), 0, (stream)>>>
#define CB_LAUNCH_WARP_SYNC(kernel, grid, block, stream) kernel<<<(grid), (block), 0, (stream)>>>
#endif

namespace clampbench::detail::cuda {

// The flat index of this thread and the grid's stride, 64-bit so large tensors do not wrap.
__device__ __forceinline__ std::int64_t global_thread() {
  return static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ std::int64_t grid_stride() {
  return static_cast<std::int64_t>(gridDim.x) * blockDim.x;
}

}  // namespace clampbench::detail::cuda
