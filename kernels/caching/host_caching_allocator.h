// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The caching policy on host memory: segments come from malloc. It lets the harness model
// `--allocator caching` on the host backend (same blocks, splits, reuse and counters as on a
// GPU, for the same request sequence) and lets tests exercise the policy without a device.

#include <cstddef>
#include <memory>

#include "kernels/allocator.h"
#include "kernels/caching/segment_source.h"

namespace clampbench::caching {

// Segments from std::malloc (aligned to 512 bytes, like cudaMalloc's 256 or more).
// With a limit, a request that would take the live segment bytes above it returns nullptr,
// which is how tests drive the out-of-memory path.
class MallocSegmentSource final : public SegmentSource {
 public:
  explicit MallocSegmentSource(std::size_t limit_bytes = 0) : limit_(limit_bytes) {}
  void* allocate_segment(std::size_t bytes, Stream stream) override;
  void release_segment(void* ptr, std::size_t bytes, Stream stream) override;
  std::size_t live_bytes() const { return live_; }

 private:
  std::size_t limit_;  // 0: none
  std::size_t live_ = 0;
};

}  // namespace clampbench::caching

namespace clampbench {
// A host (DeviceType::Host) allocator named "caching" with the CUDA caching policy.
std::unique_ptr<Allocator> make_host_caching_allocator(AllocationLedger* ledger);
}  // namespace clampbench
