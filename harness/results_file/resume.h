// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// `run --resume FILE`: the cases an earlier run of the same settings finished (FILE is its
// results file, complete or left by an interrupted or killed run) are taken as they are, and
// only the others run. The two runs must agree on everything that shapes a case's results:
// the selection, sizes, seed, backend, allocator, timing and instruction settings, the plant
// and the build; anything else is refused before any work (exit 2). The resumed run ends as
// complete as a fresh one: a case that lacks what this run measures (a selected variant, a
// timed variant's timing, a perf instruction count) runs again in full; one that lacks only
// its callgrind instruction counts (a run stopped during the callgrind pass) is kept and
// counted by this run's callgrind pass. The earlier cases are judged again against this
// run's expectations (run_session), so that one file is judged by one set of rules.

#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/selection/case_filter.h"
#include "harness/results/document.h"
#include "harness/config/run_config.h"

namespace clampbench {

struct ResumedRun {
  std::string path;               // "" when not resuming
  std::vector<CaseResult> cases;  // FILE's cases kept, in its order (results_json/reader.h)
  std::set<std::string> case_ids; // of `cases`; the others run
  // FILE's internal errors other than those its cases' CUDA failures make (compute_outcome
  // makes those again from the cases): they stay in the resumed run's outcome.
  std::vector<std::string> internal_errors;
  std::size_t run_again = 0;      // FILE's cases that lack something and run again
  std::string first_lack;         // "case 'ID' lacks WHAT", of the first of them
};

// What `c`, read from a results file, lacks that this run measures ("" when nothing):
// "variant 'clamp_'", "the timing of variant 'clamp'", ... Instruction counts are asked
// only with the perf method; callgrind counts are filled after the fact (lacks_instructions).
std::string what_case_lacks(const CaseResult& c, const Suite& suite, const RunConfig& config);
// Whether a host variant that ran without error has no instruction count.
bool lacks_instructions(const CaseResult& c);

// The settings of `environment` (a results file's, as written) that two runs must share to
// be one run.
nlohmann::json resume_key(const nlohmann::json& environment);

// Reads FILE and checks it against this run's environment and selected cases (case_id -> its
// point): a case must be one this run selects, with that case's suite and params. Throws
// UsageError naming the file and the first difference. Keeps the cases that lack nothing
// (what_case_lacks).
ResumedRun load_resumed_run(const std::string& path, const RunConfig& config, const Environment& environment,
                            const std::map<std::string, SelectedCase>& selected);

}  // namespace clampbench
