// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// CachingAllocator as an Allocator: the ledger events it emits (blocks and segments) and the
// host model from make_host_caching_allocator, including ops running on it.

#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/allocators.h"
#include "kernels/caching/caching_allocator.h"
#include "kernels/caching/host_caching_allocator.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"
#include "tests/kernels/fake_segment_source.h"

namespace clampbench::caching {
namespace {

using test::FakeSegmentSource;
constexpr std::size_t MiB = 1024 * 1024;

struct Expected {
  LedgerEventKind kind;
  const void* address;
  std::uint64_t requested;
  std::uint64_t reserved;
};

void expect_events(const std::vector<LedgerEvent>& got, const std::vector<Expected>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(got[i].kind, want[i].kind);
    EXPECT_EQ(got[i].address, want[i].address);
    EXPECT_EQ(got[i].bytes_requested, want[i].requested);
    EXPECT_EQ(got[i].bytes_reserved, want[i].reserved);
    EXPECT_EQ(got[i].device, DeviceType::Cuda);
  }
}

std::unique_ptr<CachingAllocator> fake_caching(AllocationLedger* ledger, FakeSegmentSource** source) {
  auto src = std::make_unique<FakeSegmentSource>();
  *source = src.get();
  return std::make_unique<CachingAllocator>("caching", DeviceType::Cuda, std::move(src), ledger);
}

TEST(CachingAllocator, LedgerSeesBlocksAndSegments) {
  AllocationLedger ledger;
  ledger.set_event_log(true);
  FakeSegmentSource* src = nullptr;
  auto alloc = fake_caching(&ledger, &src);
  char* seg = static_cast<char*>(FakeSegmentSource::segment(0));
  const Block a = alloc->allocate(1000, Stream{});
  const Block b = alloc->allocate(1000, Stream{});
  alloc->release(a);
  alloc->release(b);
  const Block c = alloc->allocate(10, Stream{});  // cached: no new segment
  alloc->release(c);
  alloc->empty_cache();
  const Block empty = alloc->allocate(0, Stream{});  // counted, holds nothing
  EXPECT_EQ(empty.ptr, nullptr);
  alloc->release(empty);
  expect_events(ledger.take_event_log(),
                {{LedgerEventKind::SegmentAlloc, seg, 2 * MiB, 2 * MiB},
                 {LedgerEventKind::Alloc, seg, 1000, 1024},
                 {LedgerEventKind::Alloc, seg + 1024, 1000, 1024},
                 {LedgerEventKind::Free, seg, 1000, 1024},
                 {LedgerEventKind::Free, seg + 1024, 1000, 1024},
                 {LedgerEventKind::Alloc, seg, 10, 512},
                 {LedgerEventKind::Free, seg, 10, 512},
                 {LedgerEventKind::SegmentFree, seg, 2 * MiB, 2 * MiB},
                 {LedgerEventKind::Alloc, nullptr, 0, 0},
                 {LedgerEventKind::Free, nullptr, 0, 0}});
  const LedgerCounters t = ledger.totals(DeviceType::Cuda);
  EXPECT_EQ(t.allocations, 4u);
  EXPECT_EQ(t.frees, 4u);
  EXPECT_EQ(t.bytes_requested, 2010u);
  EXPECT_EQ(t.bytes_reserved, 2560u);
  EXPECT_EQ(t.peak_bytes, 2000);
  EXPECT_EQ(t.segments_created, 1u);
  EXPECT_EQ(t.segments_released, 1u);
  EXPECT_EQ(t.segment_bytes_created, 2 * MiB);
  EXPECT_EQ(src->releases(), 1);
}

TEST(CachingAllocator, DestructorReportsReleasedSegments) {
  AllocationLedger ledger;
  FakeSegmentSource* src = nullptr;
  {
    auto alloc = fake_caching(&ledger, &src);
    alloc->release(alloc->allocate(MiB + 1, Stream{}));
    alloc->release(alloc->allocate(100, Stream{}));
    EXPECT_EQ(ledger.totals(DeviceType::Cuda).segments_released, 0u);
  }
  EXPECT_EQ(ledger.totals(DeviceType::Cuda).segments_created, 2u);
  EXPECT_EQ(ledger.totals(DeviceType::Cuda).segments_released, 2u);
}

TEST(CachingAllocator, StatsAreReachableThroughAnAllocator) {
  AllocationLedger ledger;
  FakeSegmentSource* src = nullptr;
  auto alloc = fake_caching(&ledger, &src);
  const Block a = alloc->allocate(5000, Stream{});
  const Allocator& base = *alloc;
  const auto stats = caching_stats_of(base);
  ASSERT_TRUE(stats.has_value());
  EXPECT_EQ(stats->requested_bytes.all().current, 5000);
  EXPECT_EQ(stats->allocated_bytes.all().current, 5120);
  alloc->release(a);
  auto host = make_host_allocator(&ledger);
  EXPECT_FALSE(caching_stats_of(*host).has_value());
}

TEST(HostCachingAllocator, IsAUsableHostAllocator) {
  AllocationLedger ledger;
  auto alloc = make_host_caching_allocator(&ledger);
  EXPECT_EQ(alloc->name(), "caching");
  EXPECT_EQ(alloc->device(), DeviceType::Host);
  const Block a = alloc->allocate(3000, Stream{});
  std::memset(a.ptr, 0x5a, a.requested);  // real memory
  const Block b = alloc->allocate(3000, Stream{});
  EXPECT_EQ(static_cast<char*>(b.ptr), static_cast<char*>(a.ptr) + 3072);
  alloc->release(a);
  alloc->release(b);
  const LedgerCounters t = ledger.totals(DeviceType::Host);
  EXPECT_EQ(t.allocations, 2u);
  EXPECT_EQ(t.segments_created, 1u);
  EXPECT_EQ(t.segment_bytes_created, 2 * MiB);
}

TEST(HostCachingAllocator, OpsRunOnItWithOneAllocationEach) {
  auto alloc = make_host_caching_allocator(&Runtime::current().ledger());
  {
    AllocatorGuard guard(DeviceType::Host, alloc.get());
    const Tensor x = arange(6, DType::Int64, DeviceType::Host);
    LedgerScope scope(Runtime::current().ledger(), "ops");
    const Tensor y = add(x, 10);
    const Tensor z = cumsum(y, 0);
    const LedgerCounters c = scope.close()[static_cast<int>(DeviceType::Host)];
    EXPECT_EQ(c.allocations, 2u);
    EXPECT_EQ(c.segments_created, 0u);  // x's segment serves both
    EXPECT_EQ(to_vector<std::int64_t>(z), (std::vector<std::int64_t>{10, 21, 33, 46, 60, 75}));
  }
  const auto stats = caching_stats_of(*alloc);
  ASSERT_TRUE(stats.has_value());
  EXPECT_EQ(stats->allocation.all().allocated, 3);
  EXPECT_EQ(stats->allocation.all().current, 0);
  EXPECT_EQ(stats->segment.all().current, 1);
}

}  // namespace
}  // namespace clampbench::caching
