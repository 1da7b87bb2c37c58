// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// `clampbench merge`: the results files of the N shards of one run (run --shard I/N) joined
// into the document the unsharded run writes: every case in the unsharded run's order (the
// selection this build makes of the shards' recorded selection), the summary and outcome
// computed again from them. Everything that shapes a case's results must agree between the
// shards -- the build, the settings, the selection, the seed, the expectations, the shard
// count -- and together they must hold every case of the selection exactly once, each in the
// shard its id hashes to (harness/selection/shard.h); anything else is refused (UsageError, one line
// naming the files and the difference). The environment's measured fields are joined: the
// earliest start time, every host name, the highest load; the rest is the first shard's.

#include <string>
#include <vector>

#include "harness/results/document.h"
#include "suites/suite.h"

namespace clampbench {

// `command_line`: the merge's argv, recorded as the merged file's environment.command_line.
// `warnings` gets a line for each shard whose start time is ahead of this machine's clock
// (detail/shard_file.h, clock_warning): said, not refused, as its results are sound.
RunDocument merge_shards(const std::vector<std::string>& paths, const std::vector<Suite>& suites,
                         const std::vector<std::string>& command_line, std::vector<std::string>& warnings);

}  // namespace clampbench
