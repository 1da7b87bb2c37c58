// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Reductions: cumsum, sum, amax, amin, argmax, all, any, whole-tensor max/sum, item_int.

#include "tests/kernels/kernel_test_util.h"

namespace clampbench::test {
namespace {

TEST(OpsReduce, CumsumPromotesIntegralToInt64) {
  const Tensor t = i32({1, 2, 3, 4, 5, 6}, Dims{2, 3});
  const Tensor r = cumsum(t, 1);
  EXPECT_EQ(r.dtype(), DType::Int64);
  EXPECT_EQ(r.shape(), (Dims{2, 3}));
  EXPECT_EQ(to_vector<std::int64_t>(r), (I64{1, 3, 6, 4, 9, 15}));
  EXPECT_EQ(to_vector<std::int64_t>(cumsum(t, 0)), (I64{1, 2, 3, 5, 7, 9}));
  const Tensor r32 = cumsum(t, -1, DType::Int32);
  EXPECT_EQ(r32.dtype(), DType::Int32);
  EXPECT_EQ(to_vector<std::int32_t>(r32), (I32{1, 3, 6, 4, 9, 15}));
  EXPECT_EQ(to_vector<std::int64_t>(cumsum(b8({1, 0, 1, 1}), 0)), (I64{1, 1, 2, 3}));
}

TEST(OpsReduce, SumAlongDim) {
  const Tensor t = i32({1, 2, 3, 4, 5, 6}, Dims{2, 3});
  const Tensor r = sum(t, 1);
  EXPECT_EQ(r.dtype(), DType::Int64);
  EXPECT_EQ(r.shape(), (Dims{2}));
  EXPECT_EQ(to_vector<std::int64_t>(r), (I64{6, 15}));
  EXPECT_EQ(to_vector<std::int64_t>(sum(t, 0)), (I64{5, 7, 9}));
  EXPECT_EQ(to_vector<std::int64_t>(sum(b8({1, 1, 0, 1}, Dims{2, 2}), 1)), (I64{2, 1}));
  EXPECT_EQ(to_vector<float>(sum(f32({0.5f, 0.25f}), 0)), (F32{0.75f}));
}

TEST(OpsReduce, AmaxAminArgmax) {
  const Tensor t = i32({3, 7, 7, 1, -2, -5, -2, -9}, Dims{2, 4});
  EXPECT_EQ(to_vector<std::int32_t>(amax(t, 1)), (I32{7, -2}));
  EXPECT_EQ(to_vector<std::int32_t>(amin(t, 1)), (I32{1, -9}));
  const Tensor am = argmax(t, 1);
  EXPECT_EQ(am.dtype(), DType::Int64);
  EXPECT_EQ(to_vector<std::int64_t>(am), (I64{1, 0}));  // first maximum wins
  EXPECT_EQ(to_vector<std::int64_t>(argmax(t, 0)), (I64{0, 0, 0, 0}));
  EXPECT_EQ(to_vector<std::int64_t>(argmax(b8({0, 1, 1}), 0)), (I64{1}));
}

TEST(OpsReduce, AllAny) {
  const Tensor t = b8({1, 1, 1, 0, 0, 0, 1, 0, 1}, Dims{3, 3});
  EXPECT_EQ(to_vector<std::uint8_t>(all(t, 1)), (B8{1, 0, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(any(t, 1)), (B8{1, 0, 1}));
  EXPECT_EQ(to_vector<std::uint8_t>(all(t, -2)), (B8{0, 0, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(all(i32({1, 2, 0, 3}, Dims{2, 2}), 1)), (B8{1, 0}));
}

TEST(OpsReduce, EmptyDim) {
  const Tensor e = i32({}, Dims{2, 0});
  EXPECT_EQ(to_vector<std::int64_t>(sum(e, 1)), (I64{0, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(all(e, 1)), (B8{1, 1}));
  EXPECT_EQ(to_vector<std::uint8_t>(any(e, 1)), (B8{0, 0}));
  EXPECT_EQ(sum(e, 0).shape(), (Dims{0}));
  EXPECT_EQ(cumsum(e, 1).shape(), (Dims{2, 0}));
  EXPECT_EQ(error_kind_of([&] { amax(e, 1); }), ErrorKind::InvalidArgument);
  EXPECT_EQ(error_kind_of([&] { argmax(e, 1); }), ErrorKind::InvalidArgument);
  EXPECT_EQ(error_kind_of([&] { max(e); }), ErrorKind::InvalidArgument);
  EXPECT_EQ(item_int(sum(e)), 0);
}

TEST(OpsReduce, WholeTensor) {
  const Tensor t = i32({4, -1, 9, 2}, Dims{2, 2});
  const Tensor m = max(t);
  EXPECT_EQ(m.dim(), 0);
  EXPECT_EQ(m.dtype(), DType::Int32);
  EXPECT_EQ(item_int(m), 9);
  const Tensor s = sum(t);
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(s.dtype(), DType::Int64);
  EXPECT_EQ(item_int(s), 14);
}

TEST(OpsReduce, WholeTensorOfViews) {
  const Tensor t = i32({1, 2, 3, 4, 5, 6, 7, 8, 9}, Dims{3, 3});
  EXPECT_EQ(item_int(max(t.slice(0, 0, 2))), 6);       // flat strided run
  EXPECT_EQ(item_int(sum(t.select(1, 0))), 1 + 4 + 7);  // stride 3
  EXPECT_EQ(item_int(max(t.slice(1, 0, 2))), 8);        // rows of 2 out of 3: not flat
  EXPECT_EQ(item_int(sum(t.slice(1, 1, 3))), 2 + 3 + 5 + 6 + 8 + 9);
}

TEST(OpsReduce, ReduceNonContiguousAlongDim) {
  // transpose-like view via unfold: [2, 3] windows of size 1 step 1 then select
  const Tensor t = i32({1, 2, 3, 4, 5, 6}, Dims{2, 3});
  const Tensor cols = t.unfold(0, 2, 1).select(0, 0);  // [3, 2]: cols[j] = (t[0][j], t[1][j])
  EXPECT_EQ(to_vector<std::int64_t>(sum(cols, 1)), (I64{5, 7, 9}));
  EXPECT_EQ(to_vector<std::int64_t>(cumsum(cols, 1)), (I64{1, 5, 2, 7, 3, 9}));
}

// torch.cumsum(a, dim, out=view, dtype=int32), as vLLM writes a chunk plan's cumulative lengths
// behind a leading zero column: into the view, nothing allocated.
TEST(OpsReduce, CumsumOutWritesTheViewAndAllocatesNothing) {
  const Tensor lens = i32({1, 2, 3, 4, 5, 6}, Dims{2, 3});
  Tensor cu = i32({0, 0, 0, 0, 0, 0, 0, 0}, Dims{2, 4});
  Tensor tail = cu.slice(1, 1, 4);
  EXPECT_EQ(host_allocs([&] { cumsum_out(tail, lens, 1, DType::Int32); }), 0u);
  EXPECT_EQ(to_vector<std::int32_t>(cu), (I32{0, 1, 3, 6, 0, 4, 9, 15}));
  Tensor wide = i64({0, 0, 0, 0, 0, 0}, Dims{2, 3});
  EXPECT_EQ(error_kind_of([&] { cumsum_out(wide, lens, 1, DType::Int32); }), ErrorKind::DTypeMismatch);
  Tensor narrow = cu.slice(1, 2, 4);
  EXPECT_EQ(error_kind_of([&] { cumsum_out(narrow, lens, 1, DType::Int32); }), ErrorKind::ShapeMismatch);
}

// With no dtype, the result type is out's, as torch's: torch.cumsum(int32, 0, out=int32 view)
// is int32 (the indexer's cu_seq_lens[1:]), and an int64 out takes the int64 sums.
TEST(OpsReduce, CumsumOutTakesOutsDtypeWithoutOne) {
  const Tensor lens = i32({131, 0, 7}, Dims{3});
  Tensor cu = i32({0, 9, 9, 9}, Dims{4});
  Tensor tail = cu.slice(0, 1, 4);
  EXPECT_EQ(host_allocs([&] { cumsum_out(tail, lens, 0); }), 0u);
  EXPECT_EQ(to_vector<std::int32_t>(cu), (I32{0, 131, 131, 138}));
  Tensor wide = i64({0, 0, 0}, Dims{3});
  cumsum_out(wide, lens, 0);
  EXPECT_EQ(to_vector<std::int64_t>(wide), (I64{131, 131, 138}));
}

// torch.min(a) and torch.max(a): 0-dim, of a's dtype; an empty tensor has no minimum.
TEST(OpsReduce, WholeTensorMinAndMax) {
  const Tensor t = i32({3, -9, 9, -1}, Dims{2, 2});
  EXPECT_EQ(min(t).dim(), 0);
  EXPECT_EQ(item_int(min(t)), -9);
  EXPECT_EQ(item_int(max(t)), 9);
  EXPECT_EQ(item_int(min(t.slice(0, 1, 2))), -1);
  EXPECT_EQ(error_kind_of([&] { min(t.slice(0, 0, 0)); }), ErrorKind::InvalidArgument);
}

// torch.max(a, dim): the values and the first index of each, two allocations as torch's.
TEST(OpsReduce, MaxAlongDimGivesValuesAndFirstIndices) {
  const Tensor t = i32({3, 9, 9, -1, -4, -2}, Dims{2, 3});
  MaxAlongDim m;
  EXPECT_EQ(host_allocs([&] { m = max(t, 1); }), 2u);
  EXPECT_EQ(m.values.dtype(), DType::Int32);
  EXPECT_EQ(to_vector<std::int32_t>(m.values), (I32{9, -1}));
  EXPECT_EQ(m.indices.dtype(), DType::Int64);
  EXPECT_EQ(to_vector<std::int64_t>(m.indices), (I64{1, 0}));
  EXPECT_EQ(error_kind_of([&] { max(i32({}, Dims{2, 0}), 1); }), ErrorKind::InvalidArgument);
}

TEST(OpsReduce, ItemInt) {
  EXPECT_EQ(item_int(i64({-42})), -42);
  EXPECT_EQ(item_int(i32({1, 2, 3}).select(0, 2)), 3);
  EXPECT_EQ(item_int(b8({1})), 1);
  EXPECT_EQ(error_kind_of([] { item_int(i32({1, 2})); }), ErrorKind::InvalidArgument);
}

TEST(OpsReduce, ZeroDimInput) {
  const Tensor s = i32({5}).select(0, 0);
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(sum(s, 0).dim(), 0);
  EXPECT_EQ(item_int(sum(s, 0)), 5);
  EXPECT_EQ(item_int(cumsum(s, -1)), 5);
}

}  // namespace
}  // namespace clampbench::test
