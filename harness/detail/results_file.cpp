// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/detail/results_file.h"

#include "harness/detail/interrupt.h"
#include "harness/results_writer.h"

namespace clampbench {

namespace {
// Stands in for the cases while the rest of the document is serialized.
constexpr const char* kCasesMark = "\u0001cases\u0001";
}  // namespace

ResultsFile::ResultsFile(const RunConfig& config, nlohmann::json environment, const detail::RunConditions& conditions,
                         ResumedRun resumed, std::size_t planned)
    : config_(config), environment_(std::move(environment)), conditions_(conditions), resumed_(std::move(resumed)),
      planned_(planned) {
  for (const auto& c : resumed_.cases) resumed_texts_.push_back(case_text(c));
}

// The case as dump(2) writes an element of the top-level "cases" array: indented by 4.
std::string ResultsFile::case_text(nlohmann::json c) const {
  if (!config_.trace)  // the results carry traces only when asked: they can be long
    for (auto& v : c["variants"]) v.erase("allocation_trace");
  const std::string text = c.dump(2);
  std::string out = "    ";
  for (char ch : text) {
    out += ch;
    if (ch == '\n') out += "    ";
  }
  return out;
}

void ResultsFile::add(const CaseResult& c) { case_texts_.push_back(case_text(case_json(c))); }

void ResultsFile::refresh(const std::vector<CaseResult>& cases) {
  case_texts_.clear();
  for (const auto& c : cases) add(c);
}

nlohmann::json ResultsFile::write(const std::vector<CaseResult>& cases, const std::vector<std::string>& internal_errors,
                                  Stage stage, int signo) {
  const Outcome outcome = compute_outcome(cases, internal_errors);
  nlohmann::json environment = environment_;
  detail::add_conditions(environment, conditions_);
  nlohmann::json doc = results_json(config_, environment, {}, outcome);  // the frame, as the writer makes it
  doc["cases"] = kCasesMark;
  doc["summary"] = resumed_.path.empty() ? summary_json(cases) : merge_summaries(resumed_.summary, summary_json(cases));
  nlohmann::json& o = doc["outcome"];
  if (!resumed_.path.empty()) o = merge_outcomes(resumed_.outcome, o);
  if (stage != Stage::Finished) {
    // What the finished cases alone would say stays in the lists; the status says the run
    // did not finish, so that no reader takes a part for the whole.
    o["status"] = "interrupted";
    o["exit_code"] = stage == Stage::Interrupted ? nlohmann::json(128 + signo) : nlohmann::json(nullptr);
    o["signal"] = stage == Stage::Interrupted ? nlohmann::json(interrupt_signal_name(signo)) : nlohmann::json(nullptr);
    o["cases_planned"] = planned_;
  }
  std::string text = doc.dump(2) + "\n";
  std::string array = "[";
  for (const auto* texts : {&resumed_texts_, &case_texts_})
    for (const auto& t : *texts) array += (array.size() > 1 ? ",\n" : "\n") + t;
  array += array.size() > 1 ? "\n  ]" : "]";
  const std::string mark = nlohmann::json(kCasesMark).dump();
  text.replace(text.find(mark), mark.size(), array);
  write_file_atomically(config_.out, text);
  return o;
}

}  // namespace clampbench
