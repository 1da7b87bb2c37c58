// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/caching/caching_allocator.h"

#include <cstdio>
#include <exception>
#include <utility>

namespace clampbench::caching {

CachingAllocator::CachingAllocator(std::string name, DeviceType device,
                                   std::unique_ptr<SegmentSource> system, AllocationLedger* ledger)
    : Allocator(ledger), name_(std::move(name)), device_(device), system_(std::move(system)),
      policy_(*this) {}

// policy_'s destructor releases the cached segments through this object's SegmentSource
// side, which is still whole while the members are destroyed (policy_ goes before system_).
CachingAllocator::~CachingAllocator() = default;

void CachingAllocator::empty_cache() { policy_.empty_cache(); }

Block CachingAllocator::do_allocate(std::size_t bytes, Stream stream) {
  // An empty tensor holds no memory, as in PyTorch, but is still one counted allocation.
  if (bytes == 0) return Block{nullptr, 0, 0, stream};
  const PolicyAllocation a = policy_.malloc(bytes, stream);
  return Block{a.ptr, bytes, a.size, stream};
}

void CachingAllocator::do_release(const Block& block) {
  if (block.ptr != nullptr) policy_.free(block.ptr);
}

void* CachingAllocator::allocate_segment(std::size_t bytes, Stream stream) {
  void* ptr = system_->allocate_segment(bytes, stream);
  if (ptr != nullptr) note_segment(true, ptr, bytes, stream);
  return ptr;
}

void CachingAllocator::release_segment(void* ptr, std::size_t bytes, Stream stream) {
  system_->release_segment(ptr, bytes, stream);
  note_segment(false, ptr, bytes, stream);
}

std::optional<CachingStats> caching_stats_of(const Allocator& allocator) {
  if (const auto* c = dynamic_cast<const CachingAllocator*>(&allocator)) return c->stats();
  return std::nullopt;
}

}  // namespace clampbench::caching
