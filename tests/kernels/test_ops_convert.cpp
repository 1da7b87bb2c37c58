// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Conversions and the host-vector bridge; factories.

#include "tests/kernels/kernel_test_util.h"

namespace clampbench::test {
namespace {

TEST(OpsConvert, ToSameDtypeIsTheSameTensor) {
  const Tensor a = i32({1, 2});
  Tensor r;
  EXPECT_EQ(host_allocs([&] { r = to(a, DType::Int32); }), 0u);
  EXPECT_TRUE(r.shares_storage_with(a));
  EXPECT_EQ(r.data_ptr(), a.data_ptr());
  EXPECT_EQ(host_allocs([&] { r = to(a, DeviceType::Host); }), 0u);
  EXPECT_TRUE(r.shares_storage_with(a));
}

TEST(OpsConvert, ToOtherDtypeConverts) {
  const Tensor r = to(i32({-1, 0, 7}), DType::Int64);
  EXPECT_EQ(r.dtype(), DType::Int64);
  EXPECT_EQ(to_vector<std::int64_t>(r), (I64{-1, 0, 7}));
  EXPECT_EQ(to_vector<std::uint8_t>(to(i32({-1, 0, 7}), DType::Bool)), (B8{1, 0, 1}));
  EXPECT_EQ(to_vector<std::int32_t>(to(f32({2.7f, -2.7f}), DType::Int32)), (I32{2, -2}));
  EXPECT_EQ(to_vector<float>(to(b8({1, 0}), DType::Float32)), (F32{1.f, 0.f}));
}

TEST(OpsConvert, CloneAndContiguous) {
  const Tensor t = i32({1, 2, 3, 4, 5, 6}, Dims{2, 3});
  const Tensor c = clone(t);
  EXPECT_FALSE(c.shares_storage_with(t));
  EXPECT_EQ(to_vector<std::int32_t>(c), (I32{1, 2, 3, 4, 5, 6}));
  EXPECT_TRUE(contiguous(t).shares_storage_with(t));
  const Tensor col = t.select(1, 1);
  EXPECT_FALSE(col.is_contiguous());
  const Tensor cc = contiguous(col);
  EXPECT_TRUE(cc.is_contiguous());
  EXPECT_FALSE(cc.shares_storage_with(t));
  EXPECT_EQ(to_vector<std::int32_t>(cc), (I32{2, 5}));
}

TEST(OpsConvert, VectorBridgeChecksDtypeAndSize) {
  EXPECT_EQ(error_kind_of([] { to_vector<std::int64_t>(i32({1})); }), ErrorKind::DTypeMismatch);
  EXPECT_EQ(error_kind_of([] { to_vector<std::uint8_t>(i32({1})); }), ErrorKind::DTypeMismatch);
  EXPECT_EQ(error_kind_of([] { i32({1, 2, 3}, Dims{2, 2}); }), ErrorKind::ShapeMismatch);
  EXPECT_EQ(to_vector<std::uint8_t>(b8({0, 2, 1})), (B8{0, 1, 1}));  // nonzero bytes are true
}

TEST(OpsConvert, ToVectorOfStridedViewReadsInPlace) {
  const Tensor t = i64({1, 2, 3, 4, 5, 6}, Dims{2, 3});
  EXPECT_EQ(host_allocs([&] { EXPECT_EQ(to_vector<std::int64_t>(t.select(1, 2)), (I64{3, 6})); }), 0u);
  EXPECT_EQ(to_vector<std::int64_t>(t.select(0, 1).expand(Dims{2, 3})), (I64{4, 5, 6, 4, 5, 6}));
}

TEST(OpsConvert, Arange) {
  const Tensor a = arange(4, DType::Int64, DeviceType::Host);
  EXPECT_EQ(a.shape(), (Dims{4}));
  EXPECT_EQ(to_vector<std::int64_t>(a), (I64{0, 1, 2, 3}));
  EXPECT_EQ(to_vector<std::int32_t>(arange(2, 11, 3, DType::Int32, DeviceType::Host)), (I32{2, 5, 8}));
  EXPECT_EQ(to_vector<std::int32_t>(arange(5, 0, -2, DType::Int32, DeviceType::Host)), (I32{5, 3, 1}));
  EXPECT_EQ(arange(0, DType::Int64, DeviceType::Host).numel(), 0);
  EXPECT_EQ(error_kind_of([] { arange(0, 5, 0, DType::Int64, DeviceType::Host); }), ErrorKind::InvalidArgument);
  EXPECT_EQ(error_kind_of([] { arange(5, 0, 1, DType::Int64, DeviceType::Host); }), ErrorKind::InvalidArgument);
}

TEST(OpsConvert, DeviceMismatchAndNoCuda) {
  if (cuda_device_available()) {
    const Tensor d = empty(Dims{1}, DType::Int32, DeviceType::Cuda);
    EXPECT_EQ(error_kind_of([&] { add(i32({1}), d); }), ErrorKind::DeviceMismatch);
    EXPECT_EQ(error_kind_of([&] { gather(d.unsqueeze(0), 1, i64({0}, Dims{1, 1})); }), ErrorKind::DeviceMismatch);
  } else {
    EXPECT_EQ(error_kind_of([] { empty(Dims{1}, DType::Int32, DeviceType::Cuda); }), ErrorKind::Device);
  }
}

}  // namespace
}  // namespace clampbench::test
