// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/caching/host_caching_allocator.h"

#include <cstdlib>

#include <fmt/format.h>

#include "kernels/caching/caching_allocator.h"
#include "kernels/error.h"

namespace clampbench::caching {

void* MallocSegmentSource::allocate_segment(std::size_t bytes, Stream) {
  if (limit_ != 0 && live_ + bytes > limit_) return nullptr;
  // Segment sizes are multiples of 512 (2 MiB or more), as aligned_alloc requires.
  void* ptr = std::aligned_alloc(512, bytes);
  if (ptr == nullptr) return nullptr;
  live_ += bytes;
  return ptr;
}

void MallocSegmentSource::release_segment(void* ptr, std::size_t bytes, Stream) {
  std::free(ptr);
  live_ -= bytes;
}

}  // namespace clampbench::caching

namespace clampbench {

std::unique_ptr<Allocator> make_host_caching_allocator(AllocationLedger* ledger) {
  return std::make_unique<caching::CachingAllocator>(
      "caching", DeviceType::Host, std::make_unique<caching::MallocSegmentSource>(), ledger);
}

}  // namespace clampbench
