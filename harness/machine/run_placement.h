// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where the run was placed, recorded beside its times: whether its address space was
// randomised (a run under `setarch -R` is not) and which CPUs it was allowed (a run under
// `taskset` is pinned). Both change the run-to-run spread of the times, so two sets of runs are
// only comparable with the same placement (docs/time-gate.md has the measurements).

#include <optional>
#include <vector>

namespace clampbench {

// environment.placement; nullopt where unknown.
struct RunPlacement {
  std::optional<bool> aslr;
  std::optional<std::vector<int>> cpus_allowed;
};

RunPlacement query_run_placement();

}  // namespace clampbench
