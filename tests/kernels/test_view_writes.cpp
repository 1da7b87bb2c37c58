// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// View writes (kernels/write_order.h, ViewWrite), worked by hand: every in-place op records the
// storage it wrote, the view, the distinct storage elements written and how many of them
// changed -- through slice, select, expand and unfold views, and for writes that change nothing.

#include <gtest/gtest.h>

#include "kernels/ops.h"
#include "kernels/write_order.h"

namespace clampbench {
namespace {

Tensor i64(std::vector<std::int64_t> v, Dims shape) { return from_vector(v, shape, DeviceType::Host); }
Tensor i32(std::vector<std::int32_t> v, Dims shape) { return from_vector(v, shape, DeviceType::Host); }
Tensor flags(std::vector<bool> v, Dims shape) {
  Tensor m = i32(std::vector<std::int32_t>(v.begin(), v.end()), shape);
  return ne(m, 0);
}

// Runs `write` inside a scope and returns its one view write.
template <typename F> ViewWrite only_write(F write) {
  WriteOrderScope scope;
  write();
  scope.close();
  EXPECT_EQ(scope.view_writes().size(), 1u);
  return scope.view_writes().empty() ? ViewWrite{} : scope.view_writes()[0];
}

TEST(ViewWrites, ClampThroughASliceCountsTheSliceAndItsChangedElements) {
  Tensor t = i32({-3, -2, -1, 0, 1, -5, 2, -7, 3, 4, -1, 5}, {3, 4});
  Tensor rows = t.slice(0, 1, 3);  // storage elements 4..11
  const ViewWrite w = only_write([&] { clamp_(rows, 0); });
  EXPECT_EQ(w.storage, t.storage().get());
  EXPECT_EQ(w.op, "clamp_");
  EXPECT_EQ(w.view, "[2, 4] strides [4, 1] offset 4");
  EXPECT_EQ(w.elements_written, 8);
  EXPECT_EQ(w.elements_changed, 3);  // -5, -7, -1; row 0's negatives are outside the view
  EXPECT_EQ(to_vector<std::int32_t>(t), (std::vector<std::int32_t>{-3, -2, -1, 0, 1, 0, 2, 0, 3, 4, 0, 5}));
}

TEST(ViewWrites, AMaskedFillThroughASelectThatChangesNothingIsStillRecorded) {
  Tensor t = i32({0, 1, -1, 3, 4, 5, 2, 7, 8, 9, -1, 11}, {3, 4});
  Tensor column = t.select(1, 2);  // storage elements 2, 6, 10 holding -1, 2, -1
  const ViewWrite w = only_write([&] { masked_fill_(column, flags({true, false, true}, {3}), -1); });
  EXPECT_EQ(w.op, "masked_fill_");
  EXPECT_EQ(w.view, "[3] strides [4] offset 2");
  EXPECT_EQ(w.elements_written, 2);  // elements 2 and 10: the mask's true places
  EXPECT_EQ(w.elements_changed, 0);  // both held -1 already
}

TEST(ViewWrites, AWriteThroughAnExpandedViewCountsEachStorageElementOnce) {
  Tensor base = i32({1, 2}, {2, 1});
  Tensor wide = base.expand({2, 3});  // 6 places, 2 storage elements
  const ViewWrite w = only_write([&] { fill_(wide, 2); });
  EXPECT_EQ(w.op, "fill_");
  EXPECT_EQ(w.view, "[2, 3] strides [1, 0] offset 0");
  EXPECT_EQ(w.elements_written, 2);
  EXPECT_EQ(w.elements_changed, 1);  // element 0: 1 -> 2; element 1 held 2
}

TEST(ViewWrites, OverlappingUnfoldWindowsCountTheSharedElementOnce) {
  Tensor t = i32({0, 1, 2, 3, 4, 5}, {6});
  Tensor windows = t.unfold(0, 3, 2);  // [0 1 2] [2 3 4]: 6 places over elements 0..4
  const ViewWrite w = only_write([&] { clamp_(windows, std::nullopt, 3); });
  EXPECT_EQ(w.view, "[2, 3] strides [2, 1] offset 0");
  EXPECT_EQ(w.elements_written, 5);
  EXPECT_EQ(w.elements_changed, 1);  // 4 -> 3
  EXPECT_EQ(to_vector<std::int32_t>(t), (std::vector<std::int32_t>{0, 1, 2, 3, 3, 5}));
}

TEST(ViewWrites, AStridedViewOfThreeDimsIsWalkedAcrossEachCarry) {
  std::vector<std::int32_t> v(24);
  for (std::int32_t i = 0; i < 24; ++i) v[static_cast<std::size_t>(i)] = i;
  for (std::size_t e : {0u, 2u, 9u, 22u, 23u}) v[e] = -1;
  Tensor t = i32(v, {2, 3, 4});
  Tensor middle = t.slice(2, 1, 3);  // storage elements 12a + 4b + 1 + c: 1 2 5 6 9 10 13 14 17 18 21 22
  const ViewWrite w = only_write([&] { clamp_(middle, 0); });
  EXPECT_EQ(w.view, "[2, 3, 2] strides [12, 4, 1] offset 1");
  EXPECT_EQ(w.elements_written, 12);
  EXPECT_EQ(w.elements_changed, 3);  // 2, 9 and 22; 0 and 23 lie outside the view
  for (std::size_t e : {2u, 9u, 22u}) v[e] = 0;
  EXPECT_EQ(to_vector<std::int32_t>(t), v);
}

TEST(ViewWrites, ScatterCountsItsDistinctDestinationsAndCopyOfEqualValuesChangesNothing) {
  Tensor t = i32({9, 0, 0, 0}, {1, 4});
  const ViewWrite s = only_write([&] { scatter_(t, 1, i64({2, 2, 0}, {1, 3}), i32({0, 0, 9}, {1, 3})); });
  EXPECT_EQ(s.op, "scatter_");
  EXPECT_EQ(s.elements_written, 2);  // elements 2 (twice, equal values) and 0
  EXPECT_EQ(s.elements_changed, 0);
  Tensor same = clone(t);
  const ViewWrite c = only_write([&] { copy_(t, same); });
  EXPECT_EQ(c.op, "copy_");
  EXPECT_EQ(c.storage, t.storage().get());
  EXPECT_EQ(c.elements_written, 4);
  EXPECT_EQ(c.elements_changed, 0);
}

TEST(ViewWrites, OutOfPlaceOpsRecordNothingAndNoScopeMeansNoRecord) {
  Tensor t = i32({-1, 2}, {2});
  {
    WriteOrderScope scope;
    Tensor c = clamp(t, 0);
    scope.close();
    EXPECT_TRUE(scope.view_writes().empty());
  }
  clamp_(t, 0);  // no scope open: nothing to record into, nothing snapshotted
  WriteOrderScope later;
  later.close();
  EXPECT_TRUE(later.view_writes().empty());
}

}  // namespace
}  // namespace clampbench
