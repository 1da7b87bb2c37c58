// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The allocation trace, worked by hand: each allocation in order with its op, tag, dtype,
// shape and bytes, and the sequence index of its free; its count, bytes and order equal the
// ledger's over the same scope; nothing is recorded outside a scope.

#include <gtest/gtest.h>

#include <string>

#include "kernels/allocation_trace.h"
#include "kernels/ledger.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"

namespace clampbench {
namespace {

TEST(AllocationTrace, OpsInOrderWithTheirFreesAndTagsMatchingTheLedger) {
  AllocationLedger& ledger = Runtime::current().ledger();
  ledger.set_event_log(true);
  ledger.take_event_log();
  LedgerScope counted(ledger, "trace test");
  AllocationTraceScope scope;
  Tensor a = from_vector(std::vector<std::int32_t>{-1, 2, -3, 4}, {4}, DeviceType::Host);  // seq 0
  Tensor b = clamp(a, 0);                                                                   // seq 1
  const int clamp_line = __LINE__ - 1;
  {
    AllocationTag tag("test:30");
    Tensor t = add(b, 1);          // seq 2, freed at seq 5
    Tensor u = clamp(t, 0);        // seq 3, freed at seq 4: an open tag wins over the call site
  }
  Tensor c = to(b, DType::Int64);  // seq 6 (u freed at 4, t at 5)
  clamp_(c, std::nullopt, 3);      // in place: nothing
  const std::vector<TracedAllocation> trace = scope.close();
  const PerDevice counters = counted.close();
  ledger.set_event_log(false);
  const std::vector<LedgerEvent> events = ledger.take_event_log();

  ASSERT_EQ(trace.size(), 5u);
  EXPECT_EQ(trace[0].op, "from_vector");
  EXPECT_EQ(trace[1].op, "clamp");
  EXPECT_EQ(trace[1].dtype, DType::Int32);
  EXPECT_EQ(trace[1].shape, (Dims{4}));
  EXPECT_EQ(trace[1].bytes, 16u);
  EXPECT_EQ(trace[1].tag, "test_allocation_trace.cpp:" + std::to_string(clamp_line)) << "clamp tags its call site";
  EXPECT_EQ(trace[2].op, "add");
  EXPECT_EQ(trace[2].tag, "test:30");
  EXPECT_EQ(trace[2].seq, 2);
  EXPECT_EQ(trace[2].freed_at, 5);  // t outlives u: destroyed in reverse order
  EXPECT_EQ(trace[3].op, "clamp");
  EXPECT_EQ(trace[3].tag, "test:30");
  EXPECT_EQ(trace[3].freed_at, 4);
  EXPECT_EQ(trace[4].op, "to");
  EXPECT_EQ(trace[4].seq, 6);
  EXPECT_EQ(trace[4].bytes, 32u);
  for (std::size_t i : {0u, 1u, 4u}) EXPECT_EQ(trace[i].freed_at, -1) << "alive when the scope closed";

  // Totals and order equal the ledger's.
  const LedgerCounters& host = counters[static_cast<std::size_t>(DeviceType::Host)];
  std::uint64_t bytes = 0;
  for (const auto& t : trace) bytes += t.bytes;
  EXPECT_EQ(host.allocations, trace.size());
  EXPECT_EQ(host.bytes_requested, bytes);
  EXPECT_EQ(host.frees, 2u);
  std::vector<std::uint64_t> ledger_order, trace_order;
  for (const auto& e : events)
    if (e.kind == LedgerEventKind::Alloc) ledger_order.push_back(e.bytes_requested);
  for (const auto& t : trace) trace_order.push_back(t.bytes);
  EXPECT_EQ(ledger_order, trace_order);
}

TEST(AllocationTrace, NothingOutsideAScopeAndOlderTensorsFreedInsideAreNotListed) {
  Tensor older = full({2}, 0, DType::Int32, DeviceType::Host);
  EXPECT_FALSE(allocation_trace::recording());
  AllocationTraceScope scope;
  EXPECT_TRUE(allocation_trace::recording());
  older = Tensor();  // frees a storage the scope never saw allocated
  Tensor x = full({3}, 1, DType::Int64, DeviceType::Host);
  const std::vector<TracedAllocation> trace = scope.close();
  EXPECT_FALSE(allocation_trace::recording());
  ASSERT_EQ(trace.size(), 1u);
  EXPECT_EQ(trace[0].op, "full");
  EXPECT_EQ(trace[0].seq, 0);
  EXPECT_EQ(trace[0].bytes, 24u);
}

}  // namespace
}  // namespace clampbench
