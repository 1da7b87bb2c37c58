// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one CUDA error-check macro. Every CUDA runtime call and every kernel launch goes
// through it; a failure becomes TensorError(ErrorKind::Device) naming the call and the error.
// The message is formatted out of line (cuda_device.cpp), so that .cu files need not include
// fmt: nvcc's C++20 front end cannot compile fmt 9's consteval/constexpr machinery.

#include <cuda_runtime_api.h>

#include "kernels/error.h"

namespace clampbench::detail {
// Throws TensorError(ErrorKind::Device, "<expr> failed: <name> (<string>) at <file>:<line>").
[[noreturn]] void throw_cuda_error(cudaError_t status, const char* expr, const char* file, int line);
}  // namespace clampbench::detail

#define CB_CUDA_CHECK(expr)                                                              \
  do {                                                                                   \
    const cudaError_t cb_status_ = (expr);                                               \
    if (cb_status_ != cudaSuccess)                                                       \
      ::clampbench::detail::throw_cuda_error(cb_status_, #expr, __FILE__, __LINE__);     \
  } while (0)

// After a <<<>>> launch: launch-configuration errors surface through cudaGetLastError.
#define CB_CUDA_CHECK_LAUNCH() CB_CUDA_CHECK(cudaGetLastError())
