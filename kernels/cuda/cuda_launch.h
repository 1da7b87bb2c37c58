// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Launch helpers shared by the .cu files of the CUDA backend: a grid-stride launch shape and
// the switch from a runtime DType to the C++ type a kernel template is instantiated with.

#include <cstdint>

#include "kernels/cuda/portable.h"
#include "kernels/dtype.h"

namespace clampbench::detail::cuda {

inline constexpr int kThreadsPerBlock = 256;
// Grid-stride loops cover any n; more blocks than this only adds scheduling work.
inline constexpr std::int64_t kMaxBlocks = 4096;

inline unsigned grid_for(std::int64_t n) {
  const std::int64_t blocks = (n + kThreadsPerBlock - 1) / kThreadsPerBlock;
  return static_cast<unsigned>(blocks < kMaxBlocks ? blocks : kMaxBlocks);
}

using clampbench::dispatch_dtype;

}  // namespace clampbench::detail::cuda
