// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Host memory of the modelled code: booked apart from every device, never device-resident,
// and a copy between it and the device is a host-device copy on the host backend too.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/host_cost.h"
#include "kernels/host_planning.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"
#include "tests/kernels/kernel_test_util.h"

namespace clampbench {
namespace {

using namespace clampbench::test;  // NOLINT: literal helpers i32
using Counts = std::map<std::string, std::int64_t>;

TEST(HostPlanning, HostSideAllocationsAreNoDevicesTraffic) {
  AllocationLedger& ledger = Runtime::current().ledger();
  const LedgerCounters side_before = ledger.host_side_totals();
  LedgerScope scope(ledger, "host planning");
  const Tensor staging = from_numpy<std::int32_t>({0, 0, 1, 2}, Dims{4});
  Tensor lens;
  {
    const HostPlanning host;
    lens = sub(staging.slice(0, 1, 4), staging.slice(0, 0, 3));
  }
  const Tensor on_device = full(Dims{4}, 0, DType::Int32, DeviceType::Host);  // the stand-in device's
  const PerDevice counters = scope.close();
  EXPECT_TRUE(staging.host_side());
  EXPECT_TRUE(lens.host_side());
  EXPECT_FALSE(on_device.host_side());
  EXPECT_EQ(counters[static_cast<int>(DeviceType::Host)].allocations, 1u);
  EXPECT_EQ(counters[static_cast<int>(DeviceType::Host)].bytes_requested, 16u);
  const LedgerCounters side = ledger.host_side_totals();
  EXPECT_EQ(side.allocations - side_before.allocations, 2u);
  EXPECT_EQ(side.bytes_requested - side_before.bytes_requested, 16u + 12u);
}

TEST(HostPlanning, OpsOnHostSideTensorsCountByNameAndLaunchNothing) {
  const Tensor qsl = from_numpy<std::int32_t>({0, 1, 2, 5}, Dims{4});
  HostCostScope scope(DeviceType::Host);
  std::int64_t first = 0;
  {
    const HostPlanning host;
    const Tensor lens = sub(qsl.slice(0, 1, 4), qsl.slice(0, 0, 3));
    first = item_int(lens.select(0, 0));
    EXPECT_EQ(item_int(any(gt(lens, 1), 0)), 1);
  }
  const HostCost c = scope.close();
  EXPECT_EQ(first, 1);
  EXPECT_EQ(c.by_op, (Counts{{"any", 1}, {"gt", 1}, {"item", 2}, {"sub", 1}}));
  EXPECT_EQ(c.launches, 0);
  EXPECT_EQ(c.syncs, 0);
  EXPECT_EQ(c.d2h_copies, 0);
}

TEST(HostPlanning, CopyFromHostSideToTheDeviceIsOneHostToDeviceCopy) {
  Tensor buffer = i32({9, 9, 9, 9});
  const Tensor staging = from_numpy<std::int32_t>({0, 0, 1}, Dims{3});
  HostCostScope scope(DeviceType::Host);
  Tensor head = buffer.slice(0, 0, 3);
  copy_(head, staging);
  const HostCost c = scope.close();
  EXPECT_EQ(to_vector<std::int32_t>(buffer), (std::vector<std::int32_t>{0, 0, 1, 9}));
  EXPECT_EQ(c.by_op, (Counts{{"copy_", 1}}));
  EXPECT_EQ(c.h2d_copies, 1);
  EXPECT_EQ(c.launches, 0);
  EXPECT_EQ(c.syncs, 0);
}

TEST(HostPlanning, CopyFromTheDeviceIntoHostSideWaitsForTheDevice) {
  const Tensor on_device = i32({4, 5});
  Tensor landing = from_numpy<std::int32_t>({0, 0}, Dims{2});
  HostCostScope scope(DeviceType::Host);
  copy_(landing, on_device);
  const HostCost c = scope.close();
  EXPECT_EQ(c.d2h_copies, 1);
  EXPECT_EQ(c.syncs, 1);
}

TEST(HostPlanning, NumpysSideOfTheBoundaryDispatchesNoOp) {
  HostCostScope scope(DeviceType::Host);
  const Tensor t = from_numpy<std::int64_t>({3, 4}, Dims{2});
  EXPECT_EQ(to_numpy<std::int64_t>(t), (std::vector<std::int64_t>{3, 4}));
  const HostCost c = scope.close();
  EXPECT_EQ(c.ops, 0);
  EXPECT_EQ(c.h2d_copies, 0);
}

TEST(HostPlanning, ToNumpyRefusesDeviceMemory) {
  EXPECT_THROW(to_numpy<std::int32_t>(i32({1})), TensorError);
  EXPECT_THROW(from_numpy<std::int32_t>({1, 2}, Dims{3}), TensorError);
}

}  // namespace
}  // namespace clampbench
