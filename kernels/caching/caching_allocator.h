// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// CachingAllocator: an Allocator whose policy is CachingPolicy, over any SegmentSource. The
// cuda "caching" allocator is this over cudaMalloc; the host model is this over malloc. Each
// block handed out is one ledger allocation (bytes_reserved = the rounded block size); each
// segment obtained or released is one ledger segment event, so the ledger sees both what the
// program asked for and what the allocator took from the system.
//
// Lifetime: the allocator must outlive every tensor allocated from it, and its ledger must
// outlive it. The destructor returns cached segments (reporting them to the ledger) and never
// throws.

#include <memory>
#include <optional>
#include <string>

#include "kernels/allocator.h"
#include "kernels/caching/caching_policy.h"
#include "kernels/caching/segment_source.h"

namespace clampbench::caching {

class CachingAllocator final : public Allocator, private SegmentSource {
 public:
  CachingAllocator(std::string name, DeviceType device, std::unique_ptr<SegmentSource> system,
                   AllocationLedger* ledger);
  ~CachingAllocator() override;

  std::string_view name() const override { return name_; }
  DeviceType device() const override { return device_; }
  void empty_cache() override;

  CachingStats stats() const { return policy_.stats(); }
  void reset_peak_stats() { policy_.reset_peak_stats(); }
  void reset_accumulated_stats() { policy_.reset_accumulated_stats(); }

 protected:
  Block do_allocate(std::size_t bytes, Stream stream) override;
  void do_release(const Block& block) override;

 private:
  // SegmentSource, seen by the policy: forwards to the system source and tells the ledger.
  void* allocate_segment(std::size_t bytes, Stream stream) override;
  void release_segment(void* ptr, std::size_t bytes, Stream stream) override;

  std::string name_;
  DeviceType device_;
  std::unique_ptr<SegmentSource> system_;
  CachingPolicy policy_;  // after system_: destroyed (releasing segments) before it
};

// The caching counters of `allocator` when it is a CachingAllocator, for reports.
std::optional<CachingStats> caching_stats_of(const Allocator& allocator);

}  // namespace clampbench::caching
