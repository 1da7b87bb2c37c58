// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What one variant's host cost is and how another's differs, op by op: what `clampbench
// explain` prints beside the allocations ("clamp_ dispatches clamp_ x2 instead of clamp x2;
// launches and syncs the same").

#include <string>

#include "kernels/host_cost.h"

namespace clampbench {

// "12 ops, 12 launches, 0 syncs" and, where there are any, the syncs' ops ("; syncs: item x3"),
// copies and index-check readbacks.
std::string describe(const HostCost& c);

// "clamp_ dispatches clamp_ x2 instead of clamp x2; launches and syncs the same", or with the
// counts that moved ("launches 12 -> 13, syncs 0 -> 1 (+item)").
std::string describe_diff(const std::string& head_name, const HostCost& base, const HostCost& head);

}  // namespace clampbench
