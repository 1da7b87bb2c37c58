// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Device time of one builder call from a pair of CUDA events on the harness stream. Only
// compiled with CUDA (CLAMPBENCH_HAVE_CUDA); the header stays free of CUDA types.

#include "kernels/device.h"

namespace clampbench::detail {

class CudaEventTimer {
 public:
  explicit CudaEventTimer(Stream stream);
  ~CudaEventTimer();
  CudaEventTimer(const CudaEventTimer&) = delete;
  CudaEventTimer& operator=(const CudaEventTimer&) = delete;

  void start();
  // Records the stop event, waits for it, and returns the elapsed device time in seconds.
  double stop_seconds();

 private:
  Stream stream_;
  void* start_ = nullptr;  // cudaEvent_t
  void* stop_ = nullptr;
};

}  // namespace clampbench::detail
