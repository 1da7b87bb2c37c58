// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The CUDA backend against the host backend, bitwise, for a sample of every op family (with
// broadcasting, promotion, negative integer division and non-contiguous views), the cuda
// gather/scatter index errors, and the ledger counts of the three cuda allocators and the
// pinned host allocator. Suites ending in Gpu skip without a device; CudaUnavailable runs
// only without one.

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/allocators.h"
#include "kernels/caching/caching_allocator.h"
#include "kernels/detail/backend.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"
#include "tests/kernels/kernel_test_util.h"

namespace clampbench {
namespace {

using namespace clampbench::test;  // NOLINT: literal helpers i32/i64/f32/b8, error_kind_of

#define CB_REQUIRE_GPU() \
  if (!cuda_device_available()) GTEST_SKIP() << "no CUDA device"

Tensor on_cuda(const Tensor& t) { return to(t, DeviceType::Cuda); }

// Same dtype, shape and bytes (through contiguous host copies).
void expect_bitwise(const Tensor& host, const Tensor& cuda) {
  ASSERT_EQ(host.device(), DeviceType::Host);
  ASSERT_EQ(cuda.device(), DeviceType::Cuda);
  ASSERT_EQ(host.dtype(), cuda.dtype());
  ASSERT_EQ(host.shape(), cuda.shape()) << host.shape().str() << " vs " << cuda.shape().str();
  const Tensor h = contiguous(host);
  const Tensor c = contiguous(to(cuda, DeviceType::Host));
  ASSERT_EQ(h.nbytes(), c.nbytes());
  if (h.nbytes() == 0) return;
  EXPECT_EQ(std::memcmp(h.data_ptr(), c.data_ptr(), h.nbytes()), 0) << "cuda result differs from host for " << host.str();
}

// Runs f on host operands and on their cuda copies, and compares the results.
void same_on_both(const std::vector<Tensor>& host_inputs, const std::function<Tensor(const std::vector<Tensor>&)>& f) {
  std::vector<Tensor> cuda_inputs;
  for (const Tensor& t : host_inputs) cuda_inputs.push_back(on_cuda(t));
  expect_bitwise(f(host_inputs), f(cuda_inputs));
}

using V = std::vector<Tensor>;

TEST(CudaOpsGpu, Arithmetic) {
  CB_REQUIRE_GPU();
  const Tensor a = i64({-7, -6, -1, 0, 5, 7, 9, -9}, {2, 4});
  const Tensor b = i32({2, -3, 4, -5});  // broadcast over rows, promoted to int64
  const V in{a, b};
  same_on_both(in, [](const V& t) { return add(t[0], t[1]); });
  same_on_both(in, [](const V& t) { return sub(t[0], t[1]); });
  same_on_both(in, [](const V& t) { return mul(t[0], t[1]); });
  same_on_both(in, [](const V& t) { return floor_divide(t[0], t[1]); });
  same_on_both(in, [](const V& t) { return remainder(t[0], t[1]); });
  same_on_both(in, [](const V& t) { return minimum(t[0], t[1]); });
  same_on_both(in, [](const V& t) { return maximum(t[0], t[1]); });
  same_on_both(in, [](const V& t) { return neg(t[0]); });
  same_on_both(in, [](const V& t) { return floor_divide(t[0], -4); });
  same_on_both(in, [](const V& t) { return remainder(t[1], 3); });
  same_on_both(in, [](const V& t) { return rsub(t[1], 10); });
  same_on_both(in, [](const V& t) { return mul(t[1], 3); });  // int32 stays int32
}

TEST(CudaOpsGpu, FloatArithmeticIsBitwiseEqual) {
  CB_REQUIRE_GPU();
  const V in{f32({-7.5f, 3.25f, 1e-3f, 123456.7f, -0.1f, 2.0f}), f32({2.0f, -0.3f, 7.0f, -1.5f, 0.7f, 3.0f})};
  same_on_both(in, [](const V& t) { return floor_divide(t[0], t[1]); });
  same_on_both(in, [](const V& t) { return remainder(t[0], t[1]); });
  same_on_both(in, [](const V& t) { return mul(add(t[0], t[1]), t[1]); });
  same_on_both(in, [](const V& t) { return sum(t[0], 0); });
  same_on_both(in, [](const V& t) { return cumsum(t[0], 0); });
  same_on_both(in, [](const V& t) { return add(t[0], 1); });  // int scalar on a float tensor
}

TEST(CudaOpsGpu, ClampAndInPlaceClamp) {
  CB_REQUIRE_GPU();
  const V in{i32({-5, 0, 3, 9, 12, -1})};
  same_on_both(in, [](const V& t) { return clamp(t[0], 0, 8); });
  same_on_both(in, [](const V& t) { return clamp(t[0], std::nullopt, 4); });
  same_on_both(in, [](const V& t) { return clamp(t[0], 2); });
  same_on_both(in, [](const V& t) { return clamp(t[0], 7, 3); });  // min > max: all max
  same_on_both(in, [](const V& t) {
    Tensor c = clone(t[0]);
    clamp_(c, 1, 10);
    return c;
  });
}

TEST(CudaOpsGpu, ComparisonsLogicAndWhere) {
  CB_REQUIRE_GPU();
  const Tensor a = i64({1, 5, -2, 7, 0, 3});
  const Tensor b = i32({1, 4, -2, 9, 1, 3});
  const Tensor m = b8({1, 0, 1, 1, 0, 0});
  const V in{a, b, m};
  same_on_both(in, [](const V& t) { return eq(t[0], t[1]); });
  same_on_both(in, [](const V& t) { return ne(t[0], 3); });
  same_on_both(in, [](const V& t) { return lt(t[0], t[1]); });
  same_on_both(in, [](const V& t) { return le(t[0], 1); });
  same_on_both(in, [](const V& t) { return gt(t[0], t[1]); });
  same_on_both(in, [](const V& t) { return ge(t[0], t[1]); });
  same_on_both(in, [](const V& t) { return logical_and(t[2], gt(t[0], 0)); });
  same_on_both(in, [](const V& t) { return logical_or(t[2], lt(t[0], 0)); });
  same_on_both(in, [](const V& t) { return logical_not(t[2]); });
  same_on_both(in, [](const V& t) { return where(t[2], t[0], t[1]); });
  same_on_both(in, [](const V& t) { return where(t[2], t[1], -1); });
}

TEST(CudaOpsGpu, FillMaskedFillAndCopy) {
  CB_REQUIRE_GPU();
  const V in{i64({1, 2, 3, 4, 5, 6}, {2, 3}), b8({1, 0, 1}), f32({0.5f, -1.5f, 2.5f})};
  same_on_both(in, [](const V& t) {
    Tensor c = clone(t[0]);
    masked_fill_(c, t[1], -9);  // mask broadcast over rows
    return c;
  });
  same_on_both(in, [](const V& t) {
    Tensor c = clone(t[0]);
    fill_(c, 42);
    return c;
  });
  same_on_both(in, [](const V& t) {
    Tensor c = clone(t[0]);
    copy_(c, t[2]);  // float -> int64, broadcast over rows
    return c;
  });
}

TEST(CudaOpsGpu, CopyAcrossDevices) {
  CB_REQUIRE_GPU();
  const Tensor h = i32({3, 1, 4, 1, 5, 9});
  Tensor c = full({6}, 0, DType::Int32, DeviceType::Cuda);
  copy_(c, h);
  Tensor back = full({6}, 0, DType::Int32, DeviceType::Host);
  copy_(back, c);
  EXPECT_EQ(to_vector<std::int32_t>(back), to_vector<std::int32_t>(h));
}

TEST(CudaOpsGpu, Reductions) {
  CB_REQUIRE_GPU();
  const V in{i32({3, -1, 4, 1, -5, 9, 2, 6, 5, 3, 5, 9}, {3, 4}), b8({1, 1, 0, 1, 1, 1}, {2, 3})};
  for (int dim : {0, 1}) {
    SCOPED_TRACE(dim);
    same_on_both(in, [dim](const V& t) { return cumsum(t[0], dim); });
    same_on_both(in, [dim](const V& t) { return sum(t[0], dim); });
    same_on_both(in, [dim](const V& t) { return amax(t[0], dim); });
    same_on_both(in, [dim](const V& t) { return amin(t[0], dim); });
    same_on_both(in, [dim](const V& t) { return argmax(t[0], dim); });  // ties: first maximum
    same_on_both(in, [dim](const V& t) { return all(t[1], dim); });
    same_on_both(in, [dim](const V& t) { return any(t[1], dim); });
  }
  same_on_both(in, [](const V& t) { return max(t[0]); });
  same_on_both(in, [](const V& t) { return sum(t[0]); });
  EXPECT_EQ(item_int(sum(on_cuda(in[0]))), 41);
  EXPECT_EQ(item_int(max(on_cuda(in[0]))), 9);
}

TEST(CudaOpsGpu, FactoriesAndConversions) {
  CB_REQUIRE_GPU();
  expect_bitwise(arange(2, 20, 3, DType::Int64, DeviceType::Host), arange(2, 20, 3, DType::Int64, DeviceType::Cuda));
  expect_bitwise(arange(7, DType::Int32, DeviceType::Host), arange(7, DType::Int32, DeviceType::Cuda));
  expect_bitwise(full({2, 3}, 5, DType::Int64, DeviceType::Host), full({2, 3}, 5, DType::Int64, DeviceType::Cuda));
  const V in{i64({-3, 0, 2, 1000000000000})};
  same_on_both(in, [](const V& t) { return to(t[0], DType::Int32); });
  same_on_both(in, [](const V& t) { return to(t[0], DType::Float32); });
  same_on_both(in, [](const V& t) { return to(t[0], DType::Bool); });
  same_on_both(in, [](const V& t) { return clone(t[0]); });
}

TEST(CudaOpsGpu, GatherAndScatter) {
  CB_REQUIRE_GPU();
  const Tensor self = i64({10, 11, 12, 20, 21, 22}, {2, 3});
  const Tensor index = i64({2, 0, 1, 1, 1, 0}, {2, 3});
  const Tensor src = i64({-1, -2, -3, -4, -5, -6}, {2, 3});
  const Tensor mask = b8({1, 0, 1, 1, 1, 0}, {2, 3});
  const V in{self, index, src, mask};
  same_on_both(in, [](const V& t) { return gather(t[0], 1, t[1]); });
  same_on_both(in, [](const V& t) { return gather(t[0], 0, remainder(t[1], 2).narrow(1, 0, 2)); });  // strided index
  same_on_both(in, [](const V& t) {
    Tensor c = clone(t[0]);
    scatter_(c, 1, t[1], t[2]);  // duplicate targets in row 1: the last write wins on both
    return c;
  });
  same_on_both(in, [](const V& t) {
    Tensor c = clone(t[0]);
    scatter_masked_(c, 1, t[1], t[2], t[3]);
    return c;
  });
}

TEST(CudaOpsGpu, GatherOutOfRangeIsATypedError) {
  CB_REQUIRE_GPU();
  const Tensor self = on_cuda(i64({1, 2, 3, 4, 5, 6}, {2, 3}));
  const Tensor bad = on_cuda(i64({0, 1, 7, 2, -1, 0}, {2, 3}));
  std::string message;
  EXPECT_EQ(error_kind_of([&] { gather(self, 1, bad); }, &message), ErrorKind::IndexOutOfRange);
  EXPECT_NE(message.find("index 7"), std::string::npos) << message;  // the first bad one
  EXPECT_NE(message.find("size 3"), std::string::npos) << message;
  // The backend is usable afterwards.
  EXPECT_EQ(item_int(sum(gather(self, 1, on_cuda(i64({0, 0, 0, 2, 2, 2}, {2, 3}))))), 1 * 3 + 6 * 3);
}

TEST(CudaOpsGpu, ScatterOutOfRangeWritesOnlyTheGoodIndices) {
  CB_REQUIRE_GPU();
  Tensor self = on_cuda(i64({1, 2, 3}));
  const Tensor src = on_cuda(i64({7, 8, 9}));
  const Tensor index = on_cuda(i64({0, 3, 1}));
  std::string message;
  EXPECT_EQ(error_kind_of([&] { scatter_(self, 0, index, src); }, &message), ErrorKind::IndexOutOfRange);
  EXPECT_NE(message.find("index 3"), std::string::npos) << message;
  EXPECT_EQ(to_vector<std::int64_t>(self), (I64{7, 9, 3}));  // as the host backend: one pass, the bad one skipped
  // A masked-off bad index is never used, so never an error.
  self = on_cuda(i64({1, 2, 3}));
  scatter_masked_(self, 0, index, src, on_cuda(b8({1, 0, 1})));
  EXPECT_EQ(to_vector<std::int64_t>(self), (I64{7, 9, 3}));
}

TEST(CudaOpsGpu, NonContiguousViews) {
  CB_REQUIRE_GPU();
  const V in{arange(24, DType::Int64, DeviceType::Host).view({4, 6}), i32({1, -2, 3})};
  same_on_both(in, [](const V& t) { return add(t[0].narrow(1, 1, 3), t[1]); });
  same_on_both(in, [](const V& t) { return mul(t[0].select(1, 2), 3); });
  same_on_both(in, [](const V& t) { return sub(t[0].unfold(1, 2, 2), 1); });  // [4, 3, 2], strided
  same_on_both(in, [](const V& t) { return cumsum(t[0].narrow(0, 1, 3).select(1, 4), 0); });
  same_on_both(in, [](const V& t) { return sum(t[0].unfold(1, 3, 3), 1); });
  same_on_both(in, [](const V& t) { return clone(t[1].unsqueeze(0).expand({4, -1})); });
  same_on_both(in, [](const V& t) {
    Tensor c = clone(t[0]);
    Tensor col = c.select(1, 0);  // in place through a strided view
    clamp_(col, 5, 10);
    return c;
  });
}

TEST(CudaOpsGpu, EmptyTensors) {
  CB_REQUIRE_GPU();
  const V in{i64({}, {0, 3})};
  same_on_both(in, [](const V& t) { return add(t[0], 1); });
  same_on_both(in, [](const V& t) { return sum(t[0], 0); });
  same_on_both(in, [](const V& t) { return cumsum(t[0], 0); });
}

// One op = one allocation on the allocator installed for cuda, whichever it is.
TEST(CudaAllocatorsGpu, OneOpIsOneAllocationOnEveryKind) {
  CB_REQUIRE_GPU();
  AllocationLedger& ledger = Runtime::current().ledger();
  constexpr auto kCuda = static_cast<int>(DeviceType::Cuda);
  for (const char* kind : {"caching", "async", "raw"}) {
    SCOPED_TRACE(kind);
    auto alloc = make_cuda_allocator(kind, &ledger);
    EXPECT_EQ(alloc->name(), kind);
    EXPECT_EQ(alloc->device(), DeviceType::Cuda);
    {
      AllocatorGuard guard(DeviceType::Cuda, alloc.get());
      const Tensor x = arange(1000, DType::Int64, DeviceType::Cuda);  // 8000 bytes
      LedgerScope scope(ledger, kind);
      {
        const Tensor y = add(x, 1);
        Runtime::current().synchronize();
      }
      const LedgerCounters c = scope.close()[kCuda];
      EXPECT_EQ(c.allocations, 1u);
      EXPECT_EQ(c.frees, 1u);
      EXPECT_EQ(c.bytes_requested, 8000u);
      const std::string k = kind;
      EXPECT_EQ(c.bytes_reserved, k == "async" ? 8000u : 8192u);
      // raw: each block is its own cudaMalloc; caching: x's 2 MiB segment serves y too.
      EXPECT_EQ(c.segments_created, k == "raw" ? 1u : 0u);
      EXPECT_EQ(c.segments_released, k == "raw" ? 1u : 0u);
    }
    if (std::string(kind) == "caching") {
      const auto stats = caching::caching_stats_of(*alloc);
      ASSERT_TRUE(stats.has_value());
      EXPECT_EQ(stats->allocation.all().allocated, 2);
      EXPECT_EQ(stats->segment.all().current, 1);
      alloc->empty_cache();
      EXPECT_EQ(caching::caching_stats_of(*alloc)->segment.all().current, 0);
    }
    alloc->empty_cache();
  }
}

TEST(CudaAllocatorsGpu, PinnedHostMemoryRoundTrips) {
  CB_REQUIRE_GPU();
  auto pinned = make_pinned_host_allocator(&Runtime::current().ledger());
  EXPECT_EQ(pinned->device(), DeviceType::Host);
  AllocatorGuard guard(DeviceType::Host, pinned.get());
  const LedgerCounters c = host_counts([&] {
    const Tensor h = i32({5, 6, 7});  // one pinned allocation
    const Tensor back = to(add(on_cuda(h), 1), DeviceType::Host);  // and one more
    EXPECT_EQ(to_vector<std::int32_t>(back), (I32{6, 7, 8}));
  });
  EXPECT_EQ(c.allocations, 2u);
  EXPECT_EQ(c.frees, 2u);
}

// Runs where no device is: the cuda entry points fail with a typed error, not a crash.
TEST(CudaUnavailable, EntryPointsThrowDeviceErrors) {
  if (cuda_device_available()) GTEST_SKIP() << "a CUDA device is present";
  EXPECT_EQ(error_kind_of([] { detail::cuda_backend(); }), ErrorKind::Device);
  EXPECT_EQ(error_kind_of([] { make_cuda_allocator("caching", nullptr); }), ErrorKind::Device);
  EXPECT_EQ(error_kind_of([] { make_pinned_host_allocator(nullptr); }), ErrorKind::Device);
  EXPECT_EQ(error_kind_of([] { full({2}, 1, DType::Int32, DeviceType::Cuda); }), ErrorKind::Device);
}

TEST(CudaUnavailable, UnknownAllocatorKindIsRejected) {
  EXPECT_FALSE(is_cuda_allocator_kind("bogus"));
  const ErrorKind k = error_kind_of([] { make_cuda_allocator("bogus", nullptr); });
  EXPECT_TRUE(k == ErrorKind::InvalidArgument || k == ErrorKind::Device);  // host-only builds say Device
}

}  // namespace
}  // namespace clampbench
