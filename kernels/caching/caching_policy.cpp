// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The policy's malloc and free, after DeviceCachingAllocator::malloc/free, and immediate
// reuse: the warm round trip (free a block, then the same request again) that a metadata
// builder makes every step, served without touching the pools, with runs of identical round
// trips counted rather than accounted one by one (see caching_policy.h). One translation unit,
// so that the round trip's steps inline into malloc and free.

#include "kernels/caching/caching_policy.h"

#include <utility>

#include <fmt/format.h>

#include "kernels/caching/size_classes.h"
#include "kernels/error.h"

namespace clampbench::caching {

CachingPolicy::CachingPolicy(SegmentSource& source, Reuse reuse) : source_(source), reuse_(reuse) {}

PolicyAllocation CachingPolicy::malloc(std::size_t requested, Stream stream) {
  CB_CHECK(requested > 0, ErrorKind::InvalidArgument, "caching allocator: zero-byte request");
  std::lock_guard<std::mutex> lock(mutex_);
  const std::size_t size = round_size(requested);
  CachedBlock* block = held_;
  if (block != nullptr && held_unaccounted_ && requested == batch_.requested() && block->size == size &&
      block->stream == stream) {
    // One more round trip of the run: best fit took this block when the run began, and no
    // pool has changed since. Counted, not accounted.
    held_ = nullptr;
    held_unaccounted_ = false;
    batch_.add();
    block->allocated = true;
    ++immediate_reuses_;
  } else {
    block = malloc_slow(requested, size, stream);
  }
  recent_ = block;
  return {block->ptr, block->size};
}

CachingPolicy::CachedBlock* CachingPolicy::malloc_slow(std::size_t requested, std::size_t size, Stream stream) {
  if (held_ != nullptr && can_reuse_held(size, stream)) return reuse_held(requested);
  return_held();
  settle();
  const bool small = is_small_size(size);
  CachedBlock* block = take_free_block(pool(small), size, stream);
  if (block == nullptr) block = new_segment(size, small, stream, requested);
  return allocate_block(block, size, requested);
}

void CachingPolicy::free(void* ptr) {
  std::lock_guard<std::mutex> lock(mutex_);
  CachedBlock* block = find_allocated(ptr);
  if (block == recent_) recent_ = nullptr;
  if (held_ == nullptr && batch_.has_delta() && batch_.continues(block, pool_version_, block->requested)) {
    // Another round trip of the run begins: accounted when the counters are read or settled.
    block->allocated = false;
    held_ = block;
    held_unaccounted_ = true;
    return;
  }
  free_slow(block);
}

void CachingPolicy::free_slow(CachedBlock* block) {
  return_held();  // first: the neighbours' state decides how this free moves the counters
  block->allocated = false;
  if (reuse_ == Reuse::Immediate) {
    hold(block);
    return;
  }
  account_free(stats_, block, shape_of(block));
  active_blocks_.erase(block->ptr);
  merge_into_pool(block);
}

CachingPolicy::CachedBlock* CachingPolicy::find_allocated(void* ptr) {
  if (recent_ != nullptr && recent_->ptr == ptr) return recent_;
  return find_allocated_slow(ptr);
}

CachingPolicy::CachedBlock* CachingPolicy::find_allocated_slow(void* ptr) {
  auto it = active_blocks_.find(ptr);
  CB_CHECK(it != active_blocks_.end() && it->second->allocated, ErrorKind::InvalidArgument,
           "caching allocator: free of {} which it did not allocate (or freed twice)", ptr);
  return it->second;
}

const CachingPolicy::Merged& CachingPolicy::shape_of(const CachedBlock* block) {
  if (memo_.block != block || memo_.version != pool_version_)
    memo_ = ShapeMemo{block, pool_version_, merged_shape(block), -1};
  return memo_.merged;
}

// `block` was just freed (and marked so); nothing else is held. Its free is accounted now,
// unless it begins the second round trip of the current run (malloc() and free() take the
// later ones).
void CachingPolicy::hold(CachedBlock* block) {
  held_ = block;
  if (batch_.continues(block, pool_version_, block->requested)) {
    if (!batch_.has_delta()) batch_.set_delta(round_trip_delta(block));
    held_unaccounted_ = true;
    return;
  }
  settle();
  account_free(stats_, block, shape_of(block));
}

// A request for the held block's own size and stream, that best fit would give it.
bool CachingPolicy::can_reuse_held(std::size_t size, Stream stream) {
  const CachedBlock* held = held_;
  if (held->size != size || !(held->stream == stream)) return false;
  const Merged& merged = shape_of(held);
  if (memo_.best_fit < 0) memo_.best_fit = would_best_fit(held, merged) ? 1 : 0;
  return memo_.best_fit == 1;
}

// The exact immediate reuse, that may begin a run of round trips.
CachingPolicy::CachedBlock* CachingPolicy::reuse_held(std::size_t requested) {
  CachedBlock* block = held_;
  settle();
  account_reuse(stats_, block, shape_of(block), requested);
  batch_.start(block, pool_version_, requested);
  held_ = nullptr;
  block->allocated = true;
  block->requested = requested;
  ++immediate_reuses_;
  return block;
}

// The accumulated amounts one more round trip of `block` (freed and reused with the same
// request) adds: a scratch CachingStats that went through it.
CachingStats CachingPolicy::round_trip_delta(const CachedBlock* block) {
  const Merged& merged = shape_of(block);
  CachingStats delta;
  account_free(delta, block, merged);
  account_reuse(delta, block, merged, block->requested);
  return delta;
}

void CachingPolicy::settle() {
  if (held_unaccounted_) {
    account_free(stats_, held_, shape_of(held_));
    held_unaccounted_ = false;
  }
  batch_.end(stats_);
}

void CachingPolicy::return_held() {
  if (held_ == nullptr) return;
  settle();
  CachedBlock* block = std::exchange(held_, nullptr);
  active_blocks_.erase(block->ptr);
  merge_into_pool(block);
}

}  // namespace clampbench::caching
