// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The host-cost scope and the hooks ops call into it.

#include "kernels/host_cost.h"

#include <stdexcept>

#include "kernels/detail/op_call.h"

namespace clampbench {

namespace {

struct Counting {
  HostCost* cost = nullptr;
  std::optional<DeviceType> device;
  int depth = 0;              // OpCalls open on the thread inside the scope
  const char* op = nullptr;   // the outermost one: syncs are charged to it
};
thread_local Counting counting_state;

// The scope's cost when `device` is resident in it, else nullptr.
HostCost* on_device(DeviceType device) {
  Counting& c = counting_state;
  return c.cost != nullptr && c.device == device ? c.cost : nullptr;
}

void charge_sync(HostCost& cost, const char* op) {
  ++cost.syncs;
  ++cost.sync_ops[op];
}

void charge_sync(HostCost& cost) { charge_sync(cost, counting_state.op != nullptr ? counting_state.op : "(outside an op)"); }

}  // namespace

HostCostScope::HostCostScope(std::optional<DeviceType> device) : device_(device) {
  if (counting_state.cost != nullptr) throw std::logic_error("HostCostScope: a scope is already open on this thread");
  counting_state = Counting{&cost_, device, 0, nullptr};
}

HostCostScope::~HostCostScope() {
  if (open_) counting_state = Counting{};
}

HostCost HostCostScope::close() {
  if (open_) counting_state = Counting{};
  open_ = false;
  return cost_;
}

namespace host_cost {
bool counting() { return counting_state.cost != nullptr; }
}  // namespace host_cost

namespace detail {

OpCall::OpCall(const char* name) {
  Counting& c = counting_state;
  if (c.cost == nullptr) return;
  entered_ = true;
  if (c.depth++ > 0) return;
  c.op = name;
  ++c.cost->ops;
  ++c.cost->by_op[name];
}

OpCall::~OpCall() {
  if (!entered_ || counting_state.cost == nullptr) return;
  if (--counting_state.depth == 0) counting_state.op = nullptr;
}

void count_launches(DeviceType device, std::int64_t kernels) {
  if (HostCost* cost = on_device(device)) cost->launches += kernels;
}

void count_read_to_host(DeviceType device) {
  if (HostCost* cost = on_device(device)) {
    ++cost->d2h_copies;
    charge_sync(*cost);
  }
}

void count_sync(DeviceType device) {
  if (HostCost* cost = on_device(device)) charge_sync(*cost);
}

void count_synchronize() {
  Counting& c = counting_state;
  if (c.cost != nullptr && c.device.has_value()) charge_sync(*c.cost, "synchronize");
}

void count_copy_to_device(DeviceType device) {
  if (HostCost* cost = on_device(device)) ++cost->h2d_copies;
}

void count_check_sync(DeviceType device) {
  if (HostCost* cost = on_device(device)) ++cost->check_syncs;
}

}  // namespace detail
}  // namespace clampbench
