// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The process-wide runtime context and the choice of backend per device.

#include "kernels/runtime.h"

#include <memory>
#include <mutex>

#include "kernels/allocators.h"
#include "kernels/detail/backend.h"
#include "kernels/detail/op_call.h"

namespace clampbench {
namespace {

// The default allocators. They, like the Runtime itself, are never destroyed: tensors with
// static storage duration (test fixtures, caches) may die after any other static object, and
// a CUDA allocator must not return memory to a runtime that is already torn down at exit.
struct Defaults {
  std::mutex mutex;
  Allocator* allocator[kNumDeviceTypes] = {};
  bool cuda_used = false;  // a cuda allocator was created or installed: synchronize() must sync
};
Defaults& defaults() {
  static auto* d = new Defaults();
  return *d;
}

}  // namespace

Runtime& Runtime::current() {
  static Runtime* runtime = new Runtime();  // intentionally leaked, see Defaults
  return *runtime;
}

Runtime::Runtime() {
  Defaults& d = defaults();
  d.allocator[static_cast<int>(DeviceType::Host)] = make_host_allocator(&ledger_).release();
  allocators_[static_cast<int>(DeviceType::Host)] = d.allocator[static_cast<int>(DeviceType::Host)];
  host_side_ = make_host_allocator(&ledger_, true).release();  // never destroyed, see Defaults
}

Allocator& Runtime::allocator(DeviceType device) {
  const int i = static_cast<int>(device);
  if (allocators_[i] != nullptr) return *allocators_[i];
  // Only the cuda default is lazy: creating it needs a device, which host-only runs lack.
  Defaults& d = defaults();
  std::lock_guard lock(d.mutex);
  if (d.allocator[i] == nullptr) d.allocator[i] = make_cuda_allocator("caching", &ledger_).release();
  d.cuda_used = true;
  allocators_[i] = d.allocator[i];
  return *allocators_[i];
}

void Runtime::set_allocator(DeviceType device, Allocator* allocator) {
  const int i = static_cast<int>(device);
  Defaults& d = defaults();
  std::lock_guard lock(d.mutex);
  if (device == DeviceType::Cuda && allocator != nullptr) d.cuda_used = true;
  allocators_[i] = allocator != nullptr ? allocator : d.allocator[i];
}

void Runtime::synchronize() {
  detail::count_synchronize();
  bool cuda_used = false;
  {
    Defaults& d = defaults();
    std::lock_guard lock(d.mutex);
    cuda_used = d.cuda_used;
  }
  if (cuda_used) detail::backend_for(DeviceType::Cuda).synchronize(stream_);
}

AllocatorGuard::AllocatorGuard(DeviceType device, Allocator* allocator)
    : device_(device), previous_(Runtime::current().installed_allocator(device)) {
  Runtime::current().set_allocator(device, allocator);
}

AllocatorGuard::~AllocatorGuard() { Runtime::current().set_allocator(device_, previous_); }

namespace detail {
Backend& backend_for(DeviceType device) {
  return device == DeviceType::Host ? host_backend() : cuda_backend();
}
}  // namespace detail

}  // namespace clampbench
