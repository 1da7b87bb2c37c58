// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// HostCost: what a builder call costs the host besides its allocations -- the ops it
// dispatches, the kernels a device backend launches for them, and every point where the host
// waits for the device. A metadata builder runs on the host before each step, so a sync there
// stalls the step. The op semantics decide every count, not timing: a device resident in the
// scope decides which tensors are "on the device", so the host backend, standing in for it,
// counts what the CUDA backend does, exactly and deterministically.
// Per thread, one scope at a time; ops run outside a scope count nothing.

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "kernels/device.h"
#include "kernels/tensor.h"

namespace clampbench {

struct HostCost {
  std::int64_t ops = 0;           // ops the caller dispatched (an op's own inner ops are not)
  std::map<std::string, std::int64_t> by_op;
  std::int64_t launches = 0;      // kernels the device backend launches for them
  std::int64_t syncs = 0;         // the builder's waits for the device (scalar reads, reads into
                                  // host memory, data-dependent sizes, explicit synchronize)
  std::map<std::string, std::int64_t> sync_ops;  // by the op the builder called
  std::int64_t h2d_copies = 0;
  std::int64_t d2h_copies = 0;    // each also a sync
  std::int64_t check_syncs = 0;   // the CUDA backend's own index-check readbacks (gather, scatter)

  friend bool operator==(const HostCost&, const HostCost&) = default;
};

// RAII: HostCostScope s(DeviceType::Cuda); ...builder...; HostCost c = s.close();
// `device`: the device whose tensors count as device-resident (the case's device for a
// builder whose tensors are on the GPU in vLLM, the host standing in for it on the host
// backend); nullopt for a builder of host tensors: ops only, nothing launches or syncs.
// Host-side tensors (kernels/host_planning.h: vLLM's CPU tensors and numpy arrays) are never
// device-resident, whatever their backend's memory.
class HostCostScope {
 public:
  explicit HostCostScope(std::optional<DeviceType> device);
  ~HostCostScope();
  HostCostScope(const HostCostScope&) = delete;
  HostCostScope& operator=(const HostCostScope&) = delete;
  HostCost close();

 private:
  HostCost cost_;
  bool open_ = true;
};

// While alive, nothing on this thread counts: a builder's own bookkeeping for the harness
// (reading device data to report its order-dependent writes) is not the builder's cost.
class HostCostPause {
 public:
  HostCostPause();
  ~HostCostPause();
  HostCostPause(const HostCostPause&) = delete;
  HostCostPause& operator=(const HostCostPause&) = delete;
};

namespace host_cost {
// True while a scope is open on this thread.
bool counting();
}  // namespace host_cost

}  // namespace clampbench
