// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/cuda/cuda_pinned_allocator.h"

#include <cuda_runtime_api.h>

#include "kernels/cuda/cuda_memory.h"

namespace clampbench::detail {

Block CudaPinnedHostAllocator::do_allocate(std::size_t bytes, Stream stream) {
  // An empty tensor holds no memory, as in PyTorch, but is still one counted allocation.
  if (bytes == 0) return Block{nullptr, 0, 0, stream};
  void* ptr = nullptr;
  check_cuda_alloc(cudaMallocHost(&ptr, bytes), "pinned host allocator: cudaMallocHost", bytes);
  return Block{ptr, bytes, bytes, stream};
}

void CudaPinnedHostAllocator::do_release(const Block& block) {
  if (block.ptr == nullptr) return;
  report_cuda_free(cudaFreeHost(block.ptr), "pinned host allocator: cudaFreeHost");
}

}  // namespace clampbench::detail
