// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// AllocationLedger counters, scopes and the event log, fed by hand-made events and by a
// private ledger behind a real host allocator.

#include <stdexcept>
#include <thread>

#include "kernels/allocators.h"
#include "tests/kernels/kernel_test_util.h"

namespace clampbench::test {
namespace {

LedgerEvent event(LedgerEventKind kind, std::uint64_t requested, std::uint64_t reserved,
                  DeviceType device = DeviceType::Host) {
  return LedgerEvent{kind, device, nullptr, requested, reserved, Stream{}, 0};
}

TEST(Ledger, TotalsCountBytesCurrentPeak) {
  AllocationLedger ledger;
  ledger.record(event(LedgerEventKind::Alloc, 100, 128));
  ledger.record(event(LedgerEventKind::Alloc, 50, 64));
  ledger.record(event(LedgerEventKind::Free, 100, 128));
  ledger.record(event(LedgerEventKind::Alloc, 10, 64));
  const LedgerCounters c = ledger.totals(DeviceType::Host);
  EXPECT_EQ(c.allocations, 3u);
  EXPECT_EQ(c.frees, 1u);
  EXPECT_EQ(c.bytes_requested, 160u);
  EXPECT_EQ(c.bytes_reserved, 256u);
  EXPECT_EQ(c.current_bytes, 60);
  EXPECT_EQ(c.peak_bytes, 150);
  EXPECT_EQ(ledger.totals(DeviceType::Cuda), LedgerCounters{});
}

TEST(Ledger, SegmentsOnlyTouchSegmentCounters) {
  AllocationLedger ledger;
  ledger.record(event(LedgerEventKind::SegmentAlloc, 2 << 20, 2 << 20, DeviceType::Cuda));
  ledger.record(event(LedgerEventKind::SegmentAlloc, 20 << 20, 20 << 20, DeviceType::Cuda));
  ledger.record(event(LedgerEventKind::SegmentFree, 2 << 20, 2 << 20, DeviceType::Cuda));
  LedgerCounters want;
  want.segments_created = 2;
  want.segments_released = 1;
  want.segment_bytes_created = 22u << 20;
  EXPECT_EQ(ledger.totals(DeviceType::Cuda), want);
}

TEST(Ledger, NestedScopesSeeTheirWindowOnly) {
  AllocationLedger ledger;
  ledger.record(event(LedgerEventKind::Alloc, 1000, 1024));  // before any scope
  const int outer = ledger.begin_scope("outer");
  ledger.record(event(LedgerEventKind::Alloc, 40, 64));
  const int inner = ledger.begin_scope("inner");
  ledger.record(event(LedgerEventKind::Alloc, 8, 64));
  ledger.record(event(LedgerEventKind::Free, 1000, 1024));  // an older tensor dies
  const PerDevice in = ledger.end_scope(inner);
  ledger.record(event(LedgerEventKind::Free, 8, 64));
  const PerDevice out = ledger.end_scope(outer);
  const LedgerCounters& i = in[static_cast<int>(DeviceType::Host)];
  EXPECT_EQ(i.allocations, 1u);
  EXPECT_EQ(i.frees, 1u);
  EXPECT_EQ(i.bytes_requested, 8u);
  EXPECT_EQ(i.current_bytes, 8 - 1000);
  EXPECT_EQ(i.peak_bytes, 8);
  const LedgerCounters& o = out[static_cast<int>(DeviceType::Host)];
  EXPECT_EQ(o.allocations, 2u);
  EXPECT_EQ(o.frees, 2u);
  EXPECT_EQ(o.bytes_requested, 48u);
  EXPECT_EQ(o.current_bytes, 40 + 8 - 1000 - 8);
  EXPECT_EQ(o.peak_bytes, 48);
  EXPECT_EQ(ledger.totals(DeviceType::Host).current_bytes, 40);
  EXPECT_EQ(ledger.totals(DeviceType::Host).peak_bytes, 1048);
}

TEST(Ledger, ScopePeakNeverNegative) {
  AllocationLedger ledger;
  ledger.record(event(LedgerEventKind::Alloc, 64, 64));
  LedgerScope scope(ledger, "frees only");
  ledger.record(event(LedgerEventKind::Free, 64, 64));
  const LedgerCounters c = scope.close()[0];
  EXPECT_EQ(c.current_bytes, -64);
  EXPECT_EQ(c.peak_bytes, 0);
}

TEST(Ledger, ScopeIdMisuseThrows) {
  AllocationLedger ledger;
  EXPECT_THROW(ledger.end_scope(1), std::logic_error);
  const int a = ledger.begin_scope("a");
  const int b = ledger.begin_scope("b");
  EXPECT_NE(a, b);
  EXPECT_THROW(ledger.end_scope(a), std::logic_error);  // b is innermost
  ledger.end_scope(b);
  ledger.end_scope(a);
  EXPECT_THROW(ledger.end_scope(a), std::logic_error);
  LedgerScope s(ledger, "once");
  s.close();
  EXPECT_THROW(s.close(), std::logic_error);
}

TEST(Ledger, EventLogAndReset) {
  AllocationLedger ledger;
  ledger.record(event(LedgerEventKind::Alloc, 1, 1));
  ledger.set_event_log(true);
  ledger.record(event(LedgerEventKind::Alloc, 2, 2));
  ledger.record(event(LedgerEventKind::Free, 2, 2));
  const std::vector<LedgerEvent> log = ledger.take_event_log();
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[0].kind, LedgerEventKind::Alloc);
  EXPECT_EQ(log[0].bytes_requested, 2u);
  EXPECT_EQ(log[1].kind, LedgerEventKind::Free);
  EXPECT_TRUE(ledger.take_event_log().empty());
  ledger.reset();
  EXPECT_EQ(ledger.totals(DeviceType::Host), LedgerCounters{});
}

TEST(Ledger, HostAllocatorReportsEveryEventWithTime) {
  AllocationLedger ledger;
  ledger.set_event_log(true);
  auto host = make_host_allocator(&ledger);
  EXPECT_EQ(host->device(), DeviceType::Host);
  EXPECT_EQ(host->name(), "host");
  const Block b = host->allocate(100, Stream{});
  EXPECT_NE(b.ptr, nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b.ptr) % 64, 0u);
  EXPECT_EQ(b.requested, 100u);
  EXPECT_EQ(b.reserved, 128u);
  const Block z = host->allocate(0, Stream{});
  EXPECT_EQ(z.ptr, nullptr);
  host->release(b);
  host->release(z);
  const LedgerCounters c = ledger.totals(DeviceType::Host);
  EXPECT_EQ(c.allocations, 2u);
  EXPECT_EQ(c.frees, 2u);
  EXPECT_EQ(c.bytes_requested, 100u);
  EXPECT_EQ(c.bytes_reserved, 128u);
  EXPECT_EQ(c.current_bytes, 0);
  EXPECT_EQ(c.peak_bytes, 100);
  const std::vector<LedgerEvent> log = ledger.take_event_log();
  ASSERT_EQ(log.size(), 4u);
  EXPECT_EQ(log[0].address, b.ptr);
  EXPECT_GT(log[0].time_ns, 0u);
  EXPECT_LE(log[0].time_ns, log[3].time_ns);
}

