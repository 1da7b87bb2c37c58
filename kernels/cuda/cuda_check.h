// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one CUDA error-check macro. Every CUDA runtime call and every kernel launch goes
// through it; a failure becomes TensorError(ErrorKind::Device) naming the call and the error.

#include <cuda_runtime_api.h>
#include <fmt/format.h>

#include "kernels/error.h"

#define CB_CUDA_CHECK(expr)                                                              \
  do {                                                                                   \
    const cudaError_t cb_status_ = (expr);                                               \
    if (cb_status_ != cudaSuccess)                                                       \
      ::clampbench::throw_error(::clampbench::ErrorKind::Device,                         \
                                ::fmt::format("{} failed: {} ({}) at {}:{}", #expr,      \
                                              cudaGetErrorName(cb_status_),              \
                                              cudaGetErrorString(cb_status_), __FILE__, \
                                              __LINE__));                                \
  } while (0)

// After a <<<>>> launch: launch-configuration errors surface through cudaGetLastError.
#define CB_CUDA_CHECK_LAUNCH() CB_CUDA_CHECK(cudaGetLastError())
