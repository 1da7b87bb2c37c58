// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// AllocationLedger: every event updates the totals and every open scope under one mutex, so
// nested scopes (a case around a builder call around one op) all see the same events.

#include "kernels/ledger.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <utility>

namespace clampbench {
namespace {
std::uint64_t now_ns() {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                        std::chrono::steady_clock::now().time_since_epoch())
                                        .count());
}
}  // namespace

void AllocationLedger::apply(LedgerCounters& c, const LedgerEvent& e) {
  const auto requested = static_cast<std::int64_t>(e.bytes_requested);
  switch (e.kind) {
    case LedgerEventKind::Alloc:
      c.allocations += 1;
      c.bytes_requested += e.bytes_requested;
      c.bytes_reserved += e.bytes_reserved;
      c.current_bytes += requested;
      c.peak_bytes = std::max(c.peak_bytes, c.current_bytes);
      break;
    case LedgerEventKind::Free:
      c.frees += 1;
      c.current_bytes -= requested;  // may go below 0 in a scope that frees older tensors
      break;
    case LedgerEventKind::SegmentAlloc:
      c.segments_created += 1;
      c.segment_bytes_created += e.bytes_reserved;
      break;
    case LedgerEventKind::SegmentFree:
      c.segments_released += 1;
      break;
  }
}

void AllocationLedger::record(const LedgerEvent& event) {
  const auto device = static_cast<std::size_t>(event.device);
  std::lock_guard lock(mutex_);
  if (event.host_side) {
    apply(host_side_totals_, event);
  } else {
    apply(totals_[device], event);
    for (Scope& scope : scopes_) apply(scope.counters[device], event);
  }
  if (log_enabled_) {
    log_.push_back(event);
    log_.back().time_ns = now_ns();
  }
}

LedgerCounters AllocationLedger::totals(DeviceType device) const {
  std::lock_guard lock(mutex_);
  return totals_[static_cast<std::size_t>(device)];
}

LedgerCounters AllocationLedger::host_side_totals() const {
  std::lock_guard lock(mutex_);
  return host_side_totals_;
}

int AllocationLedger::begin_scope(std::string name) {
  std::lock_guard lock(mutex_);
  const int id = next_scope_id_++;
  scopes_.push_back(Scope{id, std::move(name), PerDevice{}});
  return id;
}

PerDevice AllocationLedger::end_scope(int id) {
  std::lock_guard lock(mutex_);
  if (scopes_.empty()) throw std::logic_error("AllocationLedger::end_scope: no scope is open");
  if (scopes_.back().id != id) {
    throw std::logic_error("AllocationLedger::end_scope: scope " + std::to_string(id) +
                           " is not the innermost open scope ('" + scopes_.back().name + "', id " +
                           std::to_string(scopes_.back().id) + ")");
  }
  PerDevice counters = scopes_.back().counters;
  scopes_.pop_back();
  return counters;
}

void AllocationLedger::set_event_log(bool enabled) {
  std::lock_guard lock(mutex_);
  log_enabled_ = enabled;
}

std::vector<LedgerEvent> AllocationLedger::take_event_log() {
  std::lock_guard lock(mutex_);
  return std::exchange(log_, {});
}

// Clears the totals and the log; open scopes stay open (their owners will close them).
void AllocationLedger::reset() {
  std::lock_guard lock(mutex_);
  totals_ = PerDevice{};
  host_side_totals_ = LedgerCounters{};
  log_.clear();
}

LedgerScope::LedgerScope(AllocationLedger& ledger, std::string name)
    : ledger_(ledger), id_(ledger.begin_scope(std::move(name))) {}

LedgerScope::~LedgerScope() {
  if (!open_) return;
  try {
    ledger_.end_scope(id_);
  } catch (const std::logic_error&) {
    // Misnested scopes are reported by close(); a destructor must not throw.
  }
}

PerDevice LedgerScope::close() {
  if (!open_) throw std::logic_error("LedgerScope::close: scope already closed");
  open_ = false;
  return ledger_.end_scope(id_);
}

}  // namespace clampbench
