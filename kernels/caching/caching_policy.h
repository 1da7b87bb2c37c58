// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// CachingPolicy: the block bookkeeping of PyTorch's DeviceCachingAllocator, as plain C++ over
// a SegmentSource. Requests are rounded to 512 bytes; requests up to 1 MiB are carved from
// 2 MiB segments of the small pool, larger ones from the large pool (20 MiB segments for
// 1..10 MiB, else the request rounded up to 2 MiB). A request takes the smallest cached free
// block on its own stream that fits (blocks are ordered by stream, size, address), splitting
// off the remainder when should_split() says so. A freed block merges with free neighbours of
// its segment and stays cached; only empty_cache() (or a failed segment request) returns
// whole free segments to the source. No CUDA events: as in PyTorch without record_stream, a
// block is reused on its own stream only, which stream order makes safe.

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <set>
#include <unordered_map>

#include "kernels/caching/caching_stats.h"
#include "kernels/caching/segment_source.h"
#include "kernels/device.h"

namespace clampbench::caching {

// What malloc() hands out: the block's address and its (rounded) size.
struct PolicyAllocation {
  void* ptr = nullptr;
  std::size_t size = 0;
};

class CachingPolicy {
 public:
  // `source` must outlive the policy.
  explicit CachingPolicy(SegmentSource& source);
  // Returns every cached segment to the source. Blocks still allocated are reported on
  // stderr and their segments leaked (a tensor may still point into them); never throws.
  ~CachingPolicy();
  CachingPolicy(const CachingPolicy&) = delete;
  CachingPolicy& operator=(const CachingPolicy&) = delete;

  // `requested` > 0. Throws TensorError(OutOfMemory) when the source has no memory even
  // after the cache was emptied.
  PolicyAllocation malloc(std::size_t requested, Stream stream);
  // `ptr` must come from malloc() and not be freed yet (else TensorError(InvalidArgument)).
  void free(void* ptr);
  // Releases every cached segment that is wholly free. Returns the number released.
  std::size_t empty_cache();

  CachingStats stats() const;
  void reset_peak_stats();         // peak := current
  void reset_accumulated_stats();  // allocated := freed := 0

 private:
  struct CachedBlock {
    Stream stream;
    std::size_t size = 0;       // bytes of this block (a multiple of 512)
    std::size_t requested = 0;  // bytes asked for while allocated
    char* ptr = nullptr;
    bool small = false;  // pool
    bool allocated = false;
    CachedBlock* prev = nullptr;  // neighbours within the segment
    CachedBlock* next = nullptr;
    bool is_split() const { return prev != nullptr || next != nullptr; }
  };
  struct BySizeThenAddress {
    bool operator()(const CachedBlock* a, const CachedBlock* b) const;
  };
  using Pool = std::set<CachedBlock*, BySizeThenAddress>;

  Pool& pool(bool small) { return small ? small_blocks_ : large_blocks_; }
  CachedBlock* take_free_block(Pool& pool, std::size_t size, Stream stream);
  CachedBlock* new_segment(std::size_t size, bool small, Stream stream, std::size_t requested);
  CachedBlock* allocate_block(CachedBlock* block, std::size_t size, std::size_t requested);
  void free_block(CachedBlock* block);
  std::size_t try_merge(CachedBlock* dst, CachedBlock* src, Pool& pool);
  std::size_t release_free_segments();
  void release_segment(CachedBlock* block);

  SegmentSource& source_;
  mutable std::mutex mutex_;
  Pool small_blocks_;
  Pool large_blocks_;
  std::unordered_map<void*, CachedBlock*> active_blocks_;
  CachingStats stats_;
};

}  // namespace clampbench::caching
