// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The host cost's counting rules, op by op, on the host backend standing in for the device
// (kernels/host_cost.h): which calls count as dispatched, how many kernels each launches, and
// where the host waits. The same sequence on a cuda device (HostCostGpu) must count the same.

#include <map>
#include <string>

#include <gtest/gtest.h>

#include "kernels/host_cost.h"
#include "kernels/host_planning.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"
#include "tests/kernels/kernel_test_util.h"

namespace clampbench {
namespace {

using namespace clampbench::test;  // NOLINT: literal helpers i32/i64

using Counts = std::map<std::string, std::int64_t>;

// A builder-like sequence with one op of each kind of cost: elementwise, reduction, scalar
// operands (rsub, where with a scalar), a same-dtype to() (no dispatch), a gather, a scatter, a
// scalar read and a read into host memory.
struct SampleInputs {
  Tensor a, idx;
  DeviceType device;
};
SampleInputs sample_inputs(DeviceType d) { return {to(i32({3, -1, 7, 2}), d), to(i64({3, 0}), d), d}; }

void sample_builder(const SampleInputs& in) {
  const Tensor& a = in.a;
  const Tensor& idx = in.idx;
  const DeviceType d = in.device;
  Tensor c = clamp(a, 0);                // 1 op, 1 kernel
  clamp_(c, std::nullopt, 5);            // 1 op, 1 kernel
  const Tensor same = to(c, DType::Int32);  // returns c: nothing dispatched
  const Tensor r = rsub(same, 10);       // 1 op, 1 kernel (the scalar rides in the kernel's arguments)
  const Tensor w = where(gt(r, 6), r, 0);  // gt: 1 op 1 kernel; where: 1 op, 1 kernel, as PyTorch's
  const Tensor g = gather(w, 0, idx);    // 1 op, 1 kernel, 1 index-check readback
  Tensor dst = full(Dims{4}, 0, DType::Int32, d);  // 1 op, 1 kernel
  scatter_(dst, 0, idx, g);              // 1 op, 1 kernel (as PyTorch's), 1 index-check readback
  const Tensor m = max(dst);             // 1 op, 1 kernel
  EXPECT_EQ(item_int(m), 8);             // 1 op, a copy to host and a sync
  EXPECT_EQ(to_vector<std::int32_t>(dst), (std::vector<std::int32_t>{7, 0, 0, 8}));  // 1 op, copy, sync
  const Tensor none = empty(Dims{0}, DType::Int32, d);  // 1 op, nothing launched
  const Tensor none_plus = add(none, 1);            // 1 op, an empty result: nothing launched
}

HostCost expected_sample_cost() {
  HostCost e;
  e.by_op = Counts{{"add", 1}, {"clamp", 1}, {"clamp_", 1}, {"empty", 1}, {"full", 1}, {"gather", 1}, {"gt", 1},
                   {"item", 1}, {"max", 1}, {"rsub", 1}, {"scatter_", 1}, {"to_vector", 1}, {"where", 1}};
  e.ops = 13;
  e.launches = 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1;
  e.syncs = 2;
  e.sync_ops = Counts{{"item", 1}, {"to_vector", 1}};
  e.d2h_copies = 2;
  e.check_syncs = 2;
  return e;
}

TEST(HostCost, ABuilderSequenceCountsExactly) {
  const SampleInputs in = sample_inputs(DeviceType::Host);
  HostCostScope scope(DeviceType::Host);
  sample_builder(in);
  EXPECT_EQ(scope.close(), expected_sample_cost());
}

TEST(HostCost, TwoRunsCountTheSame) {
  const SampleInputs in = sample_inputs(DeviceType::Host);
  HostCostScope first(DeviceType::Host);
  sample_builder(in);
  const HostCost a = first.close();
  HostCostScope second(DeviceType::Host);
  sample_builder(in);
  EXPECT_EQ(second.close(), a);
}

TEST(HostCost, HostTensorsOfAHostBuilderOnlyDispatch) {
  const SampleInputs in = sample_inputs(DeviceType::Host);
  HostCostScope scope(std::nullopt);
  sample_builder(in);
  const HostCost c = scope.close();
  EXPECT_EQ(c.ops, 13);
  EXPECT_EQ(c.launches, 0);
  EXPECT_EQ(c.syncs, 0);
  EXPECT_TRUE(c.sync_ops.empty());
  EXPECT_EQ(c.d2h_copies + c.h2d_copies + c.check_syncs, 0);
}

TEST(HostCost, NothingCountsOutsideAScope) {
  sample_builder(sample_inputs(DeviceType::Host));
  EXPECT_FALSE(host_cost::counting());
  HostCostScope scope(DeviceType::Host);
  EXPECT_TRUE(host_cost::counting());
  EXPECT_EQ(scope.close(), HostCost{});
  EXPECT_FALSE(host_cost::counting());
}

TEST(HostCost, OneScopeAtATime) {
  HostCostScope scope(DeviceType::Host);
  EXPECT_THROW(HostCostScope second(DeviceType::Host), std::logic_error);
}

TEST(HostCost, AFailingOpStillCountsAndLeavesTheNestingClean) {
  const Tensor a = i32({1, 2});
  const Tensor bad = i64({5});
  HostCostScope scope(DeviceType::Host);
  EXPECT_ANY_THROW(gather(a, 0, bad));  // out of range
  const Tensor b = clamp(a, 0);              // counted at the top level again
  const HostCost c = scope.close();
  EXPECT_EQ(c.by_op, (Counts{{"clamp", 1}, {"gather", 1}}));
}

TEST(HostCost, AnExplicitSynchronizeIsASync) {
  HostCostScope scope(DeviceType::Host);
  Runtime::current().synchronize();
  const HostCost c = scope.close();
  EXPECT_EQ(c.ops, 0);
  EXPECT_EQ(c.syncs, 1);
  EXPECT_EQ(c.sync_ops, (Counts{{"synchronize", 1}}));
}

TEST(HostCost, DataDependentSizeOnTheDeviceSyncs) {
  const Tensor self = i32({4, 5});
  const Tensor repeats = i64({2, 1});
  HostCostScope scope(DeviceType::Host);
  const Tensor r = repeat_interleave(self, repeats);
  const HostCost c = scope.close();
  EXPECT_EQ(c.by_op, (Counts{{"index_select", 1}, {"repeat_interleave", 1}}));  // ATen's two
  EXPECT_EQ(c.sync_ops, (Counts{{"repeat_interleave", 1}}));
  EXPECT_EQ(c.d2h_copies, 0);
  EXPECT_EQ(c.launches, 2);
}

TEST(HostCost, CopiesIntoTheDeviceAreCounted) {
  HostCostScope scope(DeviceType::Host);
  const Tensor t = from_vector<std::int32_t>({1, 2, 3}, Dims{3}, DeviceType::Host);
  const HostCost c = scope.close();
  EXPECT_EQ(c.h2d_copies, 1);
  EXPECT_EQ(c.syncs, 0);
}

TEST(HostCost, ReadingAHostSideTensorWaitsForNothing) {
  const Tensor on_device = i32({0, 1, 4});
  const Tensor cpu_copy = from_numpy<std::int32_t>({0, 1, 4}, Dims{3});  // vLLM's query_start_loc_cpu
  HostCostScope scope(DeviceType::Host);
  EXPECT_EQ(to_vector<std::int32_t>(cpu_copy).size(), 3u);
  EXPECT_EQ(item_int(cpu_copy.select(0, 2)), 4);
  EXPECT_EQ(to_vector<std::int32_t>(on_device).size(), 3u);
  const HostCost c = scope.close();
  EXPECT_EQ(c.ops, 3);
  EXPECT_EQ(c.sync_ops, (Counts{{"to_vector", 1}}));
  EXPECT_EQ(c.d2h_copies, 1);
}

TEST(HostCost, APausedStretchCountsNothing) {
  const Tensor a = i32({3, -1});
  HostCostScope scope(DeviceType::Host);
  {
    const HostCostPause bookkeeping;
    EXPECT_EQ(to_vector<std::int32_t>(clamp(a, 0)).size(), 2u);
    Runtime::current().synchronize();
  }
  const Tensor b = clamp(a, 0);
  const HostCost c = scope.close();
  EXPECT_EQ(c.by_op, (Counts{{"clamp", 1}}));
  EXPECT_EQ(c.syncs, 0);
}

TEST(HostCostGpu, TheCudaBackendCountsWhatTheHostStandInCounts) {
  if (!cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  const SampleInputs in = sample_inputs(DeviceType::Cuda);
  HostCostScope scope(DeviceType::Cuda);
  sample_builder(in);
  EXPECT_EQ(scope.close(), expected_sample_cost());
}

}  // namespace
}  // namespace clampbench
