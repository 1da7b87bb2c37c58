// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Attribution of activity records to a scope, and their aggregation, on synthetic records.

#include <gtest/gtest.h>

#include <vector>

#include "harness/cupti/aggregator.h"

namespace clampbench::cupti {
namespace {

using R = ActivityRecord;

ScopeWindow window(std::uint64_t begin, std::uint64_t end, std::initializer_list<std::uint32_t> ids = {}) {
  ScopeWindow w;
  w.begin_ns = begin;
  w.end_ns = end;
  w.correlation_ids.insert(ids.begin(), ids.end());
  return w;
}

R device_alloc(std::uint64_t bytes, std::uint32_t corr, std::uint64_t t) {
  return R::memory(MemoryOperation::Allocation, MemoryKind::Device, 0x1000, bytes, corr, t);
}

TEST(CuptiAttribution, CorrelationIdWinsOverTimestamp) {
  const ScopeWindow w = window(100, 200, {7});
  EXPECT_EQ(attribute(device_alloc(8, 7, 50), w), Attribution::ByCorrelation);   // before the window
  EXPECT_EQ(attribute(device_alloc(8, 7, 250), w), Attribution::ByCorrelation);  // after it
  EXPECT_EQ(attribute(device_alloc(8, 7, 0), w), Attribution::ByCorrelation);    // untimed
  EXPECT_EQ(attribute(device_alloc(8, 7, 150), w), Attribution::ByCorrelation);
}

TEST(CuptiAttribution, UnknownCorrelationFallsBackToTheWindowInclusive) {
  const ScopeWindow w = window(100, 200, {7});
  EXPECT_EQ(attribute(device_alloc(8, 9, 100), w), Attribution::ByTime);
  EXPECT_EQ(attribute(device_alloc(8, 9, 200), w), Attribution::ByTime);
  EXPECT_EQ(attribute(device_alloc(8, 0, 150), w), Attribution::ByTime);
  EXPECT_EQ(attribute(device_alloc(8, 9, 99), w), Attribution::Outside);
  EXPECT_EQ(attribute(device_alloc(8, 9, 201), w), Attribution::Outside);
  EXPECT_EQ(attribute(device_alloc(8, 0, 0), w), Attribution::Outside);  // untimed, uncorrelated
}

TEST(CuptiAttribution, KernelsAreTimedByTheirStart) {
  const ScopeWindow w = window(100, 200);
  EXPECT_EQ(attribute(R::kernel(5, 190, 260), w), Attribution::ByTime);
  EXPECT_EQ(attribute(R::kernel(5, 90, 150), w), Attribution::Outside);
}

TEST(CuptiAggregate, RecordsOutsideTheScopeAreIgnored) {
  const std::vector<R> records = {
      device_alloc(512, 1, 50),   // an earlier call
      device_alloc(1024, 2, 150),  // in the window
      device_alloc(2048, 3, 300),  // a later call
      R::kernel(4, 40, 60),        // an earlier kernel
      R::memset(64, 5, 400, 410),  // a later memset
  };
  const ScopeStats s = aggregate(records, window(100, 200));
  EXPECT_TRUE(s.available);
  EXPECT_EQ(s.allocations, 1u);
  EXPECT_EQ(s.bytes, 1024u);
  EXPECT_EQ(s.kernels, 0u);
  EXPECT_EQ(s.memset_count, 0u);
  EXPECT_EQ(s.attributed_by_time, 1u);
  EXPECT_EQ(s.attributed_by_correlation, 0u);
}

TEST(CuptiAggregate, PerMemoryKind) {
  const std::vector<R> records = {
      device_alloc(512, 1, 110),
      device_alloc(1536, 2, 120),
      R::memory(MemoryOperation::Release, MemoryKind::Device, 0x1000, 512, 3, 130),
      R::memory(MemoryOperation::Allocation, MemoryKind::Pinned, 0x2000, 4096, 4, 140),
      R::memory(MemoryOperation::Release, MemoryKind::Pinned, 0x2000, 4096, 5, 150),
      R::memory(MemoryOperation::Allocation, MemoryKind::Managed, 0x3000, 64, 6, 160),
      R::memory(MemoryOperation::Allocation, MemoryKind::Device, 0x4000, 256, 7, 170, /*is_async=*/true),
  };
  const ScopeStats s = aggregate(records, window(100, 200, {1, 2, 3}));
  ASSERT_EQ(s.by_kind.size(), 3u);
  const MemoryKindStats& d = s.by_kind.at("device");
  EXPECT_EQ(d.allocations, 3u);
  EXPECT_EQ(d.releases, 1u);
  EXPECT_EQ(d.bytes_allocated, 512u + 1536u + 256u);
  EXPECT_EQ(d.bytes_released, 512u);
  const MemoryKindStats& p = s.by_kind.at("pinned");
  EXPECT_EQ(p.allocations, 1u);
  EXPECT_EQ(p.releases, 1u);
  EXPECT_EQ(p.bytes_allocated, 4096u);
  EXPECT_EQ(p.bytes_released, 4096u);
  EXPECT_EQ(s.by_kind.at("managed").allocations, 1u);
  EXPECT_EQ(s.allocations, 5u);
  EXPECT_EQ(s.releases, 2u);
  EXPECT_EQ(s.bytes, 512u + 1536u + 256u + 4096u + 64u);
  EXPECT_EQ(s.attributed_by_correlation, 3u);
  EXPECT_EQ(s.attributed_by_time, 4u);
}

TEST(CuptiAggregate, KernelsMemcpyMemsetAndPools) {
  const std::vector<R> records = {
      R::kernel(1, 110, 120),
      R::kernel(2, 120, 130),
      R::kernel(3, 130, 140),
      R::memcpy(MemcpyKind::HostToDevice, 100, 4, 140, 150),
      R::memcpy(MemcpyKind::DeviceToDevice, 28, 5, 150, 160),
      R::memset(512, 6, 160, 161),
      R::memory_pool(PoolOperation::Created, 0x9000, 1 << 20, 7, 170),
      R::memory_pool(PoolOperation::Trimmed, 0x9000, 0, 8, 180),
  };
  const ScopeStats s = aggregate(records, window(100, 200));
  EXPECT_EQ(s.kernels, 3u);
  EXPECT_EQ(s.memcpy_count, 2u);
  EXPECT_EQ(s.memcpy_bytes, 128u);
  EXPECT_EQ(s.memset_count, 1u);
  EXPECT_EQ(s.memset_bytes, 512u);
  EXPECT_EQ(s.memory_pool.created, 1u);
  EXPECT_EQ(s.memory_pool.trimmed, 1u);
  EXPECT_EQ(s.memory_pool.destroyed, 0u);
  EXPECT_EQ(s.allocations, 0u);  // pool events are not allocations
  EXPECT_TRUE(s.by_kind.empty());
}

TEST(CuptiAggregate, EmptyInputIsAnAvailableEmptyScope) {
  const ScopeStats s = aggregate({}, window(1, 2));
  EXPECT_TRUE(s.available);
  EXPECT_EQ(s.allocations + s.releases + s.kernels + s.memcpy_count + s.memset_count, 0u);
}

TEST(CuptiRecordNames, MemoryAndCopyKinds) {
  EXPECT_EQ(memory_kind_name(MemoryKind::Device), "device");
  EXPECT_EQ(memory_kind_name(MemoryKind::Pinned), "pinned");
  EXPECT_EQ(memory_kind_name(MemoryKind::DeviceStatic), "device_static");
  EXPECT_EQ(memory_kind_name(MemoryKind::Unknown), "unknown");
  EXPECT_EQ(memcpy_kind_name(MemcpyKind::HostToDevice), "htod");
  EXPECT_EQ(memcpy_kind_name(MemcpyKind::Other), "other");
}

}  // namespace
}  // namespace clampbench::cupti
