// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The CUPTI RecordSource: Activity API for memory (MEMORY2), memory pools, kernels, memcpy and
// memset; Callback API on the runtime domain for the correlation ids of the calls made in a
// scope and the number of kernel launches. Both are enabled only while a scope is open, so the
// timing passes between scopes run without CUPTI's overhead and no records pile up there.

#include <atomic>
#include <mutex>
#include <utility>

#include <cuda_runtime_api.h>
#include <cupti.h>

#include "harness/cupti/detail/activity_buffers.h"
#include "harness/cupti/detail/convert_record.h"
#include "harness/cupti/detail/cupti_check.h"
#include "harness/cupti/detail/cupti_record_source.h"
#include "kernels/cuda/cuda_check.h"

namespace clampbench::cupti::detail {

namespace {

class CuptiRecordSource;
// CUPTI has one subscriber per process.
std::atomic<CuptiRecordSource*> g_active_source{nullptr};

class CuptiRecordSource final : public RecordSource {
 public:
  ~CuptiRecordSource() override { stop(); }

  bool start() override {
    if (started_ || !reason_.empty()) return available();
    CuptiRecordSource* none = nullptr;
    if (!g_active_source.compare_exchange_strong(none, this)) {
      reason_ = "another clampbench CUPTI tracer is already active in this process";
      return false;
    }
    try {
      CB_CUPTI_CHECK(cuptiSubscribe(&subscriber_, &CuptiRecordSource::on_runtime_call, this));
      CB_CUPTI_CHECK(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed));
      // Enable once now, so that a refusal shows up here and not in the first scope.
      set_activities(true);
      set_activities(false);
      started_ = true;
    } catch (const CuptiError& e) {
      reason_ = e.result() == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED
                    ? fmt::format("another CUPTI client holds the subscription (running under Nsight Systems, "
                                  "Nsight Compute or compute-sanitizer?): {}",
                                  e.what())
                    : fmt::format("CUPTI setup failed: {}", e.what());
      release();
    }
    return available();
  }

  bool available() const override { return started_; }
  std::string reason() const override { return reason_; }

  void stop() override {
    if (!started_) return;
    try {
      if (capturing_) (void)end_capture();
      CB_CUPTI_CHECK(cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED));  // hands back every buffer
    } catch (const std::exception&) {
      // Shutting down: nothing left to report to.
    }
    DeliveredRecords::instance().clear();
    started_ = false;
    release();
  }

  std::uint64_t now_ns() override {
    std::uint64_t t = 0;
    CB_CUPTI_CHECK(cuptiGetTimestamp(&t));
    return t;
  }

  void synchronize() override { CB_CUDA_CHECK(cudaDeviceSynchronize()); }

  void begin_capture() override {
    DeliveredRecords::instance().clear();
    {
      std::lock_guard lock(capture_mutex_);
      capture_ = {};
    }
    set_activities(true);
    capturing_ = true;
    CB_CUPTI_CHECK(cuptiEnableDomain(1, subscriber_, CUPTI_CB_DOMAIN_RUNTIME_API));
  }

  CallCapture end_capture() override {
    if (capturing_) {
      capturing_ = false;
      CB_CUPTI_CHECK(cuptiEnableDomain(0, subscriber_, CUPTI_CB_DOMAIN_RUNTIME_API));
      set_activities(false);  // records already buffered stay and are delivered by flush()
    }
    std::lock_guard lock(capture_mutex_);
    return std::exchange(capture_, {});
  }

  std::vector<ActivityRecord> flush() override {
    CB_CUPTI_CHECK(cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED));
    return DeliveredRecords::instance().take();
  }

  std::uint64_t dropped_records() override { return DeliveredRecords::instance().take_dropped(); }

 private:
  static void CUPTIAPI on_runtime_call(void* userdata, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                                       const void* data) {
    if (domain != CUPTI_CB_DOMAIN_RUNTIME_API || data == nullptr) return;
    auto* self = static_cast<CuptiRecordSource*>(userdata);
    const auto& call = *static_cast<const CUpti_CallbackData*>(data);
    // A launch API that launches through another one is one launch: count the outermost.
    thread_local int launch_depth = 0;
    const bool launch = is_kernel_launch(cbid);
    if (call.callbackSite == CUPTI_API_ENTER) {
      if (self->capturing_.load(std::memory_order_relaxed)) {
        std::lock_guard lock(self->capture_mutex_);
        self->capture_.correlation_ids.insert(call.correlationId);
        if (launch && launch_depth == 0) ++self->capture_.launch_calls;
      }
      if (launch) ++launch_depth;
    } else if (launch && launch_depth > 0) {
      --launch_depth;
    }
  }

  void set_activities(bool on) {
    for (const CUpti_ActivityKind kind : kTracedKinds) {
      if (on)
        CB_CUPTI_CHECK(cuptiActivityEnable(kind));
      else
        CB_CUPTI_CHECK(cuptiActivityDisable(kind));
    }
  }

  // Undoes start(), whatever part of it ran: never throws (nobody is left to tell).
  void release() noexcept {
    for (const CUpti_ActivityKind kind : kTracedKinds) {
      try {
        CB_CUPTI_CHECK(cuptiActivityDisable(kind));
      } catch (const std::exception&) {
      }
    }
    if (subscriber_ != nullptr) {
      try {
        CB_CUPTI_CHECK(cuptiUnsubscribe(subscriber_));
      } catch (const std::exception&) {
      }
      subscriber_ = nullptr;
    }
    CuptiRecordSource* self = this;
    g_active_source.compare_exchange_strong(self, nullptr);
  }

  CUpti_SubscriberHandle subscriber_ = nullptr;
  bool started_ = false;
  std::string reason_;
  std::atomic<bool> capturing_{false};
  std::mutex capture_mutex_;
  CallCapture capture_;
};

}  // namespace

std::unique_ptr<RecordSource> make_cupti_record_source() { return std::make_unique<CuptiRecordSource>(); }

}  // namespace clampbench::cupti::detail
