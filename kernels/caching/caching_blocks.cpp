// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The block structure of the caching policy, after DeviceCachingAllocator's get_free_block/
// alloc_found_block/free_block/try_merge_blocks/release_cached_blocks: best-fit lookup,
// segments, splits and merges. How each step moves the counters is in detail/stat_moves.cpp.

#include <vector>

#include <fmt/format.h>

#include "kernels/caching/caching_policy.h"
#include "kernels/caching/detail/stat_moves.h"
#include "kernels/caching/size_classes.h"
#include "kernels/error.h"

namespace clampbench::caching {

using detail::decrease;
using detail::i64;
using detail::increase;

namespace {
std::uintptr_t key(Stream s) { return reinterpret_cast<std::uintptr_t>(s.handle); }
}  // namespace

bool CachingPolicy::BySizeThenAddress::operator()(const CachedBlock* a, const CachedBlock* b) const {
  if (key(a->stream) != key(b->stream)) return key(a->stream) < key(b->stream);
  if (a->size != b->size) return a->size < b->size;
  return reinterpret_cast<std::uintptr_t>(a->ptr) < reinterpret_cast<std::uintptr_t>(b->ptr);
}

CachingPolicy::CachedBlock* CachingPolicy::take_free_block(Pool& pool, std::size_t size, Stream stream) {
  CachedBlock search;
  search.stream = stream;
  search.size = size;
  auto it = pool.lower_bound(&search);  // smallest block >= size on this stream
  if (it == pool.end() || !((*it)->stream == stream)) return nullptr;
  CachedBlock* block = *it;
  pool.erase(it);
  ++pool_version_;
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
  detail::account_allocate(stats_, small, block->size, block->is_split(), size, requested);
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
    ++pool_version_;
  }
  block->allocated = true;
  block->requested = requested;
  active_blocks_.emplace(block->ptr, block);
  return block;
}

// Whether the reference path -- merge the held block into its pool, then serve its size on
// its stream by best fit -- would hand out exactly the held block, split as it is now.
bool CachingPolicy::would_best_fit(const CachedBlock* held, const Merged& merged) const {
  const std::size_t size = held->size;
  const std::size_t merged_size = merged.shape.merged_size;
  // A free block before it would make the merged block start earlier.
  if (held->prev != nullptr && !held->prev->allocated) return false;
  // Merged with a free next block, it must be split again at the same place (PyTorch's
  // thresholds make this always so: a free neighbour is >= 512 B small, > 1 MiB large).
  if (merged.next != nullptr && !should_split(merged_size, size, held->small)) return false;
  // Best fit would take the merged block only if nothing else in the pool comes before it.
  CachedBlock search;
  search.stream = held->stream;
  search.size = size;
  const Pool& p = pool(held->small);
  auto it = p.lower_bound(&search);
  if (it != p.end() && *it == merged.next) ++it;  // absorbed into the merged block
  if (it == p.end() || !((*it)->stream == held->stream)) return true;
  const CachedBlock* rival = *it;
  return rival->size > merged_size || (rival->size == merged_size && rival->ptr > held->ptr);
}

CachingPolicy::Merged CachingPolicy::merged_shape(const CachedBlock* block) const {
  Merged m;
  m.shape.merged_size = block->size;
  const CachedBlock* outer_prev = block->prev;
  const CachedBlock* outer_next = block->next;
  if (block->prev != nullptr && !block->prev->allocated) {
    m.shape.merged_size += block->prev->size;
    m.shape.neighbours += 1;
    m.shape.neighbour_bytes += block->prev->size;
    outer_prev = block->prev->prev;
  }
  if (block->next != nullptr && !block->next->allocated) {
    m.shape.merged_size += block->next->size;
    m.shape.neighbours += 1;
    m.shape.neighbour_bytes += block->next->size;
    m.next = block->next;
    outer_next = block->next->next;
  }
  m.shape.merged_split = outer_prev != nullptr || outer_next != nullptr;
  return m;
}

void CachingPolicy::account_free(CachingStats& stats, const CachedBlock* block, const Merged& merged) const {
  detail::account_free(stats, block->small, block->size, block->requested, merged.shape);
}

// As alloc_found_block() on the merged block the reference path would find: split again where
// the held block is split now, handing out exactly it.
void CachingPolicy::account_reuse(CachingStats& stats, const CachedBlock* block, const Merged& merged,
                                  std::size_t requested) const {
  detail::account_allocate(stats, block->small, merged.shape.merged_size, merged.shape.merged_split,
                           block->size, requested);
}

void CachingPolicy::merge_into_pool(CachedBlock* block) {
  block->requested = 0;
  Pool& p = pool(block->small);
  for (CachedBlock* candidate : {block->prev, block->next}) try_merge(block, candidate, p);
  p.insert(block);
  ++pool_version_;
}

void CachingPolicy::try_merge(CachedBlock* dst, CachedBlock* src, Pool& p) {
  if (src == nullptr || src->allocated) return;
  p.erase(src);  // before dst's key could matter: dst is not in the pool yet
  ++pool_version_;
  if (dst->prev == src) {  // [src dst]
    dst->ptr = src->ptr;
    dst->prev = src->prev;
    if (dst->prev) dst->prev->next = dst;
  } else {  // [dst src]
    dst->next = src->next;
    if (dst->next) dst->next->prev = dst;
  }
  dst->size += src->size;
  delete src;
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
  ++pool_version_;
  delete block;
}

}  // namespace clampbench::caching
