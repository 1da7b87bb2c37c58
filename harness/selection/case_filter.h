// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which cases and variants one `clampbench run` covers: the size set's points of each selected
// suite that pass every --axis filter and, when --case was given, are one of the named cases.
// Every pass (allocations, checks, timing), the dump and the results see only these.

#include <string>
#include <vector>

#include "harness/selection/case_id.h"
#include "harness/config/run_config.h"
#include "suites/suite.h"

namespace clampbench {

// "R=8", "R=[1,8]" or "R=1,8"; throws UsageError naming the text.
AxisFilter parse_axis_filter(const std::string& text);

// One case of the run: its suite, its point and its id.
struct SelectedCase {
  const Suite* suite;
  ParamPoint point;
  std::string id;  // case_id(*suite, point)
};
// Every selected case of `suites`, suite by suite and in each suite's size-set order: the
// order every pass runs them in and every output lists them in. With --shard, only the cases of
// that shard (harness/selection/shard.h), in the same order.
std::vector<SelectedCase> selected_cases(const std::vector<const Suite*>& suites, const RunConfig& config);

// The reference (variants[0]) and then those named by --variant (all when none was), in
// registration order.
std::vector<const Variant*> selected_variants(const Suite& suite, const RunConfig& config);

// Checks --axis names and --case ids against `suites` (already narrowed by --suite) and drops
// the suites left without a case; throws UsageError when a filter matches nothing.
std::vector<const Suite*> apply_case_filters(const RunConfig& config, const std::vector<const Suite*>& suites);

}  // namespace clampbench
