// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// AllocationLedger: the single account of every tensor allocation and free, per device.
// Allocators report to it; the harness opens a scope around each builder call and reads the
// scope's totals. Counts are exact and deterministic, so tests assert them with ==.

#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "kernels/device.h"

namespace clampbench {

enum class LedgerEventKind : std::uint8_t { Alloc, Free, SegmentAlloc, SegmentFree };

struct LedgerEvent {
  LedgerEventKind kind;
  DeviceType device;
  const void* address;
  std::uint64_t bytes_requested;  // what the caller asked for
  std::uint64_t bytes_reserved;   // what the allocator set aside (rounded block or segment)
  Stream stream;
  std::uint64_t time_ns;  // steady clock, stamped by the ledger when it logs the event (else 0)
  // Host memory of the modelled code (kernels/host_planning.h): logged, and counted apart from
  // every device's counters, so that the host backend reports the allocator traffic a GPU has.
  bool host_side = false;
};

// Counters of one device over a window (a scope, or the ledger's whole life).
struct LedgerCounters {
  std::uint64_t allocations = 0;
  std::uint64_t frees = 0;
  std::uint64_t bytes_requested = 0;  // sum over allocations in the window
  std::uint64_t bytes_reserved = 0;   // sum over allocations in the window
  std::int64_t current_bytes = 0;     // requested bytes live now (may be < 0 in a scope that frees older tensors)
  std::int64_t peak_bytes = 0;        // highest current_bytes reached in the window, relative to its start
  std::uint64_t segments_created = 0;
  std::uint64_t segments_released = 0;
  std::uint64_t segment_bytes_created = 0;

  friend bool operator==(const LedgerCounters&, const LedgerCounters&) = default;
};

using PerDevice = std::array<LedgerCounters, kNumDeviceTypes>;

class AllocationLedger {
 public:
  void record(const LedgerEvent& event);

  // Totals since construction (or reset()).
  LedgerCounters totals(DeviceType device) const;
  // Totals of the host-side events: in no device's totals and in no scope.
  LedgerCounters host_side_totals() const;

  // Scopes nest; every open scope accumulates each event. Returns the scope id.
  int begin_scope(std::string name);
  // Closes the innermost scope, which must be `id`, and returns its counters per device.
  PerDevice end_scope(int id);

  // When enabled, every event is also appended to a log (for NVTX/CUPTI cross-checks, tests),
  // stamped with the steady clock; events are only timed while the log is on.
  void set_event_log(bool enabled);
  std::vector<LedgerEvent> take_event_log();

  void reset();

 private:
  struct Scope {
    int id;
    std::string name;
    PerDevice counters{};
  };
  static void apply(LedgerCounters& c, const LedgerEvent& e);

  mutable std::mutex mutex_;
  PerDevice totals_{};
  LedgerCounters host_side_totals_{};
  std::vector<Scope> scopes_;
  int next_scope_id_ = 1;
  bool log_enabled_ = false;
  std::vector<LedgerEvent> log_;
};

// RAII scope: LedgerScope s(ledger, "mamba/clamp"); ...; PerDevice c = s.close();
class LedgerScope {
 public:
  LedgerScope(AllocationLedger& ledger, std::string name);
  ~LedgerScope();
  LedgerScope(const LedgerScope&) = delete;
  LedgerScope& operator=(const LedgerScope&) = delete;
  PerDevice close();

 private:
  AllocationLedger& ledger_;
  int id_;
  bool open_ = true;
};

}  // namespace clampbench
