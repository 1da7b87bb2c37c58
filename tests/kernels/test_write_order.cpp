// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The write-order log: a scatter that writes one element several times with differing values
// is recorded (count of such elements, the lowest one, its storage); equal values are not;
// through a view the element is located in the storage; nothing is recorded outside a scope.

#include <gtest/gtest.h>

#include "kernels/ops.h"
#include "kernels/write_order.h"

namespace clampbench {
namespace {

Tensor i64(std::vector<std::int64_t> v, Dims shape) { return from_vector(v, shape, DeviceType::Host); }
Tensor i32(std::vector<std::int32_t> v, Dims shape) { return from_vector(v, shape, DeviceType::Host); }

TEST(WriteOrder, EqualDuplicatesAreHarmless) {
  Tensor t = i32({0, 0, 0, 0}, {1, 4});
  WriteOrderScope scope;
  scatter_(t, 1, i64({2, 2, 2}, {1, 3}), i32({7, 7, 7}, {1, 3}));
  EXPECT_TRUE(scope.close().empty());
  EXPECT_EQ(to_vector<std::int32_t>(t), (std::vector<std::int32_t>{0, 0, 7, 0}));
}

TEST(WriteOrder, DifferingDuplicatesAreCountedWithTheLowestDestination) {
  Tensor t = i32(std::vector<std::int32_t>(8, 0), {2, 4});
  WriteOrderScope scope;
  // row 0: 3 <- 1, 3 <- 2 (differ), 0 <- 5, 1 <- 0. row 1: 1 <- 4, 1 <- 4 (equal), 2 <- 6, 2 <- 9.
  scatter_(t, 1, i64({3, 3, 0, 1, 1, 1, 2, 2}, {2, 4}), i32({1, 2, 5, 0, 4, 4, 6, 9}, {2, 4}));
  const std::vector<OrderDependentWrite> w = scope.close();
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].op, "scatter_");
  EXPECT_EQ(w[0].storage, t.storage().get());
  EXPECT_EQ(w[0].duplicates, 2);         // (0, 3) and (1, 2)
  EXPECT_EQ(w[0].first_element, 0 * 4 + 3);
  // in index order the last write wins, as torch's CPU scatter_
  EXPECT_EQ(to_vector<std::int32_t>(t), (std::vector<std::int32_t>{5, 0, 0, 2, 0, 4, 9, 0}));
}

TEST(WriteOrder, MaskedOffWritesDoNotCountAndViewsLocateTheStorageElement) {
  Tensor base = i32(std::vector<std::int32_t>(12, 0), {3, 4});
  Tensor view = base.narrow(0, 1, 2).narrow(1, 1, 3);  // rows 1-2, columns 1-3
  WriteOrderScope scope;
  // view row 0: column 2 <- 3, then 4 masked off; view row 1: column 0 <- 5, then 6.
  scatter_masked_(view, 1, i64({2, 2, 0, 0}, {2, 2}), i32({3, 4, 5, 6}, {2, 2}),
                  from_vector<std::uint8_t>({1, 0, 1, 1}, {2, 2}, DeviceType::Host));
  const std::vector<OrderDependentWrite> w = scope.close();
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].op, "scatter_masked_");
  EXPECT_EQ(w[0].storage, base.storage().get());
  EXPECT_EQ(w[0].duplicates, 1);
  EXPECT_EQ(w[0].first_element, 2 * 4 + 1);  // view (1, 0) is base (2, 1)
  EXPECT_EQ(to_vector<std::int32_t>(base), (std::vector<std::int32_t>{0, 0, 0, 0, 0, 0, 0, 3, 0, 6, 0, 0}));
}

TEST(WriteOrder, NestedScopesBothSeeARecordAndNothingIsRecordedOutsideOne) {
  Tensor t = i32({0, 0}, {2});
  scatter_(t, 0, i64({0, 0}, {2}), i32({1, 2}, {2}));
  EXPECT_FALSE(write_order::recording());
  WriteOrderScope outer;
  {
    WriteOrderScope inner;
    EXPECT_TRUE(write_order::recording());
    scatter_(t, 0, i64({1, 1}, {2}), i32({1, 2}, {2}));
    EXPECT_EQ(inner.close().size(), 1u);
  }
  const std::vector<OrderDependentWrite> w = outer.close();
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].first_element, 1);
  EXPECT_FALSE(write_order::recording());
}

TEST(WriteOrder, ABadIndexThrowsAndRecordsNothing) {
  Tensor t = i32({0, 0}, {2});
  WriteOrderScope scope;
  EXPECT_ANY_THROW(scatter_(t, 0, i64({1, 1, 5}, {3}), i32({1, 2, 3}, {3})));
  EXPECT_TRUE(scope.close().empty());
}

}  // namespace
}  // namespace clampbench