TEST(Ledger, ConcurrentRecordsAreExact) {
  AllocationLedger ledger;
  LedgerScope scope(ledger, "threads");
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&ledger] {
      for (int i = 0; i < 1000; ++i) {
        ledger.record(event(LedgerEventKind::Alloc, 8, 64));
        ledger.record(event(LedgerEventKind::Free, 8, 64));
      }
    });
  }
  for (std::thread& t : threads) t.join();
  const LedgerCounters c = scope.close()[0];
  EXPECT_EQ(c.allocations, 4000u);
  EXPECT_EQ(c.frees, 4000u);
  EXPECT_EQ(c.bytes_requested, 32000u);
  EXPECT_EQ(c.current_bytes, 0);
  EXPECT_EQ(ledger.totals(DeviceType::Host).allocations, 4000u);
}

TEST(Ledger, ScopeDestructorClosesItsScope) {
  AllocationLedger ledger;
  { LedgerScope open(ledger, "left open"); }
  const int id = ledger.begin_scope("next");
  EXPECT_NO_THROW(ledger.end_scope(id));  // "left open" is gone, so "next" was innermost
  EXPECT_THROW(ledger.end_scope(id), std::logic_error);
}

TEST(Ledger, RuntimeScopeSeesDevicesSeparately) {
  LedgerScope scope(Runtime::current().ledger(), "devices");
  const Tensor t = empty(Dims{3}, DType::Int32, DeviceType::Host);
  const PerDevice c = scope.close();
  EXPECT_EQ(c[static_cast<int>(DeviceType::Host)].allocations, 1u);
  EXPECT_EQ(c[static_cast<int>(DeviceType::Host)].bytes_requested, 12u);
  EXPECT_EQ(c[static_cast<int>(DeviceType::Host)].bytes_reserved, 64u);
  EXPECT_EQ(c[static_cast<int>(DeviceType::Cuda)], LedgerCounters{});
}

}  // namespace
}  // namespace clampbench::test
