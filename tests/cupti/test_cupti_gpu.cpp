// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The real CUPTI tracer on a GPU: a cudaMalloc/cudaFree, a kernel launch, a memset and a copy
// inside one scope must come back exactly, and nothing from outside the scope.

#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include <vector>

#include "harness/cupti/cross_check.h"
#include "harness/cupti/tracer.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/device.h"
#include "tests/cupti/gpu_work.h"

namespace clampbench::cupti {
namespace {

constexpr int kCount = 1000;
constexpr std::size_t kBytes = kCount * sizeof(int);

class CuptiTracerGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!cuda_device_available()) GTEST_SKIP() << "no CUDA device";
    tracer_ = make_tracer(true);
    ASSERT_TRUE(tracer_->available()) << tracer_->unavailable_reason();
    // Context creation and module load stay out of the scopes.
    int* warm = nullptr;
    CB_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&warm), kBytes));
    testing::launch_fill(warm, kCount, 0);
    CB_CUDA_CHECK(cudaFree(warm));
    CB_CUDA_CHECK(cudaDeviceSynchronize());
  }
  std::unique_ptr<Tracer> tracer_;
};

TEST_F(CuptiTracerGpu, OneAllocationOneReleaseOneKernel) {
  int* outside = nullptr;
  CB_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&outside), kBytes));  // before the scope: not counted

  tracer_->begin_scope("gpu test");
  int* p = nullptr;
  CB_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&p), kBytes));
  testing::launch_fill(p, kCount, 7);
  CB_CUDA_CHECK(cudaMemset(outside, 0, kBytes));
  std::vector<int> host(kCount);
  CB_CUDA_CHECK(cudaMemcpy(host.data(), p, kBytes, cudaMemcpyDeviceToHost));
  CB_CUDA_CHECK(cudaFree(p));
  const ScopeStats s = tracer_->end_scope();

  CB_CUDA_CHECK(cudaFree(outside));  // after the scope: not counted
  ASSERT_TRUE(s.available) << s.reason;
  EXPECT_EQ(host[kCount - 1], 7);
  ASSERT_EQ(s.by_kind.count("device"), 1u);
  const MemoryKindStats& d = s.by_kind.at("device");
  EXPECT_EQ(d.allocations, 1u);
  EXPECT_EQ(d.releases, 1u);
  EXPECT_EQ(d.bytes_allocated, kBytes);
  EXPECT_EQ(d.bytes_released, kBytes);
  EXPECT_EQ(s.kernels, 1u);
  EXPECT_EQ(s.launch_calls, 1u);
  EXPECT_EQ(s.memset_count, 1u);
  EXPECT_EQ(s.memset_bytes, kBytes);
  EXPECT_EQ(s.memcpy_count, 1u);
  EXPECT_EQ(s.memcpy_bytes, kBytes);
  EXPECT_EQ(s.dropped_records, 0u);

  LedgerCounters ledger;
  ledger.allocations = 1;
  ledger.frees = 1;
  ledger.bytes_reserved = kBytes;
  EXPECT_EQ(cross_check(s, ledger, "raw").status, CrossCheckStatus::Agree) << cross_check(s, ledger, "raw").detail;
}

TEST_F(CuptiTracerGpu, AsyncAllocationsAndAnEmptyScope) {
  tracer_->begin_scope("async");
  void* p = nullptr;
  CB_CUDA_CHECK(cudaMallocAsync(&p, kBytes, nullptr));
  CB_CUDA_CHECK(cudaFreeAsync(p, nullptr));
  const ScopeStats s = tracer_->end_scope();
  ASSERT_TRUE(s.available) << s.reason;
  ASSERT_EQ(s.by_kind.count("device"), 1u);
  EXPECT_EQ(s.by_kind.at("device").allocations, 1u);
  EXPECT_EQ(s.by_kind.at("device").releases, 1u);
  EXPECT_EQ(s.by_kind.at("device").bytes_allocated, kBytes);

  tracer_->begin_scope("nothing");
  const ScopeStats none = tracer_->end_scope();
  ASSERT_TRUE(none.available) << none.reason;
  EXPECT_EQ(none.allocations + none.releases + none.kernels + none.memcpy_count + none.memset_count, 0u);
}

TEST_F(CuptiTracerGpu, OneSubscriberAtATime) {
  std::unique_ptr<Tracer> second = make_tracer(true);
  EXPECT_FALSE(second->available());
  EXPECT_NE(second->unavailable_reason().find("already active"), std::string::npos) << second->unavailable_reason();
}

}  // namespace
}  // namespace clampbench::cupti
