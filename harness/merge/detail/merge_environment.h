// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The environment of a merged results file (harness/merge/merge.h): the shards agree on every
// setting (checked before); what each measured on its own is joined so that nothing a shard
// saw is hidden -- the earliest start time, every host name, the highest load, a placement
// field only where all shards agree (else null) -- and the rest is shard 1's.

#include <string>
#include <vector>

#include "harness/results/document.h"

namespace clampbench::detail {

// `shards`: in shard order, at least one. `command_line`: the merge's argv.
Environment merged_environment(const std::vector<Environment>& shards, const std::vector<std::string>& command_line);

}  // namespace clampbench::detail
