// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <optional>

#include "harness/timing/detail/interleaved_loop.h"
#include "kernels/runtime.h"
#if CLAMPBENCH_HAVE_CUDA
#include "harness/timing/detail/cuda_l2_flush.h"
#include "harness/timing/detail/cuda_timer.h"
#endif

namespace clampbench::detail {

// The device side of one case's timing: CUDA events around each batch and, with --l2-flush,
// a cold L2 before each sample. Without CUDA, or for host time, it adds nothing to a call.
class DeviceClock {
 public:
  DeviceClock(bool device_time, bool l2_flush, LoopConfig& loop) {
#if CLAMPBENCH_HAVE_CUDA
    if (device_time) timer_.emplace(Runtime::current().stream());
    if (device_time && l2_flush) {
      l2_.emplace(Runtime::current().stream());
      loop.sample_time_s = 0;  // one call per sample: each one starts from a cold L2
    }
#else
    (void)device_time, (void)l2_flush, (void)loop;
#endif
  }
  DeviceClock(const DeviceClock&) = delete;  // the calls it made hold on to it
  DeviceClock& operator=(const DeviceClock&) = delete;

  LoopCall loop_call(const std::function<void()>& call) {
    LoopCall lc{call, {}, {}};
#if CLAMPBENCH_HAVE_CUDA
    if (timer_) lc.device_seconds = [this](const std::function<void()>& batch) {
      timer_->start();
      batch();
      return timer_->stop_seconds();
    };
    if (l2_) lc.before_sample = [this] { l2_->flush(); };
#endif
    return lc;
  }

 private:
#if CLAMPBENCH_HAVE_CUDA
  std::optional<CudaEventTimer> timer_;
  std::optional<CudaL2Flush> l2_;
#endif
};

}  // namespace clampbench::detail
