// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Cross-check of the host cost (kernels/host_cost.h) with what the driver saw in the same
// scope: the runtime counts the kernels its CUDA backend launches from the op semantics, and
// CUPTI records every launch, so the two must be equal. Copies are checked as a floor: each
// copy between host and device, and each index-check readback, is at least one memcpy record
// (a check also resets its flag, which some kernels do with a memcpy to a symbol).

#include "harness/cupti/cross_check.h"
#include "kernels/host_cost.h"

namespace clampbench::cupti {

CrossCheck cross_check_launches(const ScopeStats& cupti, const HostCost& cost);

}  // namespace clampbench::cupti
