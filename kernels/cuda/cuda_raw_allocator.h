// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// "raw": one cudaMalloc per tensor and one cudaFree when it dies; no cache. Each allocation
// is also its own segment in the ledger, since it is one request to the driver. reserved is
// the request rounded up to 512 bytes, the granularity cudaMalloc hands sub-allocations out
// at (its alignment is 256). Must outlive its tensors.

#include <memory>

#include "kernels/allocator.h"

namespace clampbench::detail {

class CudaRawAllocator final : public Allocator {
 public:
  using Allocator::Allocator;
  std::string_view name() const override { return "raw"; }
  DeviceType device() const override { return DeviceType::Cuda; }

 protected:
  Block do_allocate(std::size_t bytes, Stream stream) override;
  void do_release(const Block& block) override;
};

}  // namespace clampbench::detail
