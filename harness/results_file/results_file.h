// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The results file as the run goes: rewritten (temporary file + rename) after every case, so
// that a run killed outright (SIGKILL, the OOM killer) leaves every case it finished. Until
// the run ends, the file's outcome says so: status "interrupted" with exit_code and signal
// null; a run stopped by SIGINT/SIGTERM writes status "interrupted" with its exit code (130,
// 143) and the signal; a finished run its verdicts' status. Cases of a resumed run come first.

#include <span>
#include <string>
#include <vector>

#include "harness/results/document.h"
#include "harness/results_file/resume.h"
#include "harness/config/run_config.h"

namespace clampbench {

class ResultsFile {
 public:
  // `planned`: the cases of the whole selection, resumed ones included. `environment`: what is
  // known at the start; the session records the end of its conditions before the last write.
  ResultsFile(const RunConfig& config, Environment environment, ResumedRun resumed, std::size_t planned);

  const std::set<std::string>& resumed_case_ids() const { return resumed_ids_; }
  // The resumed cases, for the callgrind pass to fill their missing counts (then refresh).
  std::span<CaseResult> resumed_cases() { return {doc_.cases.data(), resumed_count_}; }
  Environment& environment() { return doc_.environment; }
  // Keeps a copy of the case and its text.
  void add(const CaseResult& c);
  // After a pass that changed the cases already added or resumed (instruction counts).
  void refresh(const std::vector<CaseResult>& cases);

  enum class Stage { Running, Interrupted, Finished };
  // Writes the file; returns its outcome, of every case in it (the resumed ones judged by this
  // run's expectations) and the resumed run's own internal errors. `signo`: the signal
  // for Stage::Interrupted. Throws std::runtime_error when it cannot write.
  Outcome write(const std::vector<std::string>& internal_errors, Stage stage, int signo = 0);

 private:
  const RunConfig& config_;
  RunDocument doc_;  // resumed cases first
  std::size_t resumed_count_;
  std::set<std::string> resumed_ids_;
  std::vector<std::string> resumed_errors_;
  std::size_t planned_;
  // Every case serialized once, as it appears in the file (results_text).
  std::vector<std::string> case_texts_;
};

}  // namespace clampbench
