// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/results_file/results_file.h"

#include "harness/results_json/writer.h"

namespace clampbench {

ResultsFile::ResultsFile(const RunConfig& config, Environment environment, ResumedRun resumed, std::size_t planned)
    : config_(config), resumed_count_(resumed.cases.size()), resumed_ids_(std::move(resumed.case_ids)),
      resumed_errors_(std::move(resumed.internal_errors)), planned_(planned) {
  doc_.environment = std::move(environment);
  doc_.with_traces = config.trace;
  doc_.cases = std::move(resumed.cases);
  for (const auto& c : doc_.cases) case_texts_.push_back(case_text(c, doc_.with_traces));
}

void ResultsFile::add(const CaseResult& c) {
  doc_.cases.push_back(c);
  case_texts_.push_back(case_text(c, doc_.with_traces));
}

void ResultsFile::refresh(const std::vector<CaseResult>& cases) {
  doc_.cases.resize(resumed_count_);
  case_texts_.clear();
  for (const auto& c : doc_.cases) case_texts_.push_back(case_text(c, doc_.with_traces));
  for (const auto& c : cases) add(c);
}

Outcome ResultsFile::write(const std::vector<std::string>& internal_errors, Stage stage, int signo) {
  std::vector<std::string> errors = resumed_errors_;
  errors.insert(errors.end(), internal_errors.begin(), internal_errors.end());
  doc_.outcome = compute_outcome(doc_.cases, std::move(errors));
  doc_.interruption.reset();
  if (stage != Stage::Finished) doc_.interruption = Interruption{stage == Stage::Interrupted ? signo : 0, planned_};
  write_file_atomically(config_.out, results_text(doc_, case_texts_));
  return doc_.outcome;
}

}  // namespace clampbench
