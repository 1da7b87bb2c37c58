// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The runtime context: which allocator each device allocates from, which stream ops launch
// on, and the ledger they all report to. One per thread of work; tests and the harness swap
// allocators with AllocatorGuard.

#include "kernels/allocator.h"
#include "kernels/ledger.h"

namespace clampbench {

class Runtime {
 public:
  static Runtime& current();

  AllocationLedger& ledger() { return ledger_; }
  Allocator& allocator(DeviceType device);
  void set_allocator(DeviceType device, Allocator* allocator);  // nullptr restores the default
  // The allocator installed for `device` without creating a default: nullptr while the lazy
  // cuda default has not been made yet (AllocatorGuard saves and restores this).
  Allocator* installed_allocator(DeviceType device) const { return allocators_[static_cast<int>(device)]; }
  // Host memory of the modelled code: what vLLM keeps in numpy arrays, *_cpu tensors and
  // pinned staging (kernels/host_planning.h). Pageable on both backends; its blocks are booked
  // apart from every device's counters.
  Allocator& host_side_allocator() { return *host_side_; }
  Stream stream() const { return stream_; }
  // Blocks until all work queued on the current stream has finished (no-op on host).
  void synchronize();

 private:
  Runtime();
  AllocationLedger ledger_;
  Allocator* allocators_[kNumDeviceTypes] = {};
  Allocator* host_side_ = nullptr;
  Stream stream_{};
};

class AllocatorGuard {
 public:
  AllocatorGuard(DeviceType device, Allocator* allocator);
  ~AllocatorGuard();
  AllocatorGuard(const AllocatorGuard&) = delete;
  AllocatorGuard& operator=(const AllocatorGuard&) = delete;

 private:
  DeviceType device_;
  Allocator* previous_;
};

}  // namespace clampbench
