// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The counting hooks ops.cpp calls for HostCost (kernels/host_cost.h). Each public op opens an
// OpCall with its name; only the outermost one on the thread counts as dispatched, and the
// syncs inside it are charged to it. While no scope is open anywhere, every hook is one load
// and a branch, inline: ops are timed and instruction-counted without a scope, and their cost
// must not move.

#include <atomic>
#include <cstdint>

#include "kernels/device.h"
#include "kernels/tensor.h"

namespace clampbench::detail {

// HostCostScopes open in the process (each counts only its own thread's ops).
extern std::atomic<int> host_cost_scopes;
inline bool host_cost_wanted() { return __builtin_expect(host_cost_scopes.load(std::memory_order_relaxed) != 0, 0); }

class OpCall {
 public:
  explicit OpCall(const char* name) {
    if (host_cost_wanted()) enter(name);
  }
  ~OpCall() {
    if (entered_) leave();
  }
  OpCall(const OpCall&) = delete;
  OpCall& operator=(const OpCall&) = delete;

 private:
  void enter(const char* name);
  void leave();
  bool entered_ = false;
};

// The counting itself, behind the inline tests below.
void count_launches_now(DeviceType device, std::int64_t kernels);
void count_read_to_host_now(const Tensor& t);
void count_sync_now(DeviceType device);
void count_copy_to_device_now(DeviceType device);
void count_synchronize_now();
void count_check_sync_now(DeviceType device);
void count_kernel_now(DeviceType device, std::int64_t readbacks);

// `kernels` launched for an op whose operands are on `device` (counted when it is resident).
inline void count_launches(DeviceType device, std::int64_t kernels = 1) {
  if (host_cost_wanted()) count_launches_now(device, kernels);
}
// A read of `t`'s data into host memory: one copy and one sync, charged to the current op,
// when `t` is on the device (not a host tensor of the scope's).
inline void count_read_to_host(const Tensor& t) {
  if (host_cost_wanted()) count_read_to_host_now(t);
}
// A wait with no copy (a data-dependent size) on `device`.
inline void count_sync(DeviceType device) {
  if (host_cost_wanted()) count_sync_now(device);
}
inline void count_copy_to_device(DeviceType device) {
  if (host_cost_wanted()) count_copy_to_device_now(device);
}
// An explicit synchronize: a wait on whichever device is resident, charged to "synchronize".
inline void count_synchronize() {
  if (host_cost_wanted()) count_synchronize_now();
}
// The backend's own index-check readback of a gather or scatter on `device`.
inline void count_check_sync(DeviceType device) {
  if (host_cost_wanted()) count_check_sync_now(device);
}

// A custom kernel (a fused builder's) launched over `work` elements, and the readbacks it makes
// to check its input; nothing for an empty `work`, as the CUDA launchers skip it.
inline void count_kernel(DeviceType device, std::int64_t work, std::int64_t readbacks = 0) {
  if (host_cost_wanted() && work > 0) count_kernel_now(device, readbacks);
}

}  // namespace clampbench::detail
