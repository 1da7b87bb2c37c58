// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// gather, scatter_, scatter_masked_, masked_fill_, fill_, copy_.

#include "tests/kernels/kernel_test_util.h"

namespace clampbench::test {
namespace {

TEST(OpsIndex, GatherDim1) {
  const Tensor t = i32({10, 11, 12, 13, 20, 21, 22, 23}, Dims{2, 4});
  const Tensor idx = i64({3, 0, 1, 1}, Dims{2, 2});
  const Tensor r = gather(t, 1, idx);
  EXPECT_EQ(r.shape(), (Dims{2, 2}));
  EXPECT_EQ(r.dtype(), DType::Int32);
  EXPECT_EQ(to_vector<std::int32_t>(r), (I32{13, 10, 21, 21}));
}

TEST(OpsIndex, GatherDim0Int32IndexAndNegativeDim) {
  const Tensor t = i64({1, 2, 3, 4, 5, 6}, Dims{3, 2});
  const Tensor idx = i32({2, 0}, Dims{1, 2});
  EXPECT_EQ(to_vector<std::int64_t>(gather(t, 0, idx)), (I64{5, 2}));
  EXPECT_EQ(to_vector<std::int64_t>(gather(t, -2, idx)), (I64{5, 2}));
}

TEST(OpsIndex, GatherFromStridedSelf) {
  // rows 1.. of a [3, 4] table, columns gathered by a [2, 1] index
  const Tensor t = i32({0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23}, Dims{3, 4}).slice(0, 1, 3);
  EXPECT_EQ(to_vector<std::int32_t>(gather(t, 1, i64({2, 3}, Dims{2, 1}))), (I32{12, 23}));
}

TEST(OpsIndex, GatherOutOfRangeNamesIndexAndSize) {
  const Tensor t = i32({1, 2, 3}, Dims{1, 3});
  std::string message;
  EXPECT_EQ(error_kind_of([&] { gather(t, 1, i64({0, 3}, Dims{1, 2})); }, &message), ErrorKind::IndexOutOfRange);
  EXPECT_NE(message.find("index 3"), std::string::npos) << message;
  EXPECT_NE(message.find("size 3"), std::string::npos) << message;
  EXPECT_EQ(error_kind_of([&] { gather(t, 1, i64({-1}, Dims{1, 1})); }, &message), ErrorKind::IndexOutOfRange);
  EXPECT_NE(message.find("index -1"), std::string::npos) << message;
}

TEST(OpsIndex, GatherValidatesOperands) {
  const Tensor t = i32({1, 2, 3, 4}, Dims{2, 2});
  EXPECT_EQ(error_kind_of([&] { gather(t, 1, i32({0, 1}, Dims{2})); }), ErrorKind::ShapeMismatch);        // rank
  EXPECT_EQ(error_kind_of([&] { gather(t, 1, f32({0.f}, Dims{1, 1})); }), ErrorKind::DTypeMismatch);      // dtype
  EXPECT_EQ(error_kind_of([&] { gather(t, 1, i64({0, 0, 0}, Dims{3, 1})); }), ErrorKind::ShapeMismatch);  // larger
  EXPECT_EQ(error_kind_of([&] { gather(t, 2, i64({0}, Dims{1, 1})); }), ErrorKind::IndexOutOfRange);      // dim
}

TEST(OpsIndex, GatherEmptyIndex) {
  const Tensor r = gather(i32({1, 2}, Dims{1, 2}), 1, i64({}, Dims{1, 0}));
  EXPECT_EQ(r.shape(), (Dims{1, 0}));
  EXPECT_EQ(r.numel(), 0);
}

TEST(OpsIndex, Scatter) {
  Tensor self = i32({0, 0, 0, 0, 0, 0, 0, 0}, Dims{2, 4});
  scatter_(self, 1, i64({3, 1, 0, 2}, Dims{2, 2}), i32({7, 8, 9, 10}, Dims{2, 2}));
  EXPECT_EQ(to_vector<std::int32_t>(self), (I32{0, 8, 0, 7, 9, 0, 10, 0}));
}

TEST(OpsIndex, ScatterMasked) {
  Tensor self = i32({-1, -1, -1, -1, -1, -1}, Dims{2, 3});
  const Tensor idx = i64({0, 1, 2, 99}, Dims{2, 2});  // 99 is masked off: never used, never checked
  const Tensor src = i32({5, 6, 7, 8}, Dims{2, 2});
  scatter_masked_(self, 1, idx, src, b8({1, 0, 1, 0}, Dims{2, 2}));
  EXPECT_EQ(to_vector<std::int32_t>(self), (I32{5, -1, -1, -1, -1, 7}));
}

// As PyTorch's one kernel: the good indices are written, the first bad one is the error.
TEST(OpsIndex, ScatterOutOfRangeWritesOnlyTheGoodIndices) {
  Tensor self = i32({1, 2, 3});
  std::string message;
  EXPECT_EQ(error_kind_of([&] { scatter_(self, 0, i64({0, 5, -1, 2}), i32({9, 8, 7, 6})); }, &message),
            ErrorKind::IndexOutOfRange);
  EXPECT_NE(message.find("index 5"), std::string::npos) << message;
  EXPECT_EQ(to_vector<std::int32_t>(self), (I32{9, 2, 6}));
}

TEST(OpsIndex, ScatterValidatesOperands) {
  Tensor self = i32({1, 2, 3});
  EXPECT_EQ(error_kind_of([&] { scatter_(self, 0, i64({0}), i64({9})); }), ErrorKind::DTypeMismatch);
  EXPECT_EQ(error_kind_of([&] { scatter_masked_(self, 0, i64({0}), i32({9}), i32({1})); }), ErrorKind::DTypeMismatch);
  EXPECT_EQ(error_kind_of([&] { scatter_masked_(self, 0, i64({0}), i32({9}), b8({1, 1})); }),
            ErrorKind::ShapeMismatch);
  EXPECT_EQ(error_kind_of([&] { scatter_(self, 0, i64({0, 1}), i32({9})); }), ErrorKind::ShapeMismatch);
}

TEST(OpsIndex, MaskedFillBroadcastsMask) {
  Tensor t = i32({1, 2, 3, 4, 5, 6}, Dims{2, 3});
  masked_fill_(t, b8({1, 0, 1}), -1);
  EXPECT_EQ(to_vector<std::int32_t>(t), (I32{-1, 2, -1, -1, 5, -1}));
  EXPECT_EQ(error_kind_of([&] { masked_fill_(t, i32({1, 0, 1}), 0); }), ErrorKind::DTypeMismatch);
  EXPECT_EQ(error_kind_of([&] { masked_fill_(t, b8({1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0}, Dims{2, 2, 3}), 0); }),
            ErrorKind::ShapeMismatch);
}

TEST(OpsIndex, FillOnView) {
  Tensor t = i64({1, 2, 3, 4, 5, 6}, Dims{2, 3});
  Tensor tail = t.slice(1, 1, 3);
  fill_(tail, 0);
  EXPECT_EQ(to_vector<std::int64_t>(t), (I64{1, 0, 0, 4, 0, 0}));
  EXPECT_EQ(to_vector<std::uint8_t>(full(Dims{3}, 0.5, DType::Bool, DeviceType::Host)), (B8{1, 1, 1}));
  EXPECT_EQ(to_vector<float>(full(Dims{2}, 7, DType::Float32, DeviceType::Host)), (F32{7.f, 7.f}));
}

TEST(OpsIndex, CopyBroadcastsAndConverts) {
  Tensor dst = i64({0, 0, 0, 0, 0, 0}, Dims{2, 3});
  copy_(dst, i32({1, 2, 3}));
  EXPECT_EQ(to_vector<std::int64_t>(dst), (I64{1, 2, 3, 1, 2, 3}));
  Tensor fdst = i32({0, 0, 0});
  copy_(fdst, f32({1.9f, -1.9f, 2.f}));
  EXPECT_EQ(to_vector<std::int32_t>(fdst), (I32{1, -1, 2}));  // truncation toward zero, as a C cast
  EXPECT_EQ(error_kind_of([&] { copy_(fdst, i32({1, 2})); }), ErrorKind::ShapeMismatch);
  EXPECT_EQ(error_kind_of([&] { copy_(fdst, i32({1, 2, 3, 4, 5, 6}, Dims{2, 3})); }), ErrorKind::ShapeMismatch);
}

TEST(OpsIndex, CopyIntoStridedDst) {
  Tensor t = i32({0, 0, 0, 0, 0, 0}, Dims{2, 3});
  Tensor col = t.select(1, 2);
  copy_(col, i32({8, 9}));
  EXPECT_EQ(to_vector<std::int32_t>(t), (I32{0, 0, 8, 0, 0, 9}));
}

TEST(OpsIndexGpu, CopyAcrossDevices) {
  if (!cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const Tensor h = i32({1, 2, 3, 4, 5, 6}, Dims{2, 3});
  Tensor d = empty(Dims{2, 3}, DType::Int64, DeviceType::Cuda);
  copy_(d, h);  // converts on the host, then moves the bytes
  Tensor back = i64({0, 0, 0, 0, 0, 0}, Dims{2, 3});
  copy_(back, d);
  EXPECT_EQ(to_vector<std::int64_t>(back), (I64{1, 2, 3, 4, 5, 6}));
  Tensor col = back.select(1, 0);
  copy_(col, from_vector(I64{7, 8}, Dims{2}, DeviceType::Cuda));  // strided host destination
  EXPECT_EQ(to_vector<std::int64_t>(back), (I64{7, 2, 3, 8, 5, 6}));
  EXPECT_EQ(to_vector<std::int64_t>(to(d.select(1, 1), DeviceType::Host)), (I64{2, 5}));
  // Counts: to(device) of a strided view allocates only its result; copy_ into a contiguous
  // destination on the other device allocates nothing.
  LedgerScope scope(Runtime::current().ledger(), "cross-device");
  const Tensor h2 = to(d.select(1, 2), DeviceType::Host);
  copy_(d, i32({0, 0, 0, 0, 0, 0}, Dims{2, 3}));  // the literal: 1 host allocation
  const PerDevice c = scope.close();
  EXPECT_EQ(c[static_cast<int>(DeviceType::Host)].allocations, 2u);
  EXPECT_EQ(c[static_cast<int>(DeviceType::Cuda)].allocations, 0u);
  EXPECT_EQ(to_vector<std::int64_t>(h2), (I64{3, 6}));
  EXPECT_EQ(to_vector<std::int64_t>(d), (I64{0, 0, 0, 0, 0, 0}));
}

}  // namespace
}  // namespace clampbench::test
