// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One input of `clampbench merge` (harness/merge/merge.h): a results file read by the one reader and
// checked on its own -- a clampbench results file, made with --shard, not interrupted, every
// case readable. What the shards must share is checked by merge.cpp.

#include <ctime>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/results/document.h"

namespace clampbench::detail {

struct ShardFile {
  std::string path;
  nlohmann::json environment;  // as written, for the comparison of settings
  Environment env;
  int index = 0;               // environment.shard.index
  std::vector<CaseResult> cases;
  Outcome outcome;
  bool with_traces = false;    // its variants carry allocation_trace (run --trace)
};

// Throws UsageError ("merge: 'PATH' ...", one line) when PATH is not a finished shard.
ShardFile load_shard(const std::string& path);

// How far a shard's start time may be ahead of the merge's clock before it is said: runners'
// clocks drift by seconds, and a shard is merged after it ran.
inline constexpr std::time_t kClockSlackS = 5 * 60;
// One line naming `f` and its start time when that time is more than kClockSlackS after
// `now`; "" otherwise.
std::string clock_warning(const ShardFile& f, std::time_t now);

}  // namespace clampbench::detail
