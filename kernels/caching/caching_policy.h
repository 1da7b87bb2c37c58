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
//
// Immediate reuse (the fast path): a freed block is not merged into its pool at once. It is
// held aside until the next call; when that call asks for the same rounded size on the same
// stream and PyTorch's best fit would hand out that very block (split the same way), it is
// given straight back: no merge, no split, no pool update. Any other call first returns the
// held block to its pool. Counters are moved exactly as the merge-then-split would move them
// (a run of identical round trips is counted, and added in when the counters are read: see
// detail/round_trip_batch.h), so addresses, sizes, segments and every stat are those of the
// reference path (Reuse::Reference), which tests/kernels/test_caching_reuse.cpp checks call
// by call.

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <set>
#include <unordered_map>

#include "kernels/caching/caching_stats.h"
#include "kernels/caching/detail/round_trip_batch.h"
#include "kernels/caching/detail/stat_moves.h"
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
  enum class Reuse { Immediate, Reference };

  // `source` must outlive the policy.
  explicit CachingPolicy(SegmentSource& source, Reuse reuse = Reuse::Immediate);
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
  // Round trips served by immediate reuse (not a PyTorch counter; for tests and benchmarks).
  std::int64_t immediate_reuses() const;

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

  // What returning a freed block to its pool would make of it.
  struct Merged {
    detail::FreeShape shape;
    CachedBlock* next = nullptr;  // the free next neighbour it would absorb, if any
  };

  Pool& pool(bool small) { return small ? small_blocks_ : large_blocks_; }
  const Pool& pool(bool small) const { return small ? small_blocks_ : large_blocks_; }

  // caching_policy.cpp: the slow paths, and immediate reuse.
  CachedBlock* malloc_slow(std::size_t requested, std::size_t size, Stream stream);
  void free_slow(CachedBlock* block);
  CachedBlock* find_allocated(void* ptr);
  CachedBlock* find_allocated_slow(void* ptr);
  const Merged& shape_of(const CachedBlock* block);
  bool can_reuse_held(std::size_t size, Stream stream);
  CachedBlock* reuse_held(std::size_t requested);
  void hold(CachedBlock* block);
  CachingStats round_trip_delta(const CachedBlock* block);
  void settle();
  void return_held();

  // caching_blocks.cpp: pool and segment structure.
  bool would_best_fit(const CachedBlock* held, const Merged& merged) const;
  CachedBlock* take_free_block(Pool& pool, std::size_t size, Stream stream);
  CachedBlock* new_segment(std::size_t size, bool small, Stream stream, std::size_t requested);
  CachedBlock* allocate_block(CachedBlock* block, std::size_t size, std::size_t requested);
  Merged merged_shape(const CachedBlock* block) const;
  void account_free(CachingStats& stats, const CachedBlock* block, const Merged& merged) const;
  void account_reuse(CachingStats& stats, const CachedBlock* block, const Merged& merged,
                     std::size_t requested) const;
  void merge_into_pool(CachedBlock* block);
  void try_merge(CachedBlock* dst, CachedBlock* src, Pool& pool);
  std::size_t release_free_segments();
  void release_segment(CachedBlock* block);

  SegmentSource& source_;
  const Reuse reuse_;
  mutable std::mutex mutex_;
  Pool small_blocks_;
  Pool large_blocks_;
  std::uint64_t pool_version_ = 1;  // bumped by every pool insert and erase
  // Allocated blocks, and the held block (freed, not yet back in its pool), by address.
  std::unordered_map<void*, CachedBlock*> active_blocks_;
  CachedBlock* held_ = nullptr;     // set between a free() and the next call only
  bool held_unaccounted_ = false;   // its free is a round trip of batch_, not yet accounted
  detail::RoundTripBatch batch_;
  CachedBlock* recent_ = nullptr;  // the last block handed out while it stays allocated: free()
                                   // of it needs no lookup
  // A block's merged shape, and whether best fit would take the merged block (-1: not yet
  // known), hold while no pool changes. A builder frees and reallocates the same few blocks,
  // so this spares the lookups.
  struct ShapeMemo {
    const CachedBlock* block = nullptr;
    std::uint64_t version = 0;
    Merged merged;
    int best_fit = -1;
  };
  ShapeMemo memo_;
  std::int64_t immediate_reuses_ = 0;
  CachingStats stats_;
};

}  // namespace clampbench::caching
