// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which allocations one variant makes that another does not, op by op: the allocation traces
// (kernels/allocation_trace.h) of two builder calls compared as multisets of (op, tag, dtype,
// shape, bytes, device). What `clampbench explain` prints ("clamp_ saves: clamp (int32 [8],
// 32 B)") and what the dashboard tabulates.

#include <string>
#include <vector>

#include "kernels/allocation_trace.h"

namespace clampbench {

struct AllocationDiff {
  std::vector<TracedAllocation> saved;  // in base, not in head (base order)
  std::vector<TracedAllocation> added;  // in head, not in base (head order)
};

AllocationDiff diff_allocations(const std::vector<TracedAllocation>& base, const std::vector<TracedAllocation>& head);

// "clamp (int32 [8], 32 B)", or "clamp at mamba_prefix_caching:28 (int32 [8], 32 B)" when tagged.
std::string describe(const TracedAllocation& a);

// "clamp_ saves: clamp (int32 [8], 32 B) x2, add (int64 [8], 64 B)" / "clamp_ saves nothing";
// then, when head allocates something base does not, "; allocates instead: ...".
std::string describe_diff(const std::string& head_name, const AllocationDiff& d);

}  // namespace clampbench
