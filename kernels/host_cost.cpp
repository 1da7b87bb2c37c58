// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The host-cost scope and the hooks ops call into it.

#include "kernels/host_cost.h"

#include <stdexcept>

#include "kernels/detail/op_call.h"
#include "kernels/host_planning_region.h"

namespace clampbench {

namespace detail {
std::atomic<int> host_cost_scopes{0};
}  // namespace detail

namespace {

struct Counting {
  HostCost* cost = nullptr;
  std::optional<DeviceType> device;
  int depth = 0;              // OpCalls open on the thread inside the scope
  const char* op = nullptr;   // the outermost one: syncs are charged to it
  int paused = 0;             // HostCostPause guards alive
};
thread_local Counting counting_state;

// The scope's cost when `device` is resident in it (and counting is not paused), else nullptr.
HostCost* on_device(DeviceType device) {
  Counting& c = counting_state;
  return c.cost != nullptr && c.paused == 0 && c.device == device ? c.cost : nullptr;
}

void charge_sync(HostCost& cost, const char* op) {
  ++cost.syncs;
  ++cost.sync_ops[op];
}

void charge_sync(HostCost& cost) { charge_sync(cost, counting_state.op != nullptr ? counting_state.op : "(outside an op)"); }

// Closes the thread's scope; pauses outlive it.
void end_counting() {
  detail::host_cost_scopes.fetch_sub(1, std::memory_order_relaxed);
  const int paused = counting_state.paused;
  counting_state = Counting{};
  counting_state.paused = paused;
}

}  // namespace

HostCostScope::HostCostScope(std::optional<DeviceType> device) {
  if (counting_state.cost != nullptr) throw std::logic_error("HostCostScope: a scope is already open on this thread");
  counting_state = Counting{&cost_, device, 0, nullptr, counting_state.paused};
  detail::host_cost_scopes.fetch_add(1, std::memory_order_relaxed);
}

HostCostScope::~HostCostScope() {
  if (open_) end_counting();
}

HostCost HostCostScope::close() {
  if (open_) end_counting();
  open_ = false;
  return cost_;
}

HostCostPause::HostCostPause() { ++counting_state.paused; }
HostCostPause::~HostCostPause() { --counting_state.paused; }

namespace host_cost {
bool counting() { return counting_state.cost != nullptr; }
}  // namespace host_cost

namespace detail {

void OpCall::enter(const char* name) {
  Counting& c = counting_state;
  if (c.cost == nullptr || c.paused > 0) return;
  entered_ = true;
  if (c.depth++ > 0) return;
  c.op = name;
  ++c.cost->ops;
  ++c.cost->by_op[name];
}

void OpCall::leave() {
  if (counting_state.cost == nullptr) return;
  if (--counting_state.depth == 0) counting_state.op = nullptr;
}

void count_launches_now(DeviceType device, std::int64_t kernels) {
  if (host_planning::active()) return;  // ops on host-side tensors: the host's own work
  if (HostCost* cost = on_device(device)) cost->launches += kernels;
}

void count_read_to_host_now(const Tensor& t) {
  HostCost* cost = on_device(t.device());
  if (cost != nullptr && !t.host_side()) {
    ++cost->d2h_copies;
    charge_sync(*cost);
  }
}

void count_sync_now(DeviceType device) {
  if (HostCost* cost = on_device(device)) charge_sync(*cost);
}

void count_synchronize_now() {
  Counting& c = counting_state;
  if (c.cost != nullptr && c.paused == 0 && c.device.has_value()) charge_sync(*c.cost, "synchronize");
}

void count_copy_to_device_now(DeviceType device) {
  if (HostCost* cost = on_device(device)) ++cost->h2d_copies;
}

void count_kernel_now(DeviceType device, std::int64_t readbacks) {
  if (HostCost* cost = on_device(device)) {
    ++cost->launches;
    cost->check_syncs += readbacks;
  }
}

void count_check_sync_now(DeviceType device) {
  if (HostCost* cost = on_device(device)) ++cost->check_syncs;
}

}  // namespace detail
}  // namespace clampbench
