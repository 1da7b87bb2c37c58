// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// `run --resume FILE`: the cases an earlier run of the same settings finished (FILE is its
// results file, complete or left by an interrupted or killed run) are taken as they are, and
// only the others run. The two runs must agree on everything that shapes a case's results:
// the selection, sizes, seed, backend, allocator, timing and instruction settings, the plant
// and the build; anything else is refused before any work (exit 2).

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace clampbench {

struct ResumedRun {
  std::string path;                   // "" when not resuming
  std::vector<nlohmann::json> cases;  // FILE's cases, in its order
  std::set<std::string> case_ids;
  nlohmann::json summary = nlohmann::json::array();
  nlohmann::json outcome = nlohmann::json::object();
};

// The settings of `environment` (a results file's) that two runs must share to be one run.
nlohmann::json resume_key(const nlohmann::json& environment);

// Reads FILE and checks it against this run's environment and selected case ids. Throws
// UsageError naming the file and the first difference.
ResumedRun load_resumed_run(const std::string& path, const nlohmann::json& environment,
                            const std::set<std::string>& selected_case_ids);

// The summary rows of two disjoint sets of cases as one: counts add, {min, max} widen.
nlohmann::json merge_summaries(const nlohmann::json& earlier, const nlohmann::json& now);
// The outcome of the earlier cases and of this run's as one: the per-case lists and the
// internal errors join, and status and exit code follow from them (internal_error 3 over
// unexpected 1 over as_expected 0).
nlohmann::json merge_outcomes(const nlohmann::json& earlier, const nlohmann::json& now);

}  // namespace clampbench
