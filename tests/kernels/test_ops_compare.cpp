// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Comparisons, logic and where.

#include "tests/kernels/kernel_test_util.h"

namespace clampbench::test {
namespace {

TEST(OpsCompare, TensorTensorGiveBool) {
  const Tensor a = i32({1, 2, 3});
  const Tensor b = i64({3, 2, 1});
  const Tensor r = eq(a, b);
  EXPECT_EQ(r.dtype(), DType::Bool);
  EXPECT_EQ(to_vector<std::uint8_t>(r), (B8{0, 1, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(ne(a, b)), (B8{1, 0, 1}));
  EXPECT_EQ(to_vector<std::uint8_t>(lt(a, b)), (B8{1, 0, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(le(a, b)), (B8{1, 1, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(gt(a, b)), (B8{0, 0, 1}));
  EXPECT_EQ(to_vector<std::uint8_t>(ge(a, b)), (B8{0, 1, 1}));
}

TEST(OpsCompare, TensorScalar) {
  const Tensor a = i32({-1, 0, 5, 7});
  EXPECT_EQ(to_vector<std::uint8_t>(eq(a, -1)), (B8{1, 0, 0, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(ne(a, -1)), (B8{0, 1, 1, 1}));
  EXPECT_EQ(to_vector<std::uint8_t>(lt(a, 5)), (B8{1, 1, 0, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(le(a, 5)), (B8{1, 1, 1, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(gt(a, 5)), (B8{0, 0, 0, 1}));
  EXPECT_EQ(to_vector<std::uint8_t>(ge(a, 0)), (B8{0, 1, 1, 1}));
  EXPECT_EQ(to_vector<std::uint8_t>(lt(a, 0.5)), (B8{1, 1, 0, 0}));
}

TEST(OpsCompare, BroadcastCompareLikeUnfoldMatch) {
  // windows [2, 3] == suffix [1, 3] -> [2, 3]
  const Tensor w = i32({1, 2, 3, 2, 2, 3}, Dims{2, 3});
  const Tensor s = i32({2, 2, 3}, Dims{1, 3});
  EXPECT_EQ(to_vector<std::uint8_t>(eq(w, s)), (B8{0, 1, 1, 1, 1, 1}));
}

TEST(OpsCompare, Logic) {
  const Tensor a = b8({1, 1, 0, 0});
  const Tensor b = b8({1, 0, 1, 0});
  EXPECT_EQ(to_vector<std::uint8_t>(logical_and(a, b)), (B8{1, 0, 0, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(logical_or(a, b)), (B8{1, 1, 1, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(logical_not(a)), (B8{0, 0, 1, 1}));
  // non-bool operands: nonzero is true
  EXPECT_EQ(to_vector<std::uint8_t>(logical_and(i32({0, 3, -2}), i64({5, 0, 1}))), (B8{0, 0, 1}));
  EXPECT_EQ(to_vector<std::uint8_t>(logical_not(i32({0, 3}))), (B8{1, 0}));
}

// `a | b` of bool tensors (vLLM's uniform split), broadcasting; other dtypes are refused, as the
// runtime has no integer bitwise op.
TEST(OpsCompare, BitwiseOrOfBools) {
  const Tensor a = b8({1, 1, 0, 0});
  EXPECT_EQ(to_vector<std::uint8_t>(bitwise_or(a, b8({1, 0, 1, 0}))), (B8{1, 1, 1, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(bitwise_or(a, b8({0}, Dims{}))), (B8{1, 1, 0, 0}));
  EXPECT_EQ(error_kind_of([&] { bitwise_or(i32({1, 2}), i32({2, 1})); }), ErrorKind::DTypeMismatch);
}

TEST(OpsCompare, WhereTensors) {
  const Tensor c = b8({1, 0, 1});
  const Tensor r = where(c, i32({1, 2, 3}), i64({-1, -2, -3}));
  EXPECT_EQ(r.dtype(), DType::Int64);
  EXPECT_EQ(to_vector<std::int64_t>(r), (I64{1, -2, 3}));
}

TEST(OpsCompare, WhereBroadcastsAllThree) {
  const Tensor c = b8({1, 0}, Dims{2, 1});
  const Tensor a = i32({1, 2, 3});
  const Tensor b = i32({9}, Dims{1});
  const Tensor r = where(c, a, b);
  EXPECT_EQ(r.shape(), (Dims{2, 3}));
  EXPECT_EQ(to_vector<std::int32_t>(r), (I32{1, 2, 3, 9, 9, 9}));
}

TEST(OpsCompare, WhereScalar) {
  const Tensor r = where(b8({0, 1, 0}), i32({4, 5, 6}), 0);
  EXPECT_EQ(r.dtype(), DType::Int32);
  EXPECT_EQ(to_vector<std::int32_t>(r), (I32{0, 5, 0}));
  // condition broadcast over a [2, 2] operand
  EXPECT_EQ(to_vector<std::int64_t>(where(b8({1, 0}), i64({1, 2, 3, 4}, Dims{2, 2}), -7)), (I64{1, -7, 3, -7}));
}

TEST(OpsCompare, WhereRejectsNonBoolCondition) {
  EXPECT_EQ(error_kind_of([] { where(i32({1}), i32({1}), i32({2})); }), ErrorKind::DTypeMismatch);
  EXPECT_EQ(error_kind_of([] { where(b8({1, 0}), i32({1, 2, 3}), 0); }), ErrorKind::ShapeMismatch);
}

}  // namespace
}  // namespace clampbench::test
