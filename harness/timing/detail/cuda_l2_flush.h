// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// NVBench's cold measurement: before a sample, overwrite a buffer as large as the device's L2
// so that the builder's kernels find their inputs in DRAM, not in the cache the previous call
// warmed (--l2-flush). Only compiled with CUDA; the header stays free of CUDA types.

#include <cstdint>

#include "kernels/device.h"

namespace clampbench::detail {

class CudaL2Flush {
 public:
  // A buffer the size of the current device's L2 (cudaDevAttrL2CacheSize), allocated with
  // cudaMalloc directly: not a builder allocation, so not the ledger's.
  explicit CudaL2Flush(Stream stream);
  ~CudaL2Flush();
  CudaL2Flush(const CudaL2Flush&) = delete;
  CudaL2Flush& operator=(const CudaL2Flush&) = delete;

  // cudaMemsetAsync over the buffer on the stream, then waits for it: the flush is not timed.
  void flush();
  std::int64_t bytes() const { return bytes_; }

 private:
  Stream stream_;
  void* buffer_ = nullptr;
  std::int64_t bytes_ = 0;
};

}  // namespace clampbench::detail
