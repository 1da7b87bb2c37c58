// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The end of a run (session.cpp), after its cases: the passes that need them all, then the
// final results and the closing lines.

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "harness/results/case_result.h"
#include "harness/dump/dump.h"
#include "harness/results_file/results_file.h"
#include "harness/config/run_config.h"
#include "harness/session/detail/case_loop.h"
#include "harness/timing/timing.h"

namespace clampbench::detail {

// After the cases: the dump put in place, the callgrind pass (this run's cases and the
// resumed ones that lack counts), the side outputs, and the end of the run's conditions.
void after_cases(const RunConfig& config, TimingSession* timing, Dump& dump, ResultsFile& results,
                 std::vector<CaseResult>& cases, const std::optional<std::string>& bus_id,
                 std::vector<std::string>& internal_errors, std::ostream& log);

// The last write of the results, the verdict table and the closing lines; the exit code.
int close_run(const RunConfig& config, const RunProgress& progress, ResultsFile& results,
              const std::vector<CaseResult>& cases, std::vector<std::string>& internal_errors, std::ostream& log);

}  // namespace clampbench::detail
