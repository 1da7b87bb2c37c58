// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Mirrors DeviceCachingAllocator::malloc/alloc_found_block/free/free_block/try_merge_blocks/
// release_cached_blocks, including how each step moves the memory_stats counters.

#include "kernels/caching/caching_policy.h"

#include <cstdio>
#include <exception>
#include <vector>

#include <fmt/format.h>

#include "kernels/caching/size_classes.h"
#include "kernels/error.h"

namespace clampbench::caching {
namespace {

std::uintptr_t key(Stream s) { return reinterpret_cast<std::uintptr_t>(s.handle); }

// Every change is counted in the aggregate and in the block's own pool, as PyTorch does.
void increase(StatArray& a, bool small, std::int64_t amount) {
  a[StatPool::All].increase(amount);
  a[small ? StatPool::SmallPool : StatPool::LargePool].increase(amount);
}
void decrease(StatArray& a, bool small, std::int64_t amount) {
  a[StatPool::All].decrease(amount);
  a[small ? StatPool::SmallPool : StatPool::LargePool].decrease(amount);
}
void change(StatArray& a, bool small, std::int64_t delta) {
  if (delta > 0) increase(a, small, delta);
  if (delta < 0) decrease(a, small, -delta);
}
std::int64_t i64(std::size_t v) { return static_cast<std::int64_t>(v); }

}  // namespace

bool CachingPolicy::BySizeThenAddress::operator()(const CachedBlock* a, const CachedBlock* b) const {
  if (key(a->stream) != key(b->stream)) return key(a->stream) < key(b->stream);
  if (a->size != b->size) return a->size < b->size;
  return reinterpret_cast<std::uintptr_t>(a->ptr) < reinterpret_cast<std::uintptr_t>(b->ptr);
}

CachingPolicy::CachingPolicy(SegmentSource& source) : source_(source) {}

CachingPolicy::~CachingPolicy() {
  std::lock_guard<std::mutex> lock(mutex_);
  try {
    release_free_segments();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "clampbench: caching allocator: releasing segments failed: %s\n", e.what());
  }
  if (!active_blocks_.empty())
    std::fprintf(stderr,
                 "clampbench: caching allocator destroyed with %zu blocks still allocated; "
                 "their segments are leaked (allocators must outlive their tensors)\n",
                 active_blocks_.size());
  // Every block is either free (in a pool) or allocated (in active_blocks_).
  for (CachedBlock* b : small_blocks_) delete b;
  for (CachedBlock* b : large_blocks_) delete b;
  for (auto& [ptr, b] : active_blocks_) delete b;
}

PolicyAllocation CachingPolicy::malloc(std::size_t requested, Stream stream) {
  CB_CHECK(requested > 0, ErrorKind::InvalidArgument, "caching allocator: zero-byte request");
  std::lock_guard<std::mutex> lock(mutex_);
  const std::size_t size = round_size(requested);
  const bool small = is_small_size(size);
  CachedBlock* block = take_free_block(pool(small), size, stream);
  if (block == nullptr) block = new_segment(size, small, stream, requested);
  block = allocate_block(block, size, requested);
  return {block->ptr, block->size};
}

CachingPolicy::CachedBlock* CachingPolicy::take_free_block(Pool& pool, std::size_t size, Stream stream) {
  CachedBlock search;
  search.stream = stream;
  search.size = size;
  auto it = pool.lower_bound(&search);  // smallest block >= size on this stream
  if (it == pool.end() || !((*it)->stream == stream)) return nullptr;
  CachedBlock* block = *it;
  pool.erase(it);
  return block;
}

CachingPolicy::CachedBlock* CachingPolicy::new_segment(std::size_t size, bool small, Stream stream,
                                                       std::size_t requested) {
  const std::size_t bytes = segment_size_for(size);
  void* ptr = source_.allocate_segment(bytes, stream);
  if (ptr == nullptr) {
    // As PyTorch: give back every wholly free cached segment, then try once more.
    ++stats_.num_alloc_retries;
    release_free_segments();
    ptr = source_.allocate_segment(bytes, stream);
  }
  CB_CHECK(ptr != nullptr, ErrorKind::OutOfMemory,
           "caching allocator: out of memory: a {}-byte request needs a {}-byte segment; "
           "{} bytes allocated, {} bytes reserved",
           requested, bytes, stats_.allocated_bytes.all().current, stats_.reserved_bytes.all().current);
  auto* block = new CachedBlock;
  block->stream = stream;
  block->size = bytes;
  block->ptr = static_cast<char*>(ptr);
  block->small = small;
  increase(stats_.segment, small, 1);
  increase(stats_.reserved_bytes, small, i64(bytes));
  ++stats_.num_device_alloc;
  return block;
}

