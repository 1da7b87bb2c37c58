// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/timing/detail/cuda_timer.h"

#include <cuda_runtime_api.h>

#include "kernels/cuda/cuda_check.h"

namespace clampbench::detail {

namespace {
cudaStream_t as_stream(Stream s) { return static_cast<cudaStream_t>(s.handle); }
cudaEvent_t as_event(void* e) { return static_cast<cudaEvent_t>(e); }
}  // namespace

CudaEventTimer::CudaEventTimer(Stream stream) : stream_(stream) {
  cudaEvent_t a = nullptr, b = nullptr;
  CB_CUDA_CHECK(cudaEventCreate(&a));
  const cudaError_t status = cudaEventCreate(&b);
  if (status != cudaSuccess) cudaEventDestroy(a);
  CB_CUDA_CHECK(status);
  start_ = a;
  stop_ = b;
}

CudaEventTimer::~CudaEventTimer() {
  // Destructors must not throw; a failure here cannot change a measurement already taken.
  cudaEventDestroy(as_event(start_));
  cudaEventDestroy(as_event(stop_));
}

void CudaEventTimer::start() { CB_CUDA_CHECK(cudaEventRecord(as_event(start_), as_stream(stream_))); }

double CudaEventTimer::stop_seconds() {
  CB_CUDA_CHECK(cudaEventRecord(as_event(stop_), as_stream(stream_)));
  CB_CUDA_CHECK(cudaEventSynchronize(as_event(stop_)));
  float ms = 0;
  CB_CUDA_CHECK(cudaEventElapsedTime(&ms, as_event(start_), as_event(stop_)));
  return static_cast<double>(ms) * 1e-3;
}

}  // namespace clampbench::detail
