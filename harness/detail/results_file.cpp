// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/detail/results_file.h"

#include "harness/detail/interrupt.h"
#include "harness/results_writer.h"

namespace clampbench {

ResultsFile::ResultsFile(const RunConfig& config, nlohmann::json environment, ResumedRun resumed, std::size_t planned)
    : config_(config), environment_(std::move(environment)), resumed_(std::move(resumed)), planned_(planned) {}

nlohmann::json ResultsFile::case_doc(const CaseResult& c) const {
  nlohmann::json j = case_json(c);
  if (!config_.trace)  // the results carry traces only when asked: they can be long
    for (auto& v : j["variants"]) v.erase("allocation_trace");
  return j;
}

void ResultsFile::add(const CaseResult& c) { case_docs_.push_back(case_doc(c)); }

void ResultsFile::refresh(const std::vector<CaseResult>& cases) {
  case_docs_.clear();
  for (const auto& c : cases) add(c);
}

nlohmann::json ResultsFile::write(const std::vector<CaseResult>& cases, const std::vector<std::string>& internal_errors,
                                  Stage stage, int signo) {
  const Outcome outcome = compute_outcome(cases, internal_errors);
  nlohmann::json doc = results_json(config_, environment_, {}, outcome);  // the frame, as the writer makes it
  nlohmann::json& all = doc["cases"];
  for (const auto& c : resumed_.cases) all.push_back(c);
  for (const auto& c : case_docs_) all.push_back(c);
  doc["summary"] = resumed_.path.empty() ? summary_json(cases) : merge_summaries(resumed_.summary, summary_json(cases));
  nlohmann::json& o = doc["outcome"];
  if (!resumed_.path.empty()) o = merge_outcomes(resumed_.outcome, o);
  if (stage != Stage::Finished) {
    // What the finished cases alone would say stays in the lists; the status says the run
    // did not finish, so that no reader takes a part for the whole.
    o["status"] = "interrupted";
    o["exit_code"] = stage == Stage::Interrupted ? nlohmann::json(128 + signo) : nlohmann::json(nullptr);
    o["signal"] = stage == Stage::Interrupted ? nlohmann::json(interrupt_signal_name(signo)) : nlohmann::json(nullptr);
  }
  o["cases_planned"] = planned_;
  write_file_atomically(config_.out, doc.dump(2) + "\n");
  return o;
}

}  // namespace clampbench
