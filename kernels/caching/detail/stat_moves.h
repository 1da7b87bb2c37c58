// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// How handing out and freeing a block move the memory_stats counters, after PyTorch's
// DeviceCachingAllocator (alloc_found_block, free_block). Kept apart from the block
// structure so that immediate reuse can move the counters exactly as the merge-then-split it
// skips, on the policy's stats or on a scratch copy.

#include <cstddef>
#include <cstdint>

#include "kernels/caching/caching_stats.h"

namespace clampbench::caching::detail {

// Every counter moves in the aggregate and in the block's own pool, as PyTorch's StatType array.
inline void increase(StatArray& a, bool small, std::int64_t amount) {
  a[StatPool::All].increase(amount);
  a[small ? StatPool::SmallPool : StatPool::LargePool].increase(amount);
}

inline void decrease(StatArray& a, bool small, std::int64_t amount) {
  a[StatPool::All].decrease(amount);
  a[small ? StatPool::SmallPool : StatPool::LargePool].decrease(amount);
}

// A net change: PyTorch sums a free's merges first and moves the counter once.
inline void change(StatArray& a, bool small, std::int64_t delta) {
  if (delta > 0) increase(a, small, delta);
  if (delta < 0) decrease(a, small, -delta);
}

inline std::int64_t i64(std::size_t v) { return static_cast<std::int64_t>(v); }

// What a freed block becomes once merged with its free neighbours.
struct FreeShape {
  std::size_t merged_size = 0;
  int neighbours = 0;  // free neighbours absorbed (0..2)
  std::size_t neighbour_bytes = 0;
  bool merged_split = false;  // whether the merged block is still part of a split segment
};

// Handing out `size` bytes of a free block of `block_size` (split off it when should_split).
void account_allocate(CachingStats& s, bool small, std::size_t block_size, bool block_split,
                      std::size_t size, std::size_t requested);

// Freeing an allocated block of `size` bytes that had been asked for with `requested`.
void account_free(CachingStats& s, bool small, std::size_t size, std::size_t requested, const FreeShape& shape);

}  // namespace clampbench::caching::detail
