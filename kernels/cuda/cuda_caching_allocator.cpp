// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/cuda/cuda_caching_allocator.h"

#include <cuda_runtime_api.h>

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_memory.h"

namespace clampbench::detail {

void* CudaSegmentSource::allocate_segment(std::size_t bytes, Stream) {
  void* ptr = nullptr;
  const cudaError_t status = cudaMalloc(&ptr, bytes);
  if (status == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError();
    return nullptr;
  }
  CB_CUDA_CHECK(status);
  return ptr;
}

void CudaSegmentSource::release_segment(void* ptr, std::size_t, Stream) {
  // Reached from empty_cache() and the allocator's destructor: log rather than throw.
  report_cuda_free(cudaFree(ptr), "caching cuda allocator: cudaFree");
}

}  // namespace clampbench::detail
