// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The counting rule, exactly: one allocation per out-of-place op, none for in-place ops,
// views and same-dtype conversions; measured with a ledger scope around each call.

#include "tests/kernels/kernel_test_util.h"

namespace clampbench::test {
namespace {

class AllocCounts : public ::testing::Test {
 protected:
  Tensor a = i32({-3, 0, 5, 9}, Dims{4});
  Tensor b = i64({1, 2, 3, 4}, Dims{4});
  Tensor col = i32({1, 2, 3}, Dims{3, 1});
  Tensor mask = b8({1, 0, 1, 0});
  Tensor table = i32({0, 1, 2, 3, 4, 5, 6, 7}, Dims{2, 4});
  Tensor idx = i64({1, 3}, Dims{2, 1});
};

TEST_F(AllocCounts, OutOfPlaceOpsAllocateOne) {
  EXPECT_EQ(host_allocs([&] { add(a, b); }), 1u);
  EXPECT_EQ(host_allocs([&] { add(a, 1); }), 1u);
  EXPECT_EQ(host_allocs([&] { sub(a, b); }), 1u);
  EXPECT_EQ(host_allocs([&] { sub(a, 1); }), 1u);
  EXPECT_EQ(host_allocs([&] { rsub(a, 1); }), 1u);
  EXPECT_EQ(host_allocs([&] { mul(a, 3); }), 1u);
  EXPECT_EQ(host_allocs([&] { floor_divide(a, 2); }), 1u);
  EXPECT_EQ(host_allocs([&] { floor_divide(a, b); }), 1u);
  EXPECT_EQ(host_allocs([&] { remainder(a, 2); }), 1u);
  EXPECT_EQ(host_allocs([&] { neg(a); }), 1u);
  EXPECT_EQ(host_allocs([&] { minimum(col, a); }), 1u);  // broadcast [3,1] x [4]
  EXPECT_EQ(host_allocs([&] { maximum(a, b); }), 1u);
  EXPECT_EQ(host_allocs([&] { clamp(a, 0); }), 1u);
  EXPECT_EQ(host_allocs([&] { clamp(a, 0, 3); }), 1u);
  EXPECT_EQ(host_allocs([&] { eq(a, b); }), 1u);
  EXPECT_EQ(host_allocs([&] { ne(a, -1); }), 1u);
  EXPECT_EQ(host_allocs([&] { lt(a, 4); }), 1u);
  EXPECT_EQ(host_allocs([&] { logical_and(mask, mask); }), 1u);
  EXPECT_EQ(host_allocs([&] { logical_not(mask); }), 1u);
  EXPECT_EQ(host_allocs([&] { where(mask, a, b); }), 1u);
  EXPECT_EQ(host_allocs([&] { where(mask, a, 0); }), 1u);
  EXPECT_EQ(host_allocs([&] { gather(table, 1, idx); }), 1u);
  EXPECT_EQ(host_allocs([&] { cumsum(a, 0); }), 1u);
  EXPECT_EQ(host_allocs([&] { sum(table, 1); }), 1u);
  EXPECT_EQ(host_allocs([&] { amax(table, 0); }), 1u);
  EXPECT_EQ(host_allocs([&] { argmax(table, 1); }), 1u);
  EXPECT_EQ(host_allocs([&] { all(mask, 0); }), 1u);
  EXPECT_EQ(host_allocs([&] { max(a); }), 1u);
  EXPECT_EQ(host_allocs([&] { sum(table); }), 1u);
  EXPECT_EQ(host_allocs([&] { to(a, DType::Int64); }), 1u);
  EXPECT_EQ(host_allocs([&] { clone(a); }), 1u);
  EXPECT_EQ(host_allocs([&] { contiguous(table.select(1, 0)); }), 1u);
  EXPECT_EQ(host_allocs([&] { arange(5, DType::Int64, DeviceType::Host); }), 1u);
  EXPECT_EQ(host_allocs([&] { full(Dims{3}, 7, DType::Int32, DeviceType::Host); }), 1u);
  EXPECT_EQ(host_allocs([&] { from_vector(I32{1, 2}, Dims{2}, DeviceType::Host); }), 1u);
}

TEST_F(AllocCounts, InPlaceViewsAndNoOpsAllocateNothing) {
  EXPECT_EQ(host_allocs([&] { clamp_(a, 0); }), 0u);
  EXPECT_EQ(host_allocs([&] { clamp_(a, std::nullopt, 3); }), 0u);
  EXPECT_EQ(host_allocs([&] { fill_(a, 2); }), 0u);
  EXPECT_EQ(host_allocs([&] { masked_fill_(a, mask, -1); }), 0u);
  EXPECT_EQ(host_allocs([&] { copy_(a, b); }), 0u);
  // The src literal is one allocation (from_vector); scatter_ itself adds none.
  EXPECT_EQ(host_allocs([&] { scatter_(table, 1, idx, i32({7, 8}, Dims{2, 1})); }), 1u);
  Tensor src = i32({7, 8}, Dims{2, 1});
  EXPECT_EQ(host_allocs([&] { scatter_(table, 1, idx, src); }), 0u);
  Tensor m = b8({1, 0}, Dims{2, 1});
  EXPECT_EQ(host_allocs([&] { scatter_masked_(table, 1, idx, src, m); }), 0u);
  EXPECT_EQ(host_allocs([&] {
              a.unsqueeze(1);
              a.slice(0, 1, 3);
              a.narrow(0, 0, 2);
              a.select(0, 1);
              col.squeeze(1);
              col.expand(Dims{3, 5});
              table.unfold(1, 2, 1);
              table.view(Dims{8});
            }),
            0u);
  EXPECT_EQ(host_allocs([&] { to(a, DType::Int32); }), 0u);
  EXPECT_EQ(host_allocs([&] { to(a, DeviceType::Host); }), 0u);
  EXPECT_EQ(host_allocs([&] { contiguous(a); }), 0u);
  EXPECT_EQ(host_allocs([&] { item_int(a.select(0, 0)); }), 0u);
  EXPECT_EQ(host_allocs([&] { to_vector<std::int32_t>(table.select(1, 2)); }), 0u);
}

TEST_F(AllocCounts, CdivIsTwoAllocations) {
  // cdiv(a, B) = -(a // -B)
  EXPECT_EQ(host_allocs([&] { neg(floor_divide(a, -256)); }), 2u);
  // mamba last_computed = cdiv(nct, B) - 1, clamped: 3 + 1 out of place, 3 + 0 in place
  EXPECT_EQ(host_allocs([&] { clamp(sub(neg(floor_divide(a, -256)), 1), 0); }), 4u);
  EXPECT_EQ(host_allocs([&] {
              Tensor t = sub(neg(floor_divide(a, -256)), 1);
              clamp_(t, 0);
            }),
            3u);
}

TEST_F(AllocCounts, BytesAndFreesOfATemporaryChain) {
  // int32 [4] temporaries: 16 bytes each. C++ keeps all three alive to the end of the full
  // expression, so the peak is all three; all are freed inside the scope.
  const LedgerCounters c = host_counts([&] { sub(neg(floor_divide(a, -256)), 1); });
  EXPECT_EQ(c.allocations, 3u);
  EXPECT_EQ(c.frees, 3u);
  EXPECT_EQ(c.bytes_requested, 48u);
  EXPECT_EQ(c.current_bytes, 0);
  EXPECT_EQ(c.peak_bytes, 48);
}

}  // namespace
}  // namespace clampbench::test
