// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The counting hooks ops.cpp calls for HostCost (kernels/host_cost.h). Each public op opens an
// OpCall with its name; only the outermost one on the thread counts as dispatched, and the
// syncs inside it are charged to it. Every hook is one thread-local test when no scope is open.

#include <cstdint>

#include "kernels/device.h"
#include "kernels/tensor.h"

namespace clampbench::detail {

class OpCall {
 public:
  explicit OpCall(const char* name);
  ~OpCall();
  OpCall(const OpCall&) = delete;
  OpCall& operator=(const OpCall&) = delete;

 private:
  bool entered_ = false;
};

// `kernels` launched for an op whose operands are on `device` (counted when it is resident).
void count_launches(DeviceType device, std::int64_t kernels = 1);
// A read of `t`'s data into host memory: one copy and one sync, charged to the current op,
// when `t` is on the device (not a host tensor of the scope's).
void count_read_to_host(const Tensor& t);
// A wait with no copy (an explicit synchronize, a data-dependent size) on `device`.
void count_sync(DeviceType device);
void count_copy_to_device(DeviceType device);
// An explicit synchronize: a wait on whichever device is resident, charged to "synchronize".
void count_synchronize();
// The backend's own index-check readback of a gather or scatter on `device`.
void count_check_sync(DeviceType device);

}  // namespace clampbench::detail