CachingPolicy::CachedBlock* CachingPolicy::allocate_block(CachedBlock* block, std::size_t size,
                                                          std::size_t requested) {
  const bool small = block->small;
  const bool already_split = block->is_split();
  if (should_split(block->size, size, small)) {
    // The front `size` bytes become a new block; the rest keeps `block` and goes back to the pool.
    CachedBlock* remaining = block;
    block = new CachedBlock;
    block->stream = remaining->stream;
    block->size = size;
    block->ptr = remaining->ptr;
    block->small = small;
    block->prev = remaining->prev;
    if (block->prev) block->prev->next = block;
    block->next = remaining;
    remaining->prev = block;
    remaining->ptr += size;
    remaining->size -= size;
    pool(small).insert(remaining);
    if (already_split) {
      decrease(stats_.inactive_split_bytes, small, i64(size));  // an inactive split block shrank
    } else {
      increase(stats_.inactive_split_bytes, small, i64(remaining->size));  // a new one appeared
      increase(stats_.inactive_split, small, 1);
    }
  } else if (already_split) {
    decrease(stats_.inactive_split_bytes, small, i64(block->size));  // a whole one became active
    decrease(stats_.inactive_split, small, 1);
  }
  block->allocated = true;
  block->requested = requested;
  active_blocks_.emplace(block->ptr, block);
  increase(stats_.allocation, small, 1);
  increase(stats_.allocated_bytes, small, i64(block->size));
  increase(stats_.active, small, 1);
  increase(stats_.active_bytes, small, i64(block->size));
  increase(stats_.requested_bytes, small, i64(requested));
  return block;
}

void CachingPolicy::free(void* ptr) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = active_blocks_.find(ptr);
  CB_CHECK(it != active_blocks_.end(), ErrorKind::InvalidArgument,
           "caching allocator: free of {} which it did not allocate (or freed twice)", ptr);
  CachedBlock* block = it->second;
  active_blocks_.erase(it);
  block->allocated = false;
  decrease(stats_.allocation, block->small, 1);
  decrease(stats_.allocated_bytes, block->small, i64(block->size));
  free_block(block);
}

void CachingPolicy::free_block(CachedBlock* block) {
  const bool small = block->small;
  const std::size_t original_size = block->size;
  const std::size_t requested = block->requested;
  block->requested = 0;
  Pool& p = pool(small);
  std::int64_t net_split_blocks = 0;
  std::int64_t net_split_bytes = 0;
  for (CachedBlock* candidate : {block->prev, block->next}) {
    const std::size_t subsumed = try_merge(block, candidate, p);
    if (subsumed > 0) {
      net_split_blocks -= 1;
      net_split_bytes -= i64(subsumed);
    }
  }
  p.insert(block);
  if (block->is_split()) {
    net_split_blocks += 1;
    net_split_bytes += i64(block->size);
  }
  change(stats_.inactive_split, small, net_split_blocks);
  change(stats_.inactive_split_bytes, small, net_split_bytes);
  decrease(stats_.active, small, 1);
  decrease(stats_.active_bytes, small, i64(original_size));
  decrease(stats_.requested_bytes, small, i64(requested));
}

std::size_t CachingPolicy::try_merge(CachedBlock* dst, CachedBlock* src, Pool& p) {
  if (src == nullptr || src->allocated) return 0;
  p.erase(src);  // before dst's key could matter: dst is not in the pool yet
  if (dst->prev == src) {  // [src dst]
    dst->ptr = src->ptr;
    dst->prev = src->prev;
    if (dst->prev) dst->prev->next = dst;
  } else {  // [dst src]
    dst->next = src->next;
    if (dst->next) dst->next->prev = dst;
  }
  const std::size_t subsumed = src->size;
  dst->size += subsumed;
  delete src;
  return subsumed;
}

std::size_t CachingPolicy::empty_cache() {
  std::lock_guard<std::mutex> lock(mutex_);
  return release_free_segments();
}

std::size_t CachingPolicy::release_free_segments() {
  // A free block that is not split is a whole segment. Large pool first, as PyTorch.
  std::size_t released = 0;
  for (Pool* p : {&large_blocks_, &small_blocks_}) {
    std::vector<CachedBlock*> whole;
    for (CachedBlock* b : *p)
      if (!b->is_split()) whole.push_back(b);
    for (CachedBlock* b : whole) {
      release_segment(b);
      ++released;
    }
  }
  return released;
}

void CachingPolicy::release_segment(CachedBlock* block) {
  source_.release_segment(block->ptr, block->size, block->stream);  // may throw: nothing changed yet
  decrease(stats_.segment, block->small, 1);
  decrease(stats_.reserved_bytes, block->small, i64(block->size));
  ++stats_.num_device_free;
  pool(block->small).erase(block);
  delete block;
}

CachingStats CachingPolicy::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stats_;
}

namespace {
template <typename F> void for_each_stat(CachingStats& s, F&& f) {
  for (StatArray* a : {&s.allocation, &s.segment, &s.active, &s.inactive_split, &s.allocated_bytes,
                       &s.reserved_bytes, &s.active_bytes, &s.inactive_split_bytes, &s.requested_bytes})
    for (Stat& st : a->pools) f(st);
}
}  // namespace

void CachingPolicy::reset_peak_stats() {
  std::lock_guard<std::mutex> lock(mutex_);
  for_each_stat(stats_, [](Stat& s) { s.peak = s.current; });
}

void CachingPolicy::reset_accumulated_stats() {
  std::lock_guard<std::mutex> lock(mutex_);
  for_each_stat(stats_, [](Stat& s) { s.allocated = s.freed = 0; });
  stats_.num_alloc_retries = stats_.num_device_alloc = stats_.num_device_free = 0;
}

}  // namespace clampbench::caching
