// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// "async": cudaMallocAsync/cudaFreeAsync on the block's stream, i.e. the driver's stream-
// ordered pool (the device's default memory pool) does the caching. Its rounding and its
// segments are invisible to the runtime API, so reserved = requested and no segment events
// are reported: the ledger shows what the program asked for, the pool's footprint is the
// driver's. Must outlive its tensors.

#include "kernels/allocator.h"

namespace clampbench::detail {

class CudaAsyncAllocator final : public Allocator {
 public:
  // Throws TensorError(Device) when the current device has no memory-pool support.
  explicit CudaAsyncAllocator(AllocationLedger* ledger);
  std::string_view name() const override { return "async"; }
  DeviceType device() const override { return DeviceType::Cuda; }
  // Trims the device's default pool to what is in use (cudaMemPoolTrimTo after a sync).
  void empty_cache() override;

 protected:
  Block do_allocate(std::size_t bytes, Stream stream) override;
  void do_release(const Block& block) override;
};

}  // namespace clampbench::detail
