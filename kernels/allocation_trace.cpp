// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The thread's stack of open allocation-trace scopes and tags. Each scope numbers its own
// events and finds a free's allocation by storage identity among the ones it saw alive.

#include "kernels/allocation_trace.h"

#include <stdexcept>
#include <unordered_map>
#include <utility>

namespace clampbench {
namespace {
struct Trace {
  std::vector<TracedAllocation> allocations;
  std::unordered_map<const Storage*, std::size_t> live;  // storage -> index in allocations
  std::int64_t next_seq = 0;
};
thread_local std::vector<Trace> scopes;
thread_local std::vector<std::string> tags;
}  // namespace

namespace allocation_trace {
namespace detail {
thread_local int open_scopes = 0;
}

void on_alloc(const Storage* storage, const char* op, DType dtype, const Dims& shape, std::uint64_t bytes,
              DeviceType device) {
  for (Trace& t : scopes) {
    t.live[storage] = t.allocations.size();
    t.allocations.push_back(
        TracedAllocation{t.next_seq++, op, tags.empty() ? std::string() : tags.back(), dtype, shape, bytes, device, -1});
  }
}

bool tagged() { return !tags.empty(); }

void on_free(const Storage* storage) {
  for (Trace& t : scopes) {
    auto it = t.live.find(storage);
    if (it == t.live.end()) continue;  // allocated before the scope opened
    t.allocations[it->second].freed_at = t.next_seq++;
    t.live.erase(it);
  }
}
}  // namespace allocation_trace

AllocationTag::AllocationTag(std::string tag) { tags.push_back(std::move(tag)); }
AllocationTag::~AllocationTag() { tags.pop_back(); }

AllocationTraceScope::AllocationTraceScope() : depth_(scopes.size()) {
  scopes.emplace_back();
  allocation_trace::detail::open_scopes = static_cast<int>(scopes.size());
}

AllocationTraceScope::~AllocationTraceScope() {
  if (open_ && scopes.size() == depth_ + 1) close();
}

std::vector<TracedAllocation> AllocationTraceScope::close() {
  if (!open_) throw std::logic_error("AllocationTraceScope::close: scope already closed");
  if (scopes.size() != depth_ + 1) throw std::logic_error("AllocationTraceScope::close: not the innermost scope");
  open_ = false;
  std::vector<TracedAllocation> caught = std::move(scopes.back().allocations);
  scopes.pop_back();
  allocation_trace::detail::open_scopes = static_cast<int>(scopes.size());
  return caught;
}

}  // namespace clampbench
