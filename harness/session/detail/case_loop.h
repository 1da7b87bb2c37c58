// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The run's cases one by one (session.cpp): each measured, dumped, logged with the run's
// progress and checkpointed to the results file before the next.

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "harness/selection/case_filter.h"
#include "harness/results/case_result.h"
#include "harness/dump/dump.h"
#include "harness/results_file/results_file.h"
#include "harness/runner/runner.h"

namespace clampbench::detail {

// Where the run stands, for each case's progress line and the closing one.
struct RunProgress {
  std::chrono::steady_clock::time_point start;
  std::size_t already;  // resumed cases
  std::size_t planned;  // the whole selection, resumed cases included
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); }
};

// The selected cases not resumed, in order, until a signal stops the run. `keep_traces`: the
// run writes the allocation traces (--trace, --trace-out); otherwise each case's are dropped.
std::vector<CaseResult> run_cases(const std::vector<SelectedCase>& selection, const RunProgress& progress,
                                  Runner& runner, Dump& dump, ResultsFile& results, bool keep_traces,
                                  std::vector<std::string>& internal_errors, std::ostream& log);

}  // namespace clampbench::detail
