// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the driver saw: a tracer collects CUPTI activity records (allocations, releases,
// kernels, memcpy, memset) for one harness scope at a time. The runner only sees this
// interface; the CUPTI implementation and the fake used by tests live behind it.

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace clampbench::cupti {

struct MemoryKindStats {
  std::uint64_t allocations = 0;
  std::uint64_t releases = 0;
  std::uint64_t bytes_allocated = 0;
  std::uint64_t bytes_released = 0;
};

// Memory pool events (CUPTI_ACTIVITY_KIND_MEMORY_POOL): a stream-ordered pool was created,
// destroyed or trimmed inside the scope.
struct MemoryPoolStats {
  std::uint64_t created = 0;
  std::uint64_t destroyed = 0;
  std::uint64_t trimmed = 0;
};

struct ScopeStats {
  bool available = false;
  std::string reason;                              // why not, when !available
  std::map<std::string, MemoryKindStats> by_kind;  // "device", "pinned", "managed", ...
  std::uint64_t allocations = 0, releases = 0, bytes = 0;  // totals over kinds
  std::uint64_t kernels = 0;
  std::uint64_t memcpy_count = 0, memcpy_bytes = 0;
  std::uint64_t memset_count = 0, memset_bytes = 0;
  std::uint64_t launch_calls = 0;  // runtime launch API calls seen by the callback API
  // CUPTI-only figures:
  MemoryPoolStats memory_pool;
  std::uint64_t dropped_records = 0;  // CUPTI dropped records: the figures above are then incomplete
  std::uint64_t attributed_by_correlation = 0;  // records matched to a runtime call made in the scope
  std::uint64_t attributed_by_time = 0;         // records matched only by their timestamp
};

class Tracer {
 public:
  virtual ~Tracer() = default;
  virtual bool available() const = 0;
  virtual std::string unavailable_reason() const = 0;
  // Scopes do not nest; the runner opens one around each measured builder call.
  virtual void begin_scope(const std::string& name) = 0;
  // Synchronizes the device, flushes CUPTI buffers and returns what fell inside the scope.
  virtual ScopeStats end_scope() = 0;
};

// The real tracer when CUDA is compiled in and a device is present and CUPTI can subscribe;
// otherwise an unavailable tracer carrying the reason. Never throws.
std::unique_ptr<Tracer> make_tracer(bool want_cuda);

}  // namespace clampbench::cupti
