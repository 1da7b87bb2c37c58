// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/cuda/cuda_async_allocator.h"

#include <cuda_runtime_api.h>

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_memory.h"
#include "kernels/error.h"

namespace clampbench::detail {

CudaAsyncAllocator::CudaAsyncAllocator(AllocationLedger* ledger) : Allocator(ledger) {
  int device = 0, supported = 0;
  CB_CUDA_CHECK(cudaGetDevice(&device));
  CB_CUDA_CHECK(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, device));
  if (supported == 0) throw_error(ErrorKind::Device, "async cuda allocator: this device has no stream-ordered memory pools");
}

Block CudaAsyncAllocator::do_allocate(std::size_t bytes, Stream stream) {
  // An empty tensor holds no memory, as in PyTorch, but is still one counted allocation.
  if (bytes == 0) return Block{nullptr, 0, 0, stream};
  void* ptr = nullptr;
  check_cuda_alloc(cudaMallocAsync(&ptr, bytes, static_cast<cudaStream_t>(stream.handle)),
                   "async cuda allocator: cudaMallocAsync", bytes);
  return Block{ptr, bytes, bytes, stream};
}

void CudaAsyncAllocator::do_release(const Block& block) {
  if (block.ptr == nullptr) return;
  // Ordered after the work already queued on the block's stream, which is what used it.
  report_cuda_free(cudaFreeAsync(block.ptr, static_cast<cudaStream_t>(block.stream.handle)),
                   "async cuda allocator: cudaFreeAsync");
}

void CudaAsyncAllocator::empty_cache() {
  int device = 0;
  CB_CUDA_CHECK(cudaGetDevice(&device));
  cudaMemPool_t pool = nullptr;
  CB_CUDA_CHECK(cudaDeviceGetDefaultMemPool(&pool, device));
  CB_CUDA_CHECK(cudaDeviceSynchronize());  // frees queued on streams must have happened
  CB_CUDA_CHECK(cudaMemPoolTrimTo(pool, 0));
}

}  // namespace clampbench::detail
