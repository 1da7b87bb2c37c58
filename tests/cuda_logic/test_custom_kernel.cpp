// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The custom-kernel launcher (kernels/custom_kernel.h): a body runs over [0, work) on the host
// and on a device (the grid emulator here, a GPU in test_cuda_logic_device) with the same
// results; each launch counts one kernel and its read-back, and allocates nothing.

#include <algorithm>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/custom_kernel.h"
#include "kernels/host_cost.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"
#include "tests/cuda_logic/cuda_logic_env.h"
#include "tests/cuda_logic/sample_kernels.h"

namespace clampbench {
namespace {

using testing::CellKernel;
using testing::CheckedCopyKernel;
using testing::FillKernel;
using testing::WarpCountKernel;

std::int64_t* data_of(Tensor& t) { return static_cast<std::int64_t*>(t.data_ptr()); }

// What one launch on `device` costs: the host cost, and the allocations the ledger saw.
template <typename Launch> std::pair<HostCost, std::uint64_t> cost_of(DeviceType device, Launch&& launch) {
  LedgerScope ledger(Runtime::current().ledger(), "custom kernel");
  HostCostScope scope(device);
  launch();
  const HostCost cost = scope.close();
  const PerDevice counters = ledger.close();
  return {cost, counters[0].allocations + counters[1].allocations};
}

// 12 elements, -1 at 4 and 9: the first bad element is 4.
const std::vector<std::int64_t> kInput{0, 1, 2, 3, -1, 5, 6, 7, 8, -1, 10, 11};

void expect_fill(DeviceType device) {
  Tensor out = from_vector(std::vector<std::int64_t>(10, 0), {10}, device);
  const auto [cost, allocations] = cost_of(device, [&] { launch_kernel(device, 10, FillKernel{data_of(out)}); });
  EXPECT_EQ(to_vector<std::int64_t>(out), (std::vector<std::int64_t>{1, 4, 7, 10, 13, 16, 19, 22, 25, 28}));
  EXPECT_EQ(cost.launches, 1);
  EXPECT_EQ(cost.check_syncs, 0);
  EXPECT_EQ(cost.ops, 0);
  EXPECT_EQ(allocations, 0u);
}

TEST(CustomKernel, RunsEveryElementOnTheHostAndCountsOneLaunch) { expect_fill(DeviceType::Host); }

TEST(CustomKernelGpu, RunsEveryElementOnADeviceAndCountsOneLaunch) {
  CB_REQUIRE_CUDA();
  cuda_logic::for_each_shape([] { expect_fill(DeviceType::Cuda); });
}

TEST(CustomKernel, NoWorkLaunchesNothing) {
  const auto [cost, allocations] =
      cost_of(DeviceType::Host, [] { EXPECT_EQ(launch_kernel(DeviceType::Host, 0, FillKernel{nullptr}), -1); });
  EXPECT_EQ(cost.launches, 0);
  EXPECT_EQ(allocations, 0u);
}

TEST(CustomKernel, TheHostLoopStopsAtTheFirstBadElementWhenAskedTo) {
  for (const KernelCheck check : {KernelCheck::OnHost, KernelCheck::ReadBack}) {
    const Tensor in = from_vector(kInput, {12}, DeviceType::Host);
    Tensor out = from_vector(std::vector<std::int64_t>(12, 99), {12}, DeviceType::Host);
    const CheckedCopyKernel body{static_cast<const std::int64_t*>(in.data_ptr()), data_of(out)};
    std::int64_t bad = -2;
    const auto [cost, allocations] = cost_of(DeviceType::Host, [&] { bad = launch_kernel(DeviceType::Host, 12, body, check); });
    EXPECT_EQ(bad, 4);
    EXPECT_EQ(to_vector<std::int64_t>(out), (std::vector<std::int64_t>{0, 1, 2, 3, 99, 99, 99, 99, 99, 99, 99, 99}));
    EXPECT_EQ(cost.launches, 1);
    EXPECT_EQ(cost.check_syncs, check == KernelCheck::ReadBack ? 1 : 0);
    EXPECT_EQ(allocations, 0u);
  }
}

TEST(CustomKernel, WithoutACheckEveryElementRuns) {
  const Tensor in = from_vector(kInput, {12}, DeviceType::Host);
  Tensor out = from_vector(std::vector<std::int64_t>(12, 99), {12}, DeviceType::Host);
  const CheckedCopyKernel body{static_cast<const std::int64_t*>(in.data_ptr()), data_of(out)};
  EXPECT_EQ(launch_kernel(DeviceType::Host, 12, body), -1);
  EXPECT_EQ(to_vector<std::int64_t>(out), (std::vector<std::int64_t>{0, 1, 2, 3, 99, 5, 6, 7, 8, 99, 10, 11}));
}

TEST(CustomKernelGpu, ADeviceReadsBackTheSmallestBadElementOnlyWhenAskedTo) {
  CB_REQUIRE_CUDA();
  cuda_logic::for_each_shape([] {
    for (const KernelCheck check : {KernelCheck::None, KernelCheck::OnHost, KernelCheck::ReadBack}) {
      const Tensor in = from_vector(kInput, {12}, DeviceType::Cuda);
      Tensor out = from_vector(std::vector<std::int64_t>(12, 99), {12}, DeviceType::Cuda);
      const CheckedCopyKernel body{static_cast<const std::int64_t*>(in.data_ptr()), data_of(out)};
      std::int64_t bad = -2;
      const auto [cost, allocations] = cost_of(DeviceType::Cuda, [&] { bad = launch_kernel(DeviceType::Cuda, 12, body, check); });
      EXPECT_EQ(bad, check == KernelCheck::ReadBack ? 4 : -1);
      // A device runs every element: only the bad ones are left as they were.
      EXPECT_EQ(to_vector<std::int64_t>(out), (std::vector<std::int64_t>{0, 1, 2, 3, 99, 5, 6, 7, 8, 99, 10, 11}));
      EXPECT_EQ(cost.launches, 1);
      EXPECT_EQ(cost.check_syncs, check == KernelCheck::ReadBack ? 1 : 0);
      EXPECT_EQ(allocations, 0u);
      // The recorded element is reset before each checked launch: a clean one reports none.
      const Tensor clean = from_vector(std::vector<std::int64_t>(12, 5), {12}, DeviceType::Cuda);
      const CheckedCopyKernel fine{static_cast<const std::int64_t*>(clean.data_ptr()), data_of(out)};
      EXPECT_EQ(launch_kernel(DeviceType::Cuda, 12, fine, check), -1);
    }
  });
}

// A 3 x 4 grid of cells, bad at (1, 2): flat element 6.
void expect_cells(DeviceType device, KernelCheck check, std::int64_t expected_bad, bool stops) {
  Tensor out = from_vector(std::vector<std::int64_t>(12, -1), {12}, device);
  std::int64_t bad = -2;
  const auto [cost, allocations] =
      cost_of(device, [&] { bad = launch_kernel(device, KernelGrid{3, 4}, CellKernel{data_of(out), 4}, check); });
  EXPECT_EQ(bad, expected_bad);
  std::vector<std::int64_t> want{0, 1, 2, 3, 100, 101, -1, 103, 200, 201, 202, 203};
  if (stops) std::fill(want.begin() + 6, want.end(), -1);
  EXPECT_EQ(to_vector<std::int64_t>(out), want);
  EXPECT_EQ(cost.launches, 1);
  EXPECT_EQ(cost.check_syncs, check == KernelCheck::ReadBack ? 1 : 0);
  EXPECT_EQ(allocations, 0u);
}

TEST(CustomKernel, AGridOfCellsRunsRowByRowOnTheHost) {
  expect_cells(DeviceType::Host, KernelCheck::None, -1, false);
  expect_cells(DeviceType::Host, KernelCheck::OnHost, 6, true);
  expect_cells(DeviceType::Host, KernelCheck::ReadBack, 6, true);
}

TEST(CustomKernelGpu, AGridOfCellsIsOneFlatKernelOnADevice) {
  CB_REQUIRE_CUDA();
  cuda_logic::for_each_shape([] {
    expect_cells(DeviceType::Cuda, KernelCheck::OnHost, -1, false);
    expect_cells(DeviceType::Cuda, KernelCheck::ReadBack, 6, false);
  });
}

TEST(CustomKernel, AWarpBodyRunsItsRowOnOneThreadOnTheHost) {
  Tensor out = from_vector(std::vector<std::int64_t>(5, 0), {5}, DeviceType::Host);
  launch_kernel(DeviceType::Host, 5, WarpCountKernel{data_of(out)});
  EXPECT_EQ(to_vector<std::int64_t>(out), std::vector<std::int64_t>(5, 1));
}

TEST(CustomKernelGpu, AWarpBodyGetsAWholeWarpPerElementOnADevice) {
  CB_REQUIRE_CUDA();
  cuda_logic::for_each_shape([] {
    Tensor out = from_vector(std::vector<std::int64_t>(70, 0), {70}, DeviceType::Cuda);
    const auto [cost, allocations] = cost_of(DeviceType::Cuda, [&] { launch_kernel(DeviceType::Cuda, 70, WarpCountKernel{data_of(out)}); });
    EXPECT_EQ(to_vector<std::int64_t>(out), std::vector<std::int64_t>(70, 32));
    EXPECT_EQ(cost.launches, 1);
    EXPECT_EQ(allocations, 0u);
    EXPECT_THROW(launch_kernel(DeviceType::Cuda, 70, WarpCountKernel{data_of(out)}, KernelCheck::ReadBack), TensorError);
  });
}

}  // namespace
}  // namespace clampbench
