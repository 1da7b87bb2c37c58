// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The CUDA backend's error paths and allocators, which a device and the emulator must treat
// alike: a launch with an empty grid, memory the device cannot give, a block freed twice, the
// ledger's counts and the caching allocator's reuse of device segments.

#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "kernels/allocators.h"
#include "kernels/error.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"
#include "tests/cuda_logic/cuda_logic_env.h"
#include "tests/cupti/gpu_work.h"

namespace clampbench::cuda_logic {
namespace {

template <typename F> std::string device_error(F&& f, ErrorKind expected) {
  try {
    f();
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), expected) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "expected a TensorError";
  return "";
}

TEST(CudaLogicErrors, ALaunchWithAnEmptyGridIsAnInvalidConfiguration) {
  CB_REQUIRE_CUDA();
  // launch_fill(n = 0) launches (0 + 255) / 256 = 0 blocks: the launch check reports it.
  const std::string message = device_error([] { cupti::testing::launch_fill(nullptr, 0, 1); }, ErrorKind::Device);
  EXPECT_NE(message.find("cudaGetLastError() failed: cudaErrorInvalidConfiguration (invalid configuration argument)"),
            std::string::npos) << message;
  // The error is not sticky: the next launch works.
  Tensor out = full({300}, 0, DType::Int32, DeviceType::Cuda);
  cupti::testing::launch_fill(static_cast<int*>(out.data_ptr()), 300, 7);
  expect_bitwise(full({300}, 7, DType::Int32, DeviceType::Host), out);
}

TEST(CudaLogicErrors, MemoryTheDeviceCannotGiveIsOutOfMemoryOnEveryAllocator) {
  CB_REQUIRE_CUDA();
  const std::int64_t too_many = std::int64_t{1} << 40;  // 4 TiB of int32: more than any device has
  for (const char* kind : {"raw", "async", "caching"}) {
    SCOPED_TRACE(kind);
    auto allocator = make_cuda_allocator(kind, &Runtime::current().ledger());
    AllocatorGuard guard(DeviceType::Cuda, allocator.get());
    const std::string message =
        device_error([&] { (void)empty({too_many}, DType::Int32, DeviceType::Cuda); }, ErrorKind::OutOfMemory);
    EXPECT_NE(message.find("out of memory"), std::string::npos) << message;
    // Nothing is left broken: the next allocation and kernel work.
    expect_bitwise(arange(5, DType::Int64, DeviceType::Host), arange(5, DType::Int64, DeviceType::Cuda));
  }
}

TEST(CudaLogicErrors, ABlockFreedTwiceIsReportedNotIgnored) {
  CB_REQUIRE_CUDA();
  auto allocator = make_cuda_allocator("raw", &Runtime::current().ledger());
  const Block block = allocator->allocate(1024, Stream{});
  allocator->release(block);
  testing::internal::CaptureStderr();
  allocator->release(block);  // the device refuses the second cudaFree; the release logs it
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_NE(log.find("raw cuda allocator: cudaFree failed: cudaErrorInvalidValue (invalid argument)"),
            std::string::npos) << log;
}

TEST(CudaLogicErrors, EveryAllocatorCountsOneAllocationPerOpResult) {
  CB_REQUIRE_CUDA();
  const Tensor a = on_cuda(from_vector<std::int32_t>({1, 2, 3, 4, 5, 6}, {2, 3}, DeviceType::Host));
  for (const char* kind : {"raw", "async", "caching"}) {
    SCOPED_TRACE(kind);
    auto allocator = make_cuda_allocator(kind, &Runtime::current().ledger());
    AllocatorGuard guard(DeviceType::Cuda, allocator.get());
    LedgerScope scope(Runtime::current().ledger(), "op");
    const Tensor b = add(a, 1);
    const Tensor c = cumsum(b, 1);
    const Tensor e = empty({0}, DType::Int64, DeviceType::Cuda);
    const PerDevice counts = scope.close();
    EXPECT_EQ(counts[static_cast<int>(DeviceType::Cuda)].allocations, 3u);
    EXPECT_EQ(counts[static_cast<int>(DeviceType::Host)].allocations, 0u);
  }
}

TEST(CudaLogicErrors, TheCachingAllocatorReusesDeviceSegments) {
  CB_REQUIRE_CUDA();
  auto allocator = make_cuda_allocator("caching", &Runtime::current().ledger());
  AllocatorGuard guard(DeviceType::Cuda, allocator.get());
  LedgerScope scope(Runtime::current().ledger(), "reuse");
  for (int round = 0; round < 5; ++round) (void)full({1000}, round, DType::Int64, DeviceType::Cuda);
  const LedgerCounters cuda = scope.close()[static_cast<int>(DeviceType::Cuda)];
  EXPECT_EQ(cuda.allocations, 5u);
  EXPECT_EQ(cuda.frees, 5u);
  EXPECT_EQ(cuda.segments_created, 1u);  // one 2 MiB small-pool segment serves every round
  EXPECT_EQ(cuda.segments_released, 0u);
  allocator->empty_cache();
}

}  // namespace
}  // namespace clampbench::cuda_logic
