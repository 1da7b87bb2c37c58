// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/cuda/cuda_raw_allocator.h"

#include <cuda_runtime_api.h>

#include "kernels/cuda/cuda_memory.h"

namespace clampbench::detail {
namespace {
constexpr std::size_t kRawGranularity = 512;
}

Block CudaRawAllocator::do_allocate(std::size_t bytes, Stream stream) {
  // An empty tensor holds no memory, as in PyTorch, but is still one counted allocation.
  if (bytes == 0) return Block{nullptr, 0, 0, stream};
  const std::size_t reserved = (bytes + kRawGranularity - 1) / kRawGranularity * kRawGranularity;
  void* ptr = nullptr;
  check_cuda_alloc(cudaMalloc(&ptr, bytes), "raw cuda allocator: cudaMalloc", bytes);
  note_segment(true, ptr, reserved, stream);
  return Block{ptr, bytes, reserved, stream};
}

void CudaRawAllocator::do_release(const Block& block) {
  if (block.ptr == nullptr) return;
  // cudaFree synchronizes the device, so no kernel still reads the block.
  report_cuda_free(cudaFree(block.ptr), "raw cuda allocator: cudaFree");
  note_segment(false, block.ptr, block.reserved, block.stream);
}

}  // namespace clampbench::detail
