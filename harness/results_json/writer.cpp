// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The run half of results_json/writer.h: the summary, the outcome, the document and the file.

#include "harness/results_json/writer.h"

#include <map>

#include "harness/interrupt.h"

namespace clampbench {

namespace {
using json = nlohmann::json;

template <typename T>
json opt(const std::optional<T>& v) { return v ? json(*v) : json(nullptr); }

// The variant that allocates only what the builder returns: the floor the others are held to.
constexpr const char* kFloorVariant = "fused";

void widen(json& min_max, double value) {
  if (min_max.is_null()) min_max = {{"min", value}, {"max", value}};
  min_max["min"] = std::min(min_max["min"].get<double>(), value);
  min_max["max"] = std::max(min_max["max"].get<double>(), value);
}

// Stands in for the cases while the rest of the document is serialized.
constexpr const char* kCasesMark = "\u0001cases\u0001";
}  // namespace

json summary_json(const std::vector<CaseResult>& cases) {
  json out = json::array();
  std::map<std::string, std::size_t> row;  // suite -> index in out, in first-seen order
  for (const auto& c : cases) {
    if (!row.count(c.suite)) {
      row[c.suite] = out.size();
      out.push_back({{"suite", c.suite}, {"cases", 0}, {"variants", json::object()}});
    }
    json& s = out[row[c.suite]];
    s["cases"] = s["cases"].get<int>() + 1;
    // Allocations the floor saves against the reference in this case: the gap to close.
    std::int64_t gap = 0, gap_bytes = 0;
    bool has_gap = false;
    for (const auto& v : c.variants)
      if (v.name == kFloorVariant) has_gap = saved_vs(c.variants.front(), v, gap, gap_bytes) && gap > 0;
    for (const auto& v : c.variants) {
      json& vs = s["variants"][v.name];
      if (vs.is_null()) vs = {{"verdicts", json::object()}, {"unexpected", 0},
                              {"allocations_saved_per_call", nullptr}, {"bytes_saved_per_call", nullptr},
                              {"share_of_floor_gap", nullptr}, {"order_dependent_writes", 0}, {"latent_writes", 0}};
      vs["verdicts"][verdict_name(v.verdict)] = vs["verdicts"].value(verdict_name(v.verdict), 0) + 1;
      if (v.verdict != v.expected_verdict || !v.unexpected_findings.empty())
        vs["unexpected"] = vs["unexpected"].get<int>() + 1;
      if (!v.order_dependent_writes.empty())
        vs["order_dependent_writes"] = vs["order_dependent_writes"].get<int>() + 1;
      if (!v.latent_writes.empty()) vs["latent_writes"] = vs["latent_writes"].get<int>() + 1;
      std::int64_t sa = 0, sb = 0;
      if (!saved_vs(c.variants.front(), v, sa, sb)) continue;
      for (auto [key, val] : {std::pair{"allocations_saved_per_call", sa}, std::pair{"bytes_saved_per_call", sb}}) {
        json& mm = vs[key];
        if (mm.is_null()) mm = {{"min", val}, {"max", val}};
        mm["min"] = std::min(mm["min"].get<std::int64_t>(), val);
        mm["max"] = std::max(mm["max"].get<std::int64_t>(), val);
      }
      if (has_gap) widen(vs["share_of_floor_gap"], static_cast<double>(sa) / static_cast<double>(gap));
    }
  }
  return out;
}

json to_json(const Outcome& o, const std::optional<Interruption>& interruption) {
  json j = {{"status", o.status}, {"exit_code", o.exit_code}, {"unexpected", json::array()},
            {"internal_errors", o.internal_errors}, {"unexpected_findings", json::array()},
            {"unexpected_order_dependent_writes", json::array()}, {"unexpected_latent_writes", json::array()}};
  for (const auto& u : o.unexpected)
    j["unexpected"].push_back({{"case_id", u.case_id}, {"variant", u.variant}, {"verdict", verdict_name(u.verdict)},
                               {"expected", verdict_name(u.expected)}});
  for (const auto& u : o.unexpected_findings)
    j["unexpected_findings"].push_back(
        {{"case_id", u.case_id}, {"variant", u.variant}, {"kind", u.finding.kind}, {"name", u.finding.name},
         {"count", u.finding.count}, {"expected_count", opt(u.finding.expected_count)},
         {"vanished", u.finding.vanished}});
  for (const auto& [key, list] : {std::pair{"unexpected_order_dependent_writes", &o.unexpected_order_writes},
                                  std::pair{"unexpected_latent_writes", &o.unexpected_latent_writes}})
    for (const auto& u : *list)
      j[key].push_back({{"case_id", u.case_id}, {"variant", u.variant}, {"buffer", u.buffer}, {"vanished", u.vanished}});
  if (interruption) {
    // What the finished cases alone would say stays in the lists; the status says the run
    // did not finish, so that no reader takes a part for the whole.
    const int signo = interruption->signo;
    j["status"] = "interrupted";
    j["exit_code"] = signo ? json(128 + signo) : json(nullptr);
    j["signal"] = signo ? json(interrupt_signal_name(signo)) : json(nullptr);
    j["cases_planned"] = interruption->cases_planned;
  }
  return j;
}

json to_json(const RunDocument& doc) {
  json j = {{"schema_version", kSchemaVersion}, {"tool", "clampbench"}, {"environment", to_json(doc.environment)},
            {"cases", json::array()}, {"summary", summary_json(doc.cases)},
            {"outcome", to_json(doc.outcome, doc.interruption)}};
  for (const auto& c : doc.cases) j["cases"].push_back(to_json(c, doc.with_traces));
  return j;
}

std::string case_text(const CaseResult& c, bool with_traces) {
  // As dump(2) writes an element of the top-level "cases" array: indented by 4.
  const std::string text = to_json(c, with_traces).dump(2);
  std::string out = "    ";
  for (char ch : text) {
    out += ch;
    if (ch == '\n') out += "    ";
  }
  return out;
}

std::string results_text(const RunDocument& doc, const std::vector<std::string>& case_texts) {
  json frame = {{"schema_version", kSchemaVersion}, {"tool", "clampbench"}, {"environment", to_json(doc.environment)},
                {"cases", kCasesMark}, {"summary", summary_json(doc.cases)},
                {"outcome", to_json(doc.outcome, doc.interruption)}};
  std::string text = frame.dump(2) + "\n";
  std::string array = "[";
  for (const auto& t : case_texts) array += (array.size() > 1 ? ",\n" : "\n") + t;
  array += array.size() > 1 ? "\n  ]" : "]";
  const std::string mark = json(kCasesMark).dump();
  text.replace(text.find(mark), mark.size(), array);
  return text;
}

}  // namespace clampbench
