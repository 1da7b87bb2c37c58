// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// "pinned": host tensors in page-locked memory (cudaMallocHost/cudaFreeHost), so copies to
// and from the device are true DMA. A host allocator (DeviceType::Host); reserved =
// requested, as the runtime does not expose cudaMallocHost's page rounding. Must outlive its
// tensors.

#include "kernels/allocator.h"

namespace clampbench::detail {

class CudaPinnedHostAllocator final : public Allocator {
 public:
  using Allocator::Allocator;
  std::string_view name() const override { return "pinned"; }
  DeviceType device() const override { return DeviceType::Host; }

 protected:
  Block do_allocate(std::size_t bytes, Stream stream) override;
  void do_release(const Block& block) override;
};

}  // namespace clampbench::detail
