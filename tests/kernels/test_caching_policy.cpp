// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The caching policy over a fake segment source: size classes, pool choice, best-fit reuse,
// split/merge, caching until empty_cache, and the memory_stats counters, all exact.

#include <gtest/gtest.h>

#include "kernels/caching/caching_policy.h"
#include "kernels/caching/size_classes.h"
#include "kernels/error.h"
#include "tests/kernels/fake_segment_source.h"

namespace clampbench::caching {
namespace {

using test::FakeSegmentSource;
constexpr std::size_t KiB = 1024, MiB = 1024 * 1024;
const Stream kS0{};
const Stream kS1{reinterpret_cast<void*>(0x51)};

char* at(void* base, std::size_t offset) { return static_cast<char*>(base) + offset; }

TEST(CachingSizeClasses, RoundsTo512) {
  EXPECT_EQ(round_size(0), 512u);
  EXPECT_EQ(round_size(1), 512u);
  EXPECT_EQ(round_size(512), 512u);
  EXPECT_EQ(round_size(513), 1024u);
  EXPECT_EQ(round_size(MiB + 1), MiB + 512);
}

TEST(CachingSizeClasses, PoolsAndSegmentSizes) {
  EXPECT_TRUE(is_small_size(MiB));
  EXPECT_FALSE(is_small_size(MiB + 512));
  EXPECT_EQ(segment_size_for(512), 2 * MiB);
  EXPECT_EQ(segment_size_for(MiB), 2 * MiB);
  EXPECT_EQ(segment_size_for(MiB + 512), 20 * MiB);
  EXPECT_EQ(segment_size_for(10 * MiB - 512), 20 * MiB);
  EXPECT_EQ(segment_size_for(10 * MiB), 10 * MiB);
  EXPECT_EQ(segment_size_for(10 * MiB + 512), 12 * MiB);
  EXPECT_EQ(segment_size_for(13 * MiB), 14 * MiB);
}

TEST(CachingSizeClasses, SplitThresholds) {
  EXPECT_TRUE(should_split(2 * MiB, 2 * MiB - 512, /*small_pool=*/true));
  EXPECT_FALSE(should_split(1024, 1024, true));
  EXPECT_FALSE(should_split(12 * MiB, 11 * MiB, /*small_pool=*/false));  // remainder == 1 MiB
  EXPECT_TRUE(should_split(12 * MiB, 11 * MiB - 512, false));
}

TEST(CachingPolicy, SmallRequestsAreCarvedFromOneTwoMiBSegment) {
  FakeSegmentSource src;
  CachingPolicy policy(src);
  const PolicyAllocation a = policy.malloc(1, kS0);
  const PolicyAllocation b = policy.malloc(513, kS0);
  ASSERT_EQ(src.calls.size(), 1u);
  EXPECT_EQ(src.calls[0].bytes, 2 * MiB);
  EXPECT_EQ(a.ptr, FakeSegmentSource::segment(0));
  EXPECT_EQ(a.size, 512u);
  EXPECT_EQ(b.ptr, at(FakeSegmentSource::segment(0), 512));
  EXPECT_EQ(b.size, 1024u);
  EXPECT_EQ(policy.stats().segment.all().current, 1);
  EXPECT_EQ(policy.stats().segment[StatPool::SmallPool].current, 1);
}

TEST(CachingPolicy, OneToTenMiBRequestsShareATwentyMiBSegment) {
  FakeSegmentSource src;
  CachingPolicy policy(src);
  const PolicyAllocation a = policy.malloc(MiB + 1, kS0);
  const PolicyAllocation b = policy.malloc(3 * MiB, kS0);
  ASSERT_EQ(src.allocations(), 1);
  EXPECT_EQ(src.calls[0].bytes, 20 * MiB);
  EXPECT_EQ(a.size, MiB + 512);
  EXPECT_EQ(b.ptr, at(a.ptr, MiB + 512));
  EXPECT_EQ(policy.stats().segment[StatPool::LargePool].current, 1);
  EXPECT_EQ(policy.stats().segment[StatPool::SmallPool].current, 0);
}

TEST(CachingPolicy, LargeRequestsGetTheirOwnSegmentRoundedTo2MiB) {
  FakeSegmentSource src;
  CachingPolicy policy(src);
  const PolicyAllocation a = policy.malloc(11 * MiB, kS0);
  ASSERT_EQ(src.allocations(), 1);
  EXPECT_EQ(src.calls[0].bytes, 12 * MiB);
  EXPECT_EQ(a.size, 12 * MiB);  // the 1 MiB rest is not > 1 MiB: no split
  EXPECT_EQ(policy.stats().allocated_bytes.all().current, static_cast<std::int64_t>(12 * MiB));
  // A small request never comes out of the large pool.
  policy.free(a.ptr);
  policy.malloc(1000, kS0);
  EXPECT_EQ(src.allocations(), 2);
  EXPECT_EQ(src.calls[1].bytes, 2 * MiB);
}

TEST(CachingPolicy, BestFitReuseOnTheSameStreamOnly) {
  FakeSegmentSource src;
  CachingPolicy policy(src);
  const PolicyAllocation a = policy.malloc(1024, kS0);
  policy.malloc(512, kS0);  // keeps a and b apart
  const PolicyAllocation b = policy.malloc(4096, kS0);
  policy.malloc(512, kS0);
  policy.free(a.ptr);
  policy.free(b.ptr);
  // Free now: a (1 KiB), b (4 KiB) and the segment's tail (~2 MiB). Smallest that fits wins.
  EXPECT_EQ(policy.malloc(1000, kS0).ptr, a.ptr);
  const PolicyAllocation c = policy.malloc(2048, kS0);
  EXPECT_EQ(c.ptr, b.ptr);
  EXPECT_EQ(c.size, 2048u);
  EXPECT_EQ(src.allocations(), 1);
  // Another stream never takes a block cached for kS0.
  policy.free(c.ptr);
  const PolicyAllocation d = policy.malloc(2048, kS1);
  EXPECT_EQ(src.allocations(), 2);
  EXPECT_EQ(d.ptr, FakeSegmentSource::segment(1));
  EXPECT_EQ(src.calls[1].stream, kS1);
}

TEST(CachingPolicy, SplitBlocksMergeWithFreeNeighbours) {
  FakeSegmentSource src;
  CachingPolicy policy(src);
  const PolicyAllocation a = policy.malloc(512, kS0);
  const PolicyAllocation b = policy.malloc(512, kS0);
  const PolicyAllocation c = policy.malloc(512, kS0);
  EXPECT_EQ(policy.stats().inactive_split.all().current, 1);  // the tail
  policy.free(b.ptr);  // between two allocated blocks
  EXPECT_EQ(policy.stats().inactive_split.all().current, 2);
  EXPECT_EQ(policy.stats().inactive_split_bytes.all().current, static_cast<std::int64_t>(2 * MiB - 1536 + 512));
  policy.free(a.ptr);  // merges with b: still two free pieces
  EXPECT_EQ(policy.stats().inactive_split.all().current, 2);
  policy.free(c.ptr);  // merges with a+b and the tail: the whole segment, unsplit
  EXPECT_EQ(policy.stats().inactive_split.all().current, 0);
  EXPECT_EQ(policy.stats().inactive_split_bytes.all().current, 0);
  // The merged 2 MiB block serves a 1 MiB request from the segment's start.
  const PolicyAllocation d = policy.malloc(MiB, kS0);
  EXPECT_EQ(d.ptr, FakeSegmentSource::segment(0));
  EXPECT_EQ(src.allocations(), 1);
}

TEST(CachingPolicy, FreedBlocksStayCachedUntilEmptyCache) {
  FakeSegmentSource src;
  CachingPolicy policy(src);
  const PolicyAllocation a = policy.malloc(3 * MiB, kS0);
  const PolicyAllocation b = policy.malloc(100, kS0);
  const PolicyAllocation c = policy.malloc(100, kS0);
  policy.free(a.ptr);
  policy.free(b.ptr);
  EXPECT_EQ(policy.stats().segment.all().current, 2);
  EXPECT_EQ(src.releases(), 0);
  // The small segment still holds c: only the large one is wholly free.
  EXPECT_EQ(policy.empty_cache(), 1u);
  EXPECT_EQ(src.releases(), 1);
  EXPECT_EQ(src.calls.back().bytes, 20 * MiB);
  policy.free(c.ptr);
  EXPECT_EQ(policy.empty_cache(), 1u);
  EXPECT_EQ(policy.stats().segment.all().current, 0);
  EXPECT_EQ(policy.stats().reserved_bytes.all().current, 0);
  EXPECT_EQ(src.live_bytes(), 0u);
}

Stat stat(std::int64_t current, std::int64_t peak, std::int64_t allocated, std::int64_t freed) {
  return Stat{current, peak, allocated, freed};
}

TEST(CachingPolicy, StatsAfterAScriptedSequence) {
  FakeSegmentSource src;
  CachingPolicy policy(src);
  const PolicyAllocation a = policy.malloc(1000, kS0);     // small: 1024 of a new 2 MiB segment
  const PolicyAllocation b = policy.malloc(3 * MiB, kS0);  // large: 3 MiB of a new 20 MiB segment
  policy.free(a.ptr);                                      // merges back: the small segment is whole
  policy.malloc(500, kS0);                                 // 512 split off it again
  const CachingStats s = policy.stats();
  EXPECT_EQ(s.allocation.all(), stat(2, 2, 3, 1));
  EXPECT_EQ(s.allocation[StatPool::SmallPool], stat(1, 1, 2, 1));
  EXPECT_EQ(s.allocation[StatPool::LargePool], stat(1, 1, 1, 0));
  EXPECT_EQ(s.active.all(), stat(2, 2, 3, 1));
  EXPECT_EQ(s.segment.all(), stat(2, 2, 2, 0));
  EXPECT_EQ(s.inactive_split.all(), stat(2, 2, 3, 1));
  EXPECT_EQ(s.inactive_split_bytes.all(), stat(19922432, 19922432, 22018560, 2096128));
  EXPECT_EQ(s.allocated_bytes.all(), stat(3146240, 3146752, 3147264, 1024));
  EXPECT_EQ(s.active_bytes.all(), stat(3146240, 3146752, 3147264, 1024));
  EXPECT_EQ(s.reserved_bytes.all(), stat(23068672, 23068672, 23068672, 0));
  EXPECT_EQ(s.reserved_bytes[StatPool::SmallPool], stat(2097152, 2097152, 2097152, 0));
  EXPECT_EQ(s.requested_bytes.all(), stat(3146228, 3146728, 3147228, 1000));
  EXPECT_EQ(s.num_device_alloc, 2);
  EXPECT_EQ(s.num_device_free, 0);
  EXPECT_EQ(s.num_alloc_retries, 0);

  const auto m = s.to_map();
  EXPECT_EQ(m.at("allocated_bytes.all.peak"), 3146752);
  EXPECT_EQ(m.at("segment.large_pool.current"), 1);
  EXPECT_EQ(m.at("num_device_alloc"), 2);
  EXPECT_EQ(m.size(), CachingStats::stat_names().size() * 3 * 4 + 3);

  policy.free(b.ptr);
  policy.reset_peak_stats();
  EXPECT_EQ(policy.stats().allocated_bytes.all().peak, 512);
  policy.reset_accumulated_stats();
  EXPECT_EQ(policy.stats().allocation.all(), stat(1, 1, 0, 0));
}

TEST(CachingPolicy, OutOfMemoryEmptiesTheCacheAndRetries) {
  FakeSegmentSource src(/*limit=*/20 * MiB);
  CachingPolicy policy(src);
  policy.free(policy.malloc(3 * MiB, kS0).ptr);  // a cached, wholly free 20 MiB segment
  const PolicyAllocation small = policy.malloc(1000, kS0);  // needs 2 MiB more: refused, then retried
  EXPECT_EQ(policy.stats().num_alloc_retries, 1);
  EXPECT_EQ(policy.stats().num_device_free, 1);
  EXPECT_EQ(policy.stats().segment.all().current, 1);
  EXPECT_EQ(src.live_bytes(), 2 * MiB);
  // Nothing left to free: a 20 MiB segment cannot fit next to the live small one.
  try {
    policy.malloc(5 * MiB, kS0);
    ADD_FAILURE() << "expected OutOfMemory";
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::OutOfMemory);
  }
  EXPECT_EQ(policy.stats().num_alloc_retries, 2);
  policy.free(small.ptr);
}

TEST(CachingPolicy, RejectsUnknownAndDoubleFrees) {
  FakeSegmentSource src;
  CachingPolicy policy(src);
  const PolicyAllocation a = policy.malloc(64, kS0);
  policy.free(a.ptr);
  try {
    policy.free(a.ptr);
    ADD_FAILURE() << "expected InvalidArgument";
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
  }
}

TEST(CachingPolicy, DestructorReturnsCachedSegments) {
  FakeSegmentSource src;
  {
    CachingPolicy policy(src);
    policy.free(policy.malloc(64, kS0).ptr);
    policy.free(policy.malloc(11 * MiB, kS0).ptr);
  }
  EXPECT_EQ(src.releases(), 2);
  EXPECT_EQ(src.live_bytes(), 0u);
}

}  // namespace
}  // namespace clampbench::caching
