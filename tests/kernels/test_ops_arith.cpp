// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Arithmetic ops against hand-computed values: Python floor division and remainder,
// promotion, broadcasting, scalar operands, clamp.

#include "tests/kernels/kernel_test_util.h"

namespace clampbench::test {
namespace {

TEST(OpsArith, FloorDivideRoundsTowardMinusInfinity) {
  const Tensor a = i64({-7, 7, -7, 7, 0, -1, 6});
  const Tensor b = i64({2, -2, -2, 2, 3, 4, 3});
  EXPECT_EQ(to_vector<std::int64_t>(floor_divide(a, b)), (I64{-4, -4, 3, 3, 0, -1, 2}));
}

TEST(OpsArith, RemainderTakesTheDivisorSign) {
  const Tensor a = i32({-7, 7, -7, 7, 6, -6});
  const Tensor b = i32({2, -2, -2, 2, 3, 4});
  EXPECT_EQ(to_vector<std::int32_t>(remainder(a, b)), (I32{1, -1, -1, 1, 0, 2}));
}

TEST(OpsArith, FloorDivideAndRemainderByScalar) {
  const Tensor a = i32({-7, -1, 0, 1, 7, 256, 257});
  EXPECT_EQ(to_vector<std::int32_t>(floor_divide(a, 2)), (I32{-4, -1, 0, 0, 3, 128, 128}));
  EXPECT_EQ(to_vector<std::int32_t>(remainder(a, 2)), (I32{1, 1, 0, 1, 1, 0, 1}));
  EXPECT_EQ(to_vector<std::int32_t>(floor_divide(a, -2)), (I32{3, 0, 0, -1, -4, -128, -129}));
  EXPECT_EQ(to_vector<std::int32_t>(remainder(a, -2)), (I32{-1, -1, 0, -1, -1, 0, -1}));
}

TEST(OpsArith, ZeroTensorDivisorGivesZeroButZeroScalarThrows) {
  EXPECT_EQ(to_vector<std::int32_t>(floor_divide(i32({5, -5}), i32({0, 0}))), (I32{0, 0}));
  EXPECT_EQ(error_kind_of([] { floor_divide(i32({5}), 0); }), ErrorKind::InvalidArgument);
  EXPECT_EQ(error_kind_of([] { remainder(i32({5}), 0); }), ErrorKind::InvalidArgument);
}

TEST(OpsArith, CdivIsMinusFloorDivOfMinus) {
  // cdiv(a, 256) = -(a // -256)
  const Tensor a = i32({0, 1, 255, 256, 257, 512});
  EXPECT_EQ(to_vector<std::int32_t>(neg(floor_divide(a, -256))), (I32{0, 1, 1, 1, 2, 2}));
}

TEST(OpsArith, Int32PlusInt64PromotesToInt64) {
  const Tensor r = add(i32({1, 2, 3}), i64({10, 20, 30}));
  EXPECT_EQ(r.dtype(), DType::Int64);
  EXPECT_EQ(to_vector<std::int64_t>(r), (I64{11, 22, 33}));
  EXPECT_EQ(sub(i64({5}), i32({7})).dtype(), DType::Int64);
}

TEST(OpsArith, ScalarKeepsTensorDtype) {
  const Tensor r = add(i32({1, 2}), 5);
  EXPECT_EQ(r.dtype(), DType::Int32);
  EXPECT_EQ(to_vector<std::int32_t>(r), (I32{6, 7}));
  EXPECT_EQ(add(b8({1, 0}), 1).dtype(), DType::Int64);
  EXPECT_EQ(to_vector<std::int64_t>(add(b8({1, 0}), 1)), (I64{2, 1}));
  const Tensor f = mul(i32({1, 3}), 0.5);
  EXPECT_EQ(f.dtype(), DType::Float32);
  EXPECT_EQ(to_vector<float>(f), (F32{0.5f, 1.5f}));
}

TEST(OpsArith, BroadcastColumnWithRow) {
  const Tensor col = i32({0, 10, 20}, Dims{3, 1});
  const Tensor row = i64({1, 2, 3, 4});
  const Tensor r = add(col, row);
  EXPECT_EQ(r.shape(), (Dims{3, 4}));
  EXPECT_EQ(r.dtype(), DType::Int64);
  EXPECT_EQ(to_vector<std::int64_t>(r), (I64{1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24}));
}

TEST(OpsArith, BroadcastMismatchNamesBothShapes) {
  std::string message;
  EXPECT_EQ(error_kind_of([] { add(i32({1, 2, 3}), i32({1, 2})); }, &message), ErrorKind::ShapeMismatch);
  EXPECT_NE(message.find("[3]"), std::string::npos) << message;
  EXPECT_NE(message.find("[2]"), std::string::npos) << message;
}

// torch's multiply_: in place, the dtype kept; a float scalar would promote an int tensor.
TEST(OpsArith, MulInPlaceKeepsTheTensor) {
  Tensor t = i32({0, 1, 2, -3});
  Tensor rows = t.slice(0, 1, 3);
  EXPECT_EQ(host_allocs([&] { mul_(rows, 256); }), 0u);
  EXPECT_EQ(to_vector<std::int32_t>(t), (I32{0, 256, 512, -3}));
  EXPECT_EQ(error_kind_of([&] { mul_(t, 0.5); }), ErrorKind::DTypeMismatch);
}

TEST(OpsArith, SubMulRsubNeg) {
  const Tensor a = i32({5, -3, 0});
  EXPECT_EQ(to_vector<std::int32_t>(sub(a, i32({1, 1, 1}))), (I32{4, -4, -1}));
  EXPECT_EQ(to_vector<std::int32_t>(sub(a, 1)), (I32{4, -4, -1}));
  EXPECT_EQ(to_vector<std::int32_t>(mul(a, i32({2, 3, 4}))), (I32{10, -9, 0}));
  EXPECT_EQ(to_vector<std::int32_t>(mul(a, -2)), (I32{-10, 6, 0}));
  EXPECT_EQ(to_vector<std::int32_t>(rsub(a, 10)), (I32{5, 13, 10}));
  EXPECT_EQ(to_vector<std::int32_t>(neg(a)), (I32{-5, 3, 0}));
}

TEST(OpsArith, MinimumMaximum) {
  const Tensor a = i32({1, 5, -2});
  const Tensor b = i64({3, 4, -2});
  EXPECT_EQ(to_vector<std::int64_t>(minimum(a, b)), (I64{1, 4, -2}));
  EXPECT_EQ(to_vector<std::int64_t>(maximum(a, b)), (I64{3, 5, -2}));
  // [1, 3] against [2, 1] broadcasts to [2, 3]
  EXPECT_EQ(to_vector<std::int32_t>(minimum(i32({1, 5, 9}, Dims{1, 3}), i32({4, 0}, Dims{2, 1}))),
            (I32{1, 4, 4, 0, 0, 0}));
}

TEST(OpsArith, BoolArithmetic) {
  // bool + bool stays bool (logical or); sub, //, %, neg reject bool.
  const Tensor r = add(b8({1, 1, 0, 0}), b8({1, 0, 1, 0}));
  EXPECT_EQ(r.dtype(), DType::Bool);
  EXPECT_EQ(to_vector<std::uint8_t>(r), (B8{1, 1, 1, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(mul(b8({1, 1, 0}), b8({1, 0, 1}))), (B8{1, 0, 0}));
  EXPECT_EQ(error_kind_of([] { sub(b8({1}), b8({1})); }), ErrorKind::DTypeMismatch);
  EXPECT_EQ(error_kind_of([] { floor_divide(b8({1}), 1); }), ErrorKind::DTypeMismatch);
  EXPECT_EQ(error_kind_of([] { remainder(b8({1}), b8({1})); }), ErrorKind::DTypeMismatch);
  EXPECT_EQ(error_kind_of([] { neg(b8({1})); }), ErrorKind::DTypeMismatch);
}

TEST(OpsArith, FloatFloorDivide) {
  EXPECT_EQ(to_vector<float>(floor_divide(f32({-7.f, 7.f, 7.5f}), 2)), (F32{-4.f, 3.f, 3.f}));
  EXPECT_EQ(to_vector<float>(remainder(f32({-7.f, 7.f}), 2)), (F32{1.f, 1.f}));
}

TEST(OpsArith, ClampMinMaxBoth) {
  const Tensor a = i32({-3, -1, 0, 4, 9});
  EXPECT_EQ(to_vector<std::int32_t>(clamp(a, 0)), (I32{0, 0, 0, 4, 9}));
  EXPECT_EQ(to_vector<std::int32_t>(clamp(a, std::nullopt, 3)), (I32{-3, -1, 0, 3, 3}));
  EXPECT_EQ(to_vector<std::int32_t>(clamp(a, -1, 5)), (I32{-1, -1, 0, 4, 5}));
  EXPECT_EQ(to_vector<std::int32_t>(clamp(a, 5, 1)), (I32{1, 1, 1, 1, 1}));  // min > max: all max, as torch
  EXPECT_EQ(clamp(a, 0).dtype(), DType::Int32);
  EXPECT_EQ(to_vector<std::int32_t>(a), (I32{-3, -1, 0, 4, 9}));  // out of place left a alone
  EXPECT_EQ(error_kind_of([&] { clamp(a, std::nullopt, std::nullopt); }), ErrorKind::InvalidArgument);
}

TEST(OpsArith, ClampInPlace) {
  Tensor a = i64({-3, -1, 0, 4, 9});
  Tensor& r = clamp_(a, 0, 4);
  EXPECT_EQ(&r, &a);
  EXPECT_EQ(to_vector<std::int64_t>(a), (I64{0, 0, 0, 4, 4}));
  EXPECT_EQ(error_kind_of([&] { clamp_(a, std::nullopt); }), ErrorKind::InvalidArgument);
  EXPECT_EQ(error_kind_of([&] { clamp_(a, 0.5); }), ErrorKind::DTypeMismatch);  // float can't be cast to int64
}

TEST(OpsArith, ClampInPlaceOnAStridedViewTouchesOnlyTheView) {
  Tensor base = i32({-1, -2, -3, -4, -5, -6}, Dims{2, 3});
  Tensor col = base.select(1, 1);  // [-2, -5], stride 3
  clamp_(col, 0);
  EXPECT_EQ(to_vector<std::int32_t>(base), (I32{-1, 0, -3, -4, 0, -6}));
}

TEST(OpsArith, ClampWithFloatBoundGivesFloat) {
  const Tensor r = clamp(i32({-2, 3}), 0.5);
  EXPECT_EQ(r.dtype(), DType::Float32);
  EXPECT_EQ(to_vector<float>(r), (F32{0.5f, 3.f}));
}

}  // namespace
// torch.diff(x, out=view) runs sub(x[1:], x[:-1], out=view): into the view, nothing allocated;
// out must have the broadcast shape and the promoted dtype.
TEST(OpsArith, SubOutWritesTheViewAndAllocatesNothing) {
  const Tensor qsl = i32({0, 1, 2, 5});
  Tensor buffer = i32({7, 7, 7, 7});
  Tensor lens = buffer.slice(0, 0, 3);
  EXPECT_EQ(host_allocs([&] { sub_out(lens, qsl.slice(0, 1, 4), qsl.slice(0, 0, 3)); }), 0u);
  EXPECT_EQ(to_vector<std::int32_t>(buffer), (I32{1, 1, 3, 7}));
  Tensor wide = i64({0, 0, 0});
  EXPECT_EQ(error_kind_of([&] { sub_out(wide, qsl.slice(0, 1, 4), qsl.slice(0, 0, 3)); }), ErrorKind::DTypeMismatch);
  Tensor short_out = buffer.slice(0, 0, 2);
  EXPECT_EQ(error_kind_of([&] { sub_out(short_out, qsl.slice(0, 1, 4), qsl.slice(0, 0, 3)); }),
            ErrorKind::ShapeMismatch);
}

}  // namespace clampbench::test
