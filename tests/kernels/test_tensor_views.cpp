// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Views share storage, compute the right strides and offsets, never allocate, and feed ops
// correctly when non-contiguous.

#include "tests/kernels/kernel_test_util.h"

namespace clampbench::test {
namespace {

TEST(TensorViews, EmptyIsContiguousAndCounted) {
  Tensor t;
  EXPECT_FALSE(t.defined());
  const LedgerCounters c = host_counts([&] { t = empty(Dims{2, 3}, DType::Int64, DeviceType::Host); });
  EXPECT_EQ(c.allocations, 1u);
  EXPECT_EQ(c.bytes_requested, 48u);
  EXPECT_EQ(t.strides(), (Dims{3, 1}));
  EXPECT_TRUE(t.is_contiguous());
  EXPECT_EQ(t.nbytes(), 48u);
  EXPECT_EQ(t.str(), "int64[2, 3] host");
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(t.data_ptr()) % 64, 0u);
}

TEST(TensorViews, NarrowSliceSelect) {
  const Tensor t = i32({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, Dims{3, 4});
  Tensor n, s, sel;
  EXPECT_EQ(host_allocs([&] {
              n = t.narrow(1, 1, 2);
              s = t.slice(0, 1, 100);  // end clamps to 3
              sel = t.select(0, -1);
            }),
            0u);
  EXPECT_EQ(n.shape(), (Dims{3, 2}));
  EXPECT_EQ(n.storage_offset(), 1);
  EXPECT_FALSE(n.is_contiguous());
  EXPECT_EQ(to_vector<std::int32_t>(n), (I32{1, 2, 5, 6, 9, 10}));
  EXPECT_EQ(s.shape(), (Dims{2, 4}));
  EXPECT_TRUE(s.is_contiguous());
  EXPECT_EQ(to_vector<std::int32_t>(s), (I32{4, 5, 6, 7, 8, 9, 10, 11}));
  EXPECT_EQ(sel.shape(), (Dims{4}));
  EXPECT_EQ(to_vector<std::int32_t>(sel), (I32{8, 9, 10, 11}));
  EXPECT_EQ(t.slice(1, -2, 4).shape(), (Dims{3, 2}));
  EXPECT_EQ(t.slice(1, 3, 1).shape(), (Dims{3, 0}));
  EXPECT_TRUE(n.shares_storage_with(t));
  EXPECT_EQ(error_kind_of([&] { t.narrow(1, 3, 2); }), ErrorKind::IndexOutOfRange);
  EXPECT_EQ(error_kind_of([&] { t.select(0, 3); }), ErrorKind::IndexOutOfRange);
  EXPECT_EQ(error_kind_of([&] { t.size(2); }), ErrorKind::IndexOutOfRange);
}

TEST(TensorViews, UnsqueezeSqueeze) {
  const Tensor t = i32({1, 2, 3});
  EXPECT_EQ(host_allocs([&] {
              EXPECT_EQ(t.unsqueeze(0).shape(), (Dims{1, 3}));
              EXPECT_EQ(t.unsqueeze(1).shape(), (Dims{3, 1}));
              EXPECT_EQ(t.unsqueeze(-1).shape(), (Dims{3, 1}));
              EXPECT_EQ(t.unsqueeze(1).squeeze(1).shape(), (Dims{3}));
              EXPECT_EQ(t.squeeze(0).shape(), (Dims{3}));  // not size 1: unchanged
            }),
            0u);
  EXPECT_TRUE(t.unsqueeze(1).is_contiguous());
  EXPECT_EQ(error_kind_of([&] { t.unsqueeze(2); }), ErrorKind::IndexOutOfRange);
}

TEST(TensorViews, ExpandHasZeroStride) {
  const Tensor t = i32({1, 2}, Dims{2, 1});
  const Tensor e = t.expand(Dims{3, 2, 4});
  EXPECT_EQ(e.shape(), (Dims{3, 2, 4}));
  EXPECT_EQ(e.strides(), (Dims{0, 1, 0}));
  EXPECT_FALSE(e.is_contiguous());
  EXPECT_EQ(t.expand(Dims{-1, 3}).shape(), (Dims{2, 3}));
  EXPECT_EQ(to_vector<std::int32_t>(add(t.expand(Dims{2, 3}), 10)), (I32{11, 11, 11, 12, 12, 12}));
  EXPECT_EQ(error_kind_of([&] { t.expand(Dims{3, 1}); }), ErrorKind::ShapeMismatch);
  EXPECT_EQ(error_kind_of([&] { t.expand(Dims{2}); }), ErrorKind::ShapeMismatch);
}

TEST(TensorViews, UnfoldWindows) {
  const Tensor t = i32({1, 2, 3, 4, 5, 10, 20, 30, 40, 50}, Dims{2, 5});
  const Tensor w = t.unfold(1, 3, 1);
  EXPECT_EQ(w.shape(), (Dims{2, 3, 3}));
  EXPECT_EQ(w.strides(), (Dims{5, 1, 1}));
  EXPECT_EQ(to_vector<std::int32_t>(w),
            (I32{1, 2, 3, 2, 3, 4, 3, 4, 5, 10, 20, 30, 20, 30, 40, 30, 40, 50}));
  const Tensor w2 = t.unfold(1, 2, 2);
  EXPECT_EQ(w2.shape(), (Dims{2, 2, 2}));
  EXPECT_EQ(to_vector<std::int32_t>(w2), (I32{1, 2, 3, 4, 10, 20, 30, 40}));
  // match = (windows == suffix.unsqueeze(1)).all(-1), the n-gram proposer's pattern
  const Tensor suffix = i32({3, 4, 5, 10, 20, 30}, Dims{2, 3});
  EXPECT_EQ(to_vector<std::uint8_t>(all(eq(w, suffix.unsqueeze(1)), -1)), (B8{0, 0, 1, 1, 0, 0}));
  EXPECT_EQ(error_kind_of([&] { t.unfold(1, 6, 1); }), ErrorKind::ShapeMismatch);
}

TEST(TensorViews, ViewOfContiguousOnly) {
  const Tensor t = i32({1, 2, 3, 4, 5, 6}, Dims{2, 3});
  EXPECT_EQ(t.view(Dims{3, 2}).shape(), (Dims{3, 2}));
  EXPECT_EQ(t.view(Dims{-1}).shape(), (Dims{6}));
  EXPECT_EQ(error_kind_of([&] { t.view(Dims{4}); }), ErrorKind::ShapeMismatch);
  EXPECT_EQ(error_kind_of([&] { t.select(1, 0).view(Dims{2}); }), ErrorKind::ShapeMismatch);
}

TEST(TensorViews, OpsOnSliceWithOffset) {
  const Tensor t = i32({-5, -4, -3, -2, -1, 0, 1, 2}, Dims{8});
  const Tensor mid = t.slice(0, 2, 6);  // offset 2
  EXPECT_EQ(mid.storage_offset(), 2);
  EXPECT_EQ(to_vector<std::int32_t>(floor_divide(mid, 2)), (I32{-2, -1, -1, 0}));
  EXPECT_EQ(to_vector<std::int32_t>(clamp(mid, 0)), (I32{0, 0, 0, 0}));
}

TEST(TensorViews, EmptyTensorsThroughOps) {
  const Tensor e = i32({}, Dims{0});
  EXPECT_EQ(e.data_ptr(), nullptr);
  EXPECT_EQ(host_allocs([&] { EXPECT_EQ(add(e, 1).numel(), 0); }), 1u);
  EXPECT_EQ(add(e, i64({}, Dims{0})).dtype(), DType::Int64);
  EXPECT_EQ(add(i32({}, Dims{0, 3}), i32({1, 2, 3})).shape(), (Dims{0, 3}));
  EXPECT_EQ(gather(i32({}, Dims{2, 0}), 1, i64({}, Dims{2, 0})).numel(), 0);
  Tensor f = i32({}, Dims{0});
  EXPECT_EQ(host_allocs([&] { clamp_(f, 0); fill_(f, 1); }), 0u);
  EXPECT_TRUE(to_vector<std::int32_t>(where(b8({}, Dims{0}), e, 0)).empty());
}

}  // namespace
}  // namespace clampbench::test

