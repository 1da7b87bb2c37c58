// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/cuda/cuda_memory.h"

#include <cstdio>

#include <fmt/format.h>

#include "kernels/cuda/cuda_check.h"
#include "kernels/error.h"

namespace clampbench::detail {

void check_cuda_alloc(cudaError_t status, const char* what, std::size_t bytes) {
  if (status == cudaSuccess) return;
  if (status == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError();  // not sticky: later calls must not see it
    throw_error(ErrorKind::OutOfMemory, fmt::format("{}: out of memory allocating {} bytes", what, bytes));
  }
  CB_CUDA_CHECK(status);
}

void report_cuda_free(cudaError_t status, const char* what) {
  if (status == cudaSuccess || status == cudaErrorCudartUnloading) return;
  // The runtime also keeps the failure as its last error, which the next launch check would
  // report as that launch's: clear it, the failure is reported here.
  (void)cudaGetLastError();
  std::fprintf(stderr, "clampbench: %s failed: %s (%s)\n", what, cudaGetErrorName(status), cudaGetErrorString(status));
}

}  // namespace clampbench::detail
