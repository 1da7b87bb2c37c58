// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/timing/detail/cuda_l2_flush.h"

#include <cuda_runtime_api.h>

#include "kernels/cuda/cuda_check.h"

namespace clampbench::detail {

CudaL2Flush::CudaL2Flush(Stream stream) : stream_(stream) {
  int device = 0, l2 = 0;
  CB_CUDA_CHECK(cudaGetDevice(&device));
  CB_CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
  bytes_ = l2;
  if (bytes_ > 0) CB_CUDA_CHECK(cudaMalloc(&buffer_, static_cast<std::size_t>(bytes_)));
}

CudaL2Flush::~CudaL2Flush() {
  if (buffer_ != nullptr) cudaFree(buffer_);  // a destructor must not throw
}

void CudaL2Flush::flush() {
  if (buffer_ == nullptr) return;
  const auto stream = static_cast<cudaStream_t>(stream_.handle);
  CB_CUDA_CHECK(cudaMemsetAsync(buffer_, 0, static_cast<std::size_t>(bytes_), stream));
  CB_CUDA_CHECK(cudaStreamSynchronize(stream));
}

}  // namespace clampbench::detail
