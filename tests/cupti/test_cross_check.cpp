// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// cross_check(): CUPTI's view against the ledger's, per allocator kind.

#include <gtest/gtest.h>

#include <vector>

#include "harness/cupti/cross_check.h"

namespace clampbench::cupti {
namespace {

ScopeStats seen(std::uint64_t allocs, std::uint64_t alloc_bytes, std::uint64_t releases = 0,
                std::uint64_t released_bytes = 0) {
  ScopeStats s;
  s.available = true;
  MemoryKindStats& d = s.by_kind["device"];
  d.allocations = allocs;
  d.bytes_allocated = alloc_bytes;
  d.releases = releases;
  d.bytes_released = released_bytes;
  s.allocations = allocs;
  s.bytes = alloc_bytes;
  s.releases = releases;
  return s;
}

LedgerCounters tensors(std::uint64_t allocs, std::uint64_t requested, std::uint64_t reserved, std::uint64_t frees) {
  LedgerCounters c;
  c.allocations = allocs;
  c.bytes_requested = requested;
  c.bytes_reserved = reserved;
  c.frees = frees;
  return c;
}

LedgerEvent event(LedgerEventKind kind, std::uint64_t requested, std::uint64_t reserved,
                  DeviceType device = DeviceType::Cuda) {
  static int storage;
  const void* address = reserved == 0 ? nullptr : &storage;
  return LedgerEvent{kind, device, address, requested, reserved, Stream{}, 0};
}

TEST(CuptiCrossCheck, StatusNames) {
  EXPECT_EQ(to_string(CrossCheckStatus::Agree), "agree");
  EXPECT_EQ(to_string(CrossCheckStatus::Disagree), "disagree");
  EXPECT_EQ(to_string(CrossCheckStatus::NotComparable), "not_comparable");
}

TEST(CuptiCrossCheck, RawComparesReservedBytesWithWhatCudaMallocSaw) {
  const LedgerCounters ledger = tensors(3, 1000, 1536, 2);
  EXPECT_EQ(cross_check(seen(3, 1536, 2), ledger, "raw").status, CrossCheckStatus::Agree);
  EXPECT_EQ(cross_check(seen(3, 1000, 2), ledger, "raw").status, CrossCheckStatus::Disagree);  // requested bytes
  EXPECT_EQ(cross_check(seen(2, 1536, 2), ledger, "raw").status, CrossCheckStatus::Disagree);
  EXPECT_EQ(cross_check(seen(3, 1536, 1), ledger, "raw").status, CrossCheckStatus::Disagree);
}

TEST(CuptiCrossCheck, AsyncIsPerTensorToo) {
  const LedgerCounters ledger = tensors(4, 4096, 4096, 4);
  EXPECT_EQ(cross_check(seen(4, 4096, 4), ledger, "async").status, CrossCheckStatus::Agree);
  const CrossCheck off = cross_check(seen(5, 4096 + 512, 4), ledger, "async");
  EXPECT_EQ(off.status, CrossCheckStatus::Disagree);
  EXPECT_NE(off.detail.find("async"), std::string::npos);
  EXPECT_NE(off.detail.find("5 allocations"), std::string::npos);
}

TEST(CuptiCrossCheck, CachingComparesSegmentsOnlyAndSaysSo) {
  LedgerCounters ledger = tensors(12, 3072, 6144, 12);  // served from the cache
  ledger.segments_created = 1;
  ledger.segment_bytes_created = 2u << 20;
  const CrossCheck ok = cross_check(seen(1, 2u << 20), ledger, "caching");
  EXPECT_EQ(ok.status, CrossCheckStatus::Agree);
  EXPECT_NE(ok.detail.find("segment traffic only"), std::string::npos);
  EXPECT_NE(ok.detail.find("12 tensor allocations"), std::string::npos);
  EXPECT_EQ(cross_check(seen(12, 6144, 12), ledger, "caching").status, CrossCheckStatus::Disagree);
  // Steady state: no segment, no cudaMalloc.
  ledger.segments_created = 0;
  ledger.segment_bytes_created = 0;
  EXPECT_EQ(cross_check(seen(0, 0), ledger, "caching").status, CrossCheckStatus::Agree);
}

TEST(CuptiCrossCheck, NotComparable) {
  const LedgerCounters ledger = tensors(1, 8, 8, 0);
  ScopeStats unavailable;
  unavailable.reason = "no CUDA device";
  const CrossCheck u = cross_check(unavailable, ledger, "raw");
  EXPECT_EQ(u.status, CrossCheckStatus::NotComparable);
  EXPECT_NE(u.detail.find("no CUDA device"), std::string::npos);
  EXPECT_EQ(cross_check(seen(1, 8), ledger, "host").status, CrossCheckStatus::NotComparable);
  EXPECT_EQ(cross_check(seen(1, 8), ledger, "pinned").status, CrossCheckStatus::NotComparable);
  ScopeStats dropped = seen(1, 8);
  dropped.dropped_records = 3;
  const CrossCheck d = cross_check(dropped, ledger, "raw");
  EXPECT_EQ(d.status, CrossCheckStatus::NotComparable);
  EXPECT_NE(d.detail.find("dropped 3"), std::string::npos);
}

TEST(CuptiCrossCheck, OnlyDeviceMemoryIsCompared) {
  ScopeStats s = seen(2, 1024, 1, 512);
  s.by_kind["pinned"] = MemoryKindStats{1, 1, 4096, 4096};  // a staging buffer of a host copy
  s.allocations += 1;
  EXPECT_EQ(cross_check(s, tensors(2, 1024, 1024, 1), "raw").status, CrossCheckStatus::Agree);
}

TEST(CuptiCrossCheck, EventsSkipEmptyTensorsAndCompareReleasedBytes) {
  const std::vector<LedgerEvent> events = {
      event(LedgerEventKind::Alloc, 100, 512),
      event(LedgerEventKind::Alloc, 0, 0),  // empty tensor: no cudaMalloc
      event(LedgerEventKind::Alloc, 64, 512, DeviceType::Host),
      event(LedgerEventKind::Free, 100, 512),
      event(LedgerEventKind::Free, 0, 0),
  };
  const auto expected = expected_driver_traffic(events, "raw");
  ASSERT_TRUE(expected.has_value());
  EXPECT_EQ(expected->allocations, 1u);
  EXPECT_EQ(expected->releases, 1u);
  EXPECT_EQ(expected->bytes_allocated, 512u);
  EXPECT_EQ(expected->bytes_released, 512u);
  EXPECT_EQ(expected->tensor_allocations, 2u);  // cuda only, the empty one included
  EXPECT_EQ(cross_check(seen(1, 512, 1, 512), events, "raw").status, CrossCheckStatus::Agree);
  EXPECT_EQ(cross_check(seen(1, 512, 1, 100), events, "raw").status, CrossCheckStatus::Disagree);
  EXPECT_EQ(cross_check(seen(2, 512, 2, 512), events, "raw").status, CrossCheckStatus::Disagree);
}

TEST(CuptiCrossCheck, EventsForCachingCountSegments) {
  const std::vector<LedgerEvent> events = {
      event(LedgerEventKind::SegmentAlloc, 2u << 20, 2u << 20),
      event(LedgerEventKind::Alloc, 100, 512),
      event(LedgerEventKind::Alloc, 200, 512),
      event(LedgerEventKind::SegmentFree, 20u << 20, 20u << 20),
  };
  const auto expected = expected_driver_traffic(events, "caching");
  ASSERT_TRUE(expected.has_value());
  EXPECT_TRUE(expected->segments);
  EXPECT_EQ(expected->allocations, 1u);
  EXPECT_EQ(expected->bytes_allocated, 2u << 20);
  EXPECT_EQ(expected->releases, 1u);
  EXPECT_EQ(expected->bytes_released, 20u << 20);
  EXPECT_EQ(cross_check(seen(1, 2u << 20, 1, 20u << 20), events, "caching").status, CrossCheckStatus::Agree);
  EXPECT_EQ(cross_check(seen(3, (2u << 20) + 1024, 1, 20u << 20), events, "caching").status,
            CrossCheckStatus::Disagree);
  EXPECT_FALSE(expected_driver_traffic(events, "host").has_value());
}

TEST(CuptiCrossCheck, StatusNamesReadBack) {
  for (auto status : {CrossCheckStatus::Agree, CrossCheckStatus::Disagree, CrossCheckStatus::NotComparable}) {
    CrossCheckStatus read = CrossCheckStatus::Agree;
    ASSERT_TRUE(parse_cross_check_status(to_string(status), read));
    EXPECT_EQ(read, status);
  }
  CrossCheckStatus read;
  EXPECT_FALSE(parse_cross_check_status("agrees", read));
}

}  // namespace
}  // namespace clampbench::cupti
