// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The results file as the run goes: rewritten (temporary file + rename) after every case, so
// that a run killed outright (SIGKILL, the OOM killer) leaves every case it finished. Until
// the run ends, the file's outcome says so: status "interrupted" with exit_code and signal
// null; a run stopped by SIGINT/SIGTERM writes status "interrupted" with its exit code (130,
// 143) and the signal; a finished run its verdicts' status. Cases of a resumed run come first.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/case_result.h"
#include "harness/detail/resume.h"
#include "harness/detail/run_conditions.h"
#include "harness/outcome.h"
#include "harness/run_config.h"

namespace clampbench {

class ResultsFile {
 public:
  // `planned`: the cases of the whole selection, resumed ones included. `environment`: what is
  // known at the start; `conditions`: the machine around the run, whose end the session
  // records before the last write (the file carries them from then on).
  ResultsFile(const RunConfig& config, nlohmann::json environment, const detail::RunConditions& conditions,
              ResumedRun resumed, std::size_t planned);

  const ResumedRun& resumed() const { return resumed_; }
  // Keeps the case's JSON (recomputed by refresh() when the case changes later).
  void add(const CaseResult& c);
  // After a pass that changed the cases already added (instruction counts).
  void refresh(const std::vector<CaseResult>& cases);

  enum class Stage { Running, Interrupted, Finished };
  // Writes the file; returns its outcome. `cases` are this process's cases, as added;
  // `signo` the signal for Stage::Interrupted. Throws std::runtime_error when it cannot write.
  nlohmann::json write(const std::vector<CaseResult>& cases, const std::vector<std::string>& internal_errors,
                       Stage stage, int signo = 0);

 private:
  std::string case_text(nlohmann::json c) const;
  const RunConfig& config_;
  nlohmann::json environment_;
  const detail::RunConditions& conditions_;
  ResumedRun resumed_;
  std::size_t planned_;
  // Every case serialized once, as it appears in the file: a write after each case then
  // costs the copy of the text, not the serializing of the whole run again.
  std::vector<std::string> resumed_texts_, case_texts_;
};

}  // namespace clampbench
