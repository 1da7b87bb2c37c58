// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// `run --resume FILE`: the cases an earlier run of the same settings finished (FILE is its
// results file, complete or left by an interrupted or killed run) are taken as they are, and
// only the others run. The two runs must agree on everything that shapes a case's results:
// the selection, sizes, seed, backend, allocator, timing and instruction settings, the plant
// and the build; anything else is refused before any work (exit 2).

#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/case_filter.h"
#include "harness/results_document.h"

namespace clampbench {

struct ResumedRun {
  std::string path;               // "" when not resuming
  std::vector<CaseResult> cases;  // FILE's cases, in its order (results_reader.h)
  std::set<std::string> case_ids;
  Outcome outcome;                // FILE's, merged with this run's (merge_outcomes)
};

// The settings of `environment` (a results file's, as written) that two runs must share to
// be one run.
nlohmann::json resume_key(const nlohmann::json& environment);

// Reads FILE and checks it against this run's environment and selected cases (case_id -> its
// point): a case must be one this run selects, with that case's suite and params. Throws
// UsageError naming the file and the first difference.
ResumedRun load_resumed_run(const std::string& path, const Environment& environment,
                            const std::map<std::string, SelectedCase>& selected);

}  // namespace clampbench
