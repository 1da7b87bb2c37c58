// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Custom kernel bodies for the launcher's own tests (test_custom_kernel.cpp), registered in
// sample_kernels.cu: a plain fill, a checked copy, and a warp body.

#include <cstdint>

#include "kernels/custom_kernel.h"

#if CLAMPBENCH_KERNEL_SOURCE
#include "kernels/cuda/portable.h"
#endif

namespace clampbench::testing {

// out[i] = 3 * i + 1.
struct FillKernel {
  std::int64_t* out = nullptr;
  CB_HD void operator()(std::int64_t i) const { out[i] = 3 * i + 1; }
};

// out[i] = in[i] where in[i] >= 0; false (nothing written) where it is negative.
struct CheckedCopyKernel {
  const std::int64_t* in = nullptr;
  std::int64_t* out = nullptr;
  CB_HD bool operator()(std::int64_t i) const {
    if (in[i] < 0) return false;
    out[i] = in[i];
    return true;
  }
};

// Cell (r, c) of a grid of `cols` columns: out = 100 * r + c; false (nothing written) at (1, 2).
struct CellKernel {
  std::int64_t* out = nullptr;
  std::int64_t cols = 0;
  CB_HD bool operator()(std::int64_t r, std::int64_t c) const {
    if (r == 1 && c == 2) return false;
    out[r * cols + c] = 100 * r + c;
    return true;
  }
};

// out[i] = the number of lanes that saw element i (32 on a device, where a warp shares it; 1
// on the host, where one thread runs it).
struct WarpCountKernel {
  static constexpr int kLanes = 32;
  std::int64_t* out = nullptr;
  CB_HD void operator()(std::int64_t i) const { out[i] = 1; }
#if CLAMPBENCH_KERNEL_SOURCE
  __device__ void operator()(std::int64_t i, int lane) const {
    const unsigned voters = __ballot_sync(0xffffffffu, true);
    if (lane == 0) out[i] = __popc(voters);
  }
#endif
};

}  // namespace clampbench::testing
