// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The grid emulator itself (test_cuda_logic only): every thread of the launched grid runs
// once, a launch shape the device would reject is rejected the same way, a warp vote sees all
// its lanes, and device memory is bounded and checked as on a device.

#include <cstdint>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "kernels/allocators.h"
#include "kernels/cuda/emulator/emulated_state.h"
#include "kernels/cuda/emulator/grid_emulator.h"
#include "kernels/cuda/portable.h"
#include "kernels/error.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"
#include "tests/cuda_logic/cuda_logic_env.h"

namespace clampbench::cuda_logic {
namespace {

struct ThreadLog {
  std::set<std::int64_t> seen;
  std::int64_t calls = 0;
};
ThreadLog* g_log = nullptr;

__global__ void log_threads_kernel(int marker) {
  g_log->seen.insert(detail::cuda::global_thread() * 10 + marker);
  ++g_log->calls;
}

__global__ void ballot_kernel(std::uint32_t* out) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned votes = __ballot_sync(0xffffffffu, lane % 3 == 0);
  out[detail::cuda::global_thread()] = votes;
}

TEST(GridEmulator, EveryThreadOfTheGridRunsOnce) {
  ThreadLog log;
  g_log = &log;
  CB_LAUNCH(log_threads_kernel, dim3(3), dim3(5), nullptr)(1);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(log.calls, 15);
  EXPECT_EQ(log.seen.size(), 15u);
  EXPECT_EQ(*log.seen.rbegin(), 14 * 10 + 1);
  emulator::set_grid_shape({2, 7});  // a shape override replaces the launch's own
  CB_LAUNCH(log_threads_kernel, dim3(3), dim3(5), nullptr)(2);
  emulator::set_grid_shape({});
  EXPECT_EQ(log.calls, 15 + 14);
  g_log = nullptr;
}

TEST(GridEmulator, ShapesADeviceRejectsAreInvalidConfigurations) {
  ThreadLog log;
  g_log = &log;
  for (const dim3& block : {dim3(0), dim3(1025), dim3(32, 32, 2), dim3(1, 1, 65)}) {
    CB_LAUNCH(log_threads_kernel, dim3(1), block, nullptr)(0);
    EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
    EXPECT_EQ(cudaGetLastError(), cudaSuccess);  // read once, then cleared
  }
  CB_LAUNCH(log_threads_kernel, dim3(0), dim3(32), nullptr)(0);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
  EXPECT_EQ(log.calls, 0);
  g_log = nullptr;
  // Through the backend, a rejected launch is a Device error naming the CUDA error.
  emulator::set_grid_shape({1, 2048});
  try {
    (void)add(on_cuda(from_vector<std::int32_t>({1, 2}, {2}, DeviceType::Host)), 1);
    ADD_FAILURE() << "expected a TensorError";
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Device);
    EXPECT_NE(std::string(e.what()).find("cudaErrorInvalidConfiguration"), std::string::npos) << e.what();
  }
  emulator::set_grid_shape({});
}

TEST(GridEmulator, AWarpVoteSeesEveryLaneOfItsWarp) {
  std::uint32_t out[64] = {};
  CB_LAUNCH_WARP_SYNC(ballot_kernel, dim3(1), dim3(64), nullptr)(out);
  std::uint32_t expected = 0;
  for (unsigned lane = 0; lane < 32; lane += 3) expected |= 1u << lane;
  for (std::uint32_t votes : out) EXPECT_EQ(votes, expected);
}

TEST(GridEmulator, DeviceMemoryIsBoundedAndCheckedAsOnADevice) {
  const std::size_t blocks_before = emulator::device_blocks_in_use();
  void* p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 100), cudaSuccess);
  EXPECT_EQ(cudaMemsetAsync(p, 0, 101, nullptr), cudaErrorInvalidValue);  // one byte past the block
  char host[8] = {};
  EXPECT_EQ(cudaMemcpy(host, static_cast<char*>(p) + 96, 8, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(host, host + 1, 4, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);  // not device memory
  EXPECT_EQ(cudaFree(host), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(p), cudaSuccess);
  EXPECT_EQ(cudaFree(p), cudaErrorInvalidValue);
  (void)cudaGetLastError();
  EXPECT_EQ(emulator::device_blocks_in_use(), blocks_before);

  // With the device nearly full, the caching allocator frees its cached segments and retries.
  auto caching = make_cuda_allocator("caching", &Runtime::current().ledger());
  AllocatorGuard guard(DeviceType::Cuda, caching.get());
  emulator::set_device_capacity(emulator::device_bytes_in_use() + (std::size_t{24} << 20));
  { const Tensor first = empty({std::int64_t{20} << 20}, DType::Bool, DeviceType::Cuda); }  // cached after
  const Tensor second = empty({std::int64_t{22} << 20}, DType::Bool, DeviceType::Cuda);     // needs the cache freed
  EXPECT_EQ(second.numel(), std::int64_t{22} << 20);
  EXPECT_THROW((void)empty({std::int64_t{4} << 20}, DType::Bool, DeviceType::Cuda), TensorError);
  emulator::set_device_capacity(std::size_t{1} << 30);
}

TEST(GridEmulator, LaunchCountsNameTheKernel) {
  const auto before = emulator::launch_counts();
  (void)arange(10, DType::Int64, DeviceType::Cuda);
  const auto after = emulator::launch_counts();
  const auto count = [](const auto& counts, const char* name) {
    const auto it = counts.find(name);
    return it == counts.end() ? std::uint64_t{0} : it->second;
  };
  EXPECT_EQ(count(after, "arange_kernel"), count(before, "arange_kernel") + 1);
}

}  // namespace
}  // namespace clampbench::cuda_logic
