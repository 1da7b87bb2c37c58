// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The policy's other calls, after DeviceCachingAllocator's emptyCache and memory_stats
// accessors, and its destructor. Each first settles the held block and any run of round
// trips (caching_policy.cpp), so it sees the counters and pools of the reference path.

#include <cstdio>
#include <exception>

#include "kernels/caching/caching_policy.h"

namespace clampbench::caching {

CachingPolicy::~CachingPolicy() {
  std::lock_guard<std::mutex> lock(mutex_);
  try {
    return_held();
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

std::size_t CachingPolicy::empty_cache() {
  std::lock_guard<std::mutex> lock(mutex_);
  return_held();
  settle();
  return release_free_segments();
}

CachingStats CachingPolicy::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  CachingStats stats = stats_;
  batch_.fold_into(stats);
  if (held_unaccounted_) account_free(stats, held_, merged_shape(held_));
  return stats;
}

std::int64_t CachingPolicy::immediate_reuses() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return immediate_reuses_;
}

namespace {
template <typename F> void for_each_stat(CachingStats& s, F&& f) {
  for (StatArray* a : s.arrays())
    for (Stat& st : a->pools) f(st);
}
}  // namespace

void CachingPolicy::reset_peak_stats() {
  std::lock_guard<std::mutex> lock(mutex_);
  settle();  // a run's round trips may rise above the new peaks again: they are accounted one by one
  for_each_stat(stats_, [](Stat& s) { s.peak = s.current; });
}

void CachingPolicy::reset_accumulated_stats() {
  std::lock_guard<std::mutex> lock(mutex_);
  settle();
  for_each_stat(stats_, [](Stat& s) { s.allocated = s.freed = 0; });
  stats_.num_alloc_retries = stats_.num_device_alloc = stats_.num_device_free = 0;
}

}  // namespace clampbench::caching
