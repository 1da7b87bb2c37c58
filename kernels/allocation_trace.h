// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// AllocationTrace: every tensor allocation in order, with the op that made it (op name,
// dtype, shape, bytes), an optional source tag the caller sets (AllocationTag), and when it
// was freed. The ledger counts; this says which op each count belongs to. Scopes mirror the
// ledger's and write_order's: the harness opens one around each builder call. Per thread;
// nothing is recorded (and nothing costs) while no scope is open.

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/tensor.h"

namespace clampbench {

struct TracedAllocation {
  std::int64_t seq = 0;       // position among the scope's events (allocations and frees share it)
  std::string op;             // "clamp", "add", "empty", "from_vector", ...
  std::string tag;            // the innermost AllocationTag open at the time; "" when none
  DType dtype = DType::Int32;
  Dims shape;
  std::uint64_t bytes = 0;    // requested, as the ledger's bytes_requested
  DeviceType device = DeviceType::Host;
  std::int64_t freed_at = -1; // seq of its free; -1 when still alive when the scope closed
};

namespace allocation_trace {
namespace detail {
extern thread_local int open_scopes;
}
inline bool recording() { return detail::open_scopes > 0; }
bool tagged();  // an AllocationTag is open on this thread
// Called by Tensor::empty after the allocation succeeded, and by ~Storage.
void on_alloc(const Storage* storage, const char* op, DType dtype, const Dims& shape, std::uint64_t bytes,
              DeviceType device);
void on_free(const Storage* storage);
}  // namespace allocation_trace

// RAII: allocations made while it is open carry `tag` (e.g. "mamba_prefix_caching:28"); the
// innermost wins. clamp tags its own allocation with its call site when none is open.
class AllocationTag {
 public:
  explicit AllocationTag(std::string tag);
  ~AllocationTag();
  AllocationTag(const AllocationTag&) = delete;
  AllocationTag& operator=(const AllocationTag&) = delete;
};

// RAII scope: AllocationTraceScope s; ...builder...; std::vector<TracedAllocation> t = s.close();
class AllocationTraceScope {
 public:
  AllocationTraceScope();
  ~AllocationTraceScope();
  AllocationTraceScope(const AllocationTraceScope&) = delete;
  AllocationTraceScope& operator=(const AllocationTraceScope&) = delete;
  std::vector<TracedAllocation> close();  // must be the innermost open scope

 private:
  std::size_t depth_;
  bool open_ = true;
};

}  // namespace clampbench
