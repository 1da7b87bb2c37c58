// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The tracers end to end: the no-GPU path of make_tracer(), and a tracer over the fake source.

#include <gtest/gtest.h>

#include <stdexcept>

#include "harness/cupti/cross_check.h"
#include "harness/cupti/fake_record_source.h"
#include "harness/cupti/source_tracer.h"
#include "kernels/device.h"

namespace clampbench::cupti {
namespace {

using R = ActivityRecord;

TEST(CuptiTracer, NoDeviceMeansUnavailableWithAReason) {
  if (cuda_device_available()) GTEST_SKIP() << "a CUDA device is present: the no-GPU path is not taken";
  std::unique_ptr<Tracer> t = make_tracer(true);
  ASSERT_NE(t, nullptr);
  EXPECT_FALSE(t->available());
  EXPECT_EQ(t->unavailable_reason(), cuda_compiled() ? "no CUDA device" : "built without CUDA");
  t->begin_scope("case s/R=1 variant clamp");
  const ScopeStats s = t->end_scope();
  EXPECT_FALSE(s.available);
  EXPECT_EQ(s.reason, t->unavailable_reason());
}

TEST(CuptiTracer, HostBackendNeverTraces) {
  std::unique_ptr<Tracer> t = make_tracer(false);
  EXPECT_FALSE(t->available());
  EXPECT_EQ(t->unavailable_reason(), cuda_compiled() ? "host backend" : "built without CUDA");
  t->begin_scope("x");
  EXPECT_FALSE(t->end_scope().available);
}

TEST(CuptiTracer, UnavailableSourceGivesAnUnavailableTracer) {
  auto t = make_source_tracer(std::make_unique<FakeRecordSource>(
      FakeRecordSource::unavailable("CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED")));
  EXPECT_FALSE(t->available());
  EXPECT_EQ(t->unavailable_reason(), "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED");
  t->begin_scope("x");
  EXPECT_EQ(t->end_scope().reason, "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED");
}

TEST(CuptiTracer, FakeSourceEndToEnd) {
  auto owned = std::make_unique<FakeRecordSource>();
  FakeRecordSource& src = *owned;
  auto t = make_source_tracer(std::move(owned));
  ASSERT_TRUE(t->available());

  // Before the scope: a warm-up call's records, discarded when the scope begins.
  const std::uint32_t warm = src.call(true);
  src.push(R::memory(MemoryOperation::Allocation, MemoryKind::Device, 0x10, 4096, warm, src.now_ns()));
  src.advance(100);

  t->begin_scope("call clamp_");
  EXPECT_TRUE(src.capturing());
  src.advance(10);
  const std::uint32_t malloc_id = src.call();
  src.push(R::memory(MemoryOperation::Allocation, MemoryKind::Device, 0x20, 1024, malloc_id, src.now_ns()));
  const std::uint32_t launch1 = src.call(true);
  const std::uint32_t launch2 = src.call(true);
  // The GPU clock ran a little behind: only the correlation id places this kernel.
  src.push(R::kernel(launch1, src.now_ns() - 50, src.now_ns() - 40));
  src.push(R::kernel(launch2, src.now_ns() + 1, src.now_ns() + 2));
  src.advance(10);
  const std::uint32_t memset_id = src.call();
  src.push(R::memset(1024, memset_id, src.now_ns(), src.now_ns() + 1));
  // A driver-level release the runtime callbacks never saw: placed by its timestamp.
  src.push(R::memory(MemoryOperation::Release, MemoryKind::Device, 0x20, 1024, 9999, src.now_ns()));
  // A record of an earlier call delivered late: its id is unknown and its time before the scope.
  src.push(R::memset(64, warm, 5, 6));
  src.advance(10);
  const ScopeStats s = t->end_scope();
  EXPECT_FALSE(src.capturing());

  ASSERT_TRUE(s.available) << s.reason;
  EXPECT_EQ(s.allocations, 1u);
  EXPECT_EQ(s.bytes, 1024u);
  EXPECT_EQ(s.releases, 1u);
  EXPECT_EQ(s.by_kind.at("device").bytes_released, 1024u);
  EXPECT_EQ(s.kernels, 2u);
  EXPECT_EQ(s.launch_calls, 2u);
  EXPECT_EQ(s.memset_count, 1u);
  EXPECT_EQ(s.memset_bytes, 1024u);
  EXPECT_EQ(s.attributed_by_correlation, 4u);
  EXPECT_EQ(s.attributed_by_time, 1u);
  EXPECT_EQ(src.synchronize_calls(), 2u);  // before the window opens and before it closes

  LedgerCounters ledger;
  ledger.allocations = 1;
  ledger.bytes_reserved = 1024;
  ledger.frees = 1;
  EXPECT_EQ(cross_check(s, ledger, "raw").status, CrossCheckStatus::Agree);

  // A second scope sees only its own records and calls.
  src.advance(100);
  t->begin_scope("call clamp");
  src.call(false);
  const ScopeStats empty = t->end_scope();
  EXPECT_TRUE(empty.available);
  EXPECT_EQ(empty.allocations + empty.releases + empty.kernels + empty.memset_count, 0u);
  EXPECT_EQ(empty.launch_calls, 0u);
}

TEST(CuptiTracer, DroppedRecordsAreReportedAndSpoilTheCrossCheck) {
  auto owned = std::make_unique<FakeRecordSource>();
  FakeRecordSource& src = *owned;
  auto t = make_source_tracer(std::move(owned));
  t->begin_scope("x");
  src.drop(2);
  const ScopeStats s = t->end_scope();
  EXPECT_EQ(s.dropped_records, 2u);
  EXPECT_EQ(cross_check(s, LedgerCounters{}, "raw").status, CrossCheckStatus::NotComparable);
}

TEST(CuptiTracer, EndWithoutBeginIsUnavailable) {
  auto t = make_source_tracer(std::make_unique<FakeRecordSource>());
  const ScopeStats s = t->end_scope();
  EXPECT_FALSE(s.available);
  EXPECT_NE(s.reason.find("without begin_scope"), std::string::npos);
}

// A source whose device synchronize fails, as after a kernel fault.
class FailingSource final : public RecordSource {
 public:
  explicit FailingSource(int fail_on_sync) : fail_on_sync_(fail_on_sync) {}
  bool start() override { return true; }
  bool available() const override { return true; }
  std::string reason() const override { return {}; }
  void stop() override {}
  std::uint64_t now_ns() override { return ++clock_; }
  void synchronize() override {
    if (++syncs_ == fail_on_sync_) throw std::runtime_error("cudaDeviceSynchronize() failed: an illegal memory access");
  }
  void begin_capture() override { capturing = true; }
  CallCapture end_capture() override {
    capturing = false;
    return {};
  }
  std::vector<ActivityRecord> flush() override { return {}; }
  std::uint64_t dropped_records() override { return 0; }
  bool capturing = false;

 private:
  int fail_on_sync_;
  int syncs_ = 0;
  std::uint64_t clock_ = 0;
};

TEST(CuptiTracer, FailuresInsideAScopeBecomeAnUnavailableScope) {
  for (int fail_on : {1, 2}) {  // at begin_scope, at end_scope
    auto owned = std::make_unique<FailingSource>(fail_on);
    FailingSource& src = *owned;
    auto t = make_source_tracer(std::move(owned));
    t->begin_scope("call clamp_");
    ScopeStats s;
    EXPECT_NO_THROW(s = t->end_scope());
    EXPECT_FALSE(s.available);
    EXPECT_NE(s.reason.find("illegal memory access"), std::string::npos) << s.reason;
    EXPECT_NE(s.reason.find("call clamp_"), std::string::npos) << s.reason;
    EXPECT_FALSE(src.capturing);  // left idle for the next scope
  }
}

}  // namespace
}  // namespace clampbench::cupti
