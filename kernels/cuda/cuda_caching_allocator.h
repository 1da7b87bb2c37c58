// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// "caching": caching::CachingAllocator (the PyTorch CUDACachingAllocator policy of
// kernels/caching/) over segments from cudaMalloc/cudaFree.

#include "kernels/caching/segment_source.h"

namespace clampbench::detail {

class CudaSegmentSource final : public caching::SegmentSource {
 public:
  // nullptr on cudaErrorMemoryAllocation (the policy frees its cache and retries).
  void* allocate_segment(std::size_t bytes, Stream stream) override;
  // cudaFree synchronizes the device, so no queued kernel still uses the segment.
  void release_segment(void* ptr, std::size_t bytes, Stream stream) override;
};

}  // namespace clampbench::detail