namespace clampbench::test {
namespace {

TEST(TensorViews, BinaryOpsOnMixedStridedOperands) {
  const Tensor t = i32({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, Dims{3, 4});
  const Tensor col = t.select(1, 3);                  // [4, 8, 12], stride 4
  const Tensor row = t.select(0, 1).slice(0, 1, 4);   // [6, 7, 8], offset 5
  const Tensor windows = t.select(0, 0).unfold(0, 2, 2);  // [[1, 2], [3, 4]]
  EXPECT_EQ(to_vector<std::int32_t>(sub(col.unsqueeze(1), row)), (I32{-2, -3, -4, 2, 1, 0, 6, 5, 4}));
  EXPECT_EQ(to_vector<std::int32_t>(mul(windows, windows.select(1, 0).unsqueeze(1))), (I32{1, 2, 9, 12}));
  Tensor out = i64({0, 0, 0, 0}, Dims{2, 2});
  copy_(out, windows.select(0, 1).expand(Dims{2, 2}));
  EXPECT_EQ(to_vector<std::int64_t>(out), (I64{3, 4, 3, 4}));
}

TEST(TensorViews, ZeroDimTensors) {
  const Tensor s = i64({7, 8}).select(0, 1);
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(s.numel(), 1);
  EXPECT_EQ(s.str(), "int64[] host");
  EXPECT_EQ(error_kind_of([&] { s.size(0); }), ErrorKind::IndexOutOfRange);
  const Tensor r = add(s, i64({1, 2, 3}));
  EXPECT_EQ(r.shape(), (Dims{3}));
  EXPECT_EQ(to_vector<std::int64_t>(r), (I64{9, 10, 11}));
  EXPECT_EQ(add(s, 1).dim(), 0);
  EXPECT_EQ(item_int(add(s, 1)), 9);
  EXPECT_EQ(s.unsqueeze(0).shape(), (Dims{1}));
}

TEST(TensorViews, GatherAndScatterWithStridedIndex) {
  const Tensor table = i32({10, 11, 12, 20, 21, 22}, Dims{2, 3});
  const Tensor idx = i64({2, 0}, Dims{1, 2}).expand(Dims{2, 2});  // stride 0 rows
  EXPECT_EQ(to_vector<std::int32_t>(gather(table, 1, idx)), (I32{12, 10, 22, 20}));
  Tensor dst = i32({0, 0, 0, 0, 0, 0}, Dims{2, 3});
  // duplicate targets along dim: the later position wins, as a sequential loop writes
  scatter_(dst, 1, i64({1, 1, 2, 2}, Dims{2, 2}), i32({5, 6, 7, 8}, Dims{2, 2}));
  EXPECT_EQ(to_vector<std::int32_t>(dst), (I32{0, 6, 0, 0, 0, 8}));
}

}  // namespace
}  // namespace clampbench::test
