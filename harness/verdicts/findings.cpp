// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/verdicts/findings.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

namespace clampbench {

namespace {
[[noreturn]] void bad(const std::string& what) { throw std::invalid_argument(what); }

std::vector<std::string> read_outputs(const nlohmann::json& list, const char* key = "outputs") {
  if (!list.is_array()) bad(fmt::format("\"{}\" must be a list of names, not {}", key, list.dump()));
  std::vector<std::string> out;
  for (const auto& o : list) {
    if (!o.is_string() || o.get<std::string>().empty()) bad(fmt::format("bad output name {}", o.dump()));
    if (std::find(out.begin(), out.end(), o.get<std::string>()) != out.end())
      bad(fmt::format("{} '{}' listed twice", key, o.get<std::string>()));
    out.push_back(o.get<std::string>());
  }
  return out;
}

std::vector<ExpectedMutation> read_mutations(const nlohmann::json& list) {
  if (!list.is_array()) bad(fmt::format("\"mutations\" must be a list of {{\"buffer\": ...}}, not {}", list.dump()));
  std::vector<ExpectedMutation> out;
  for (const auto& m : list) {
    if (!m.is_object()) bad(fmt::format("a mutation must be {{\"buffer\": ...}}, not {}", m.dump()));
    for (const auto& [key, value] : m.items())
      if (key != "buffer" && key != "changed" && key != "comment") bad(fmt::format("unknown key \"{}\" in a mutation", key));
    ExpectedMutation em;
    em.buffer = m.at("buffer").get<std::string>();
    if (em.buffer.empty()) bad("empty buffer name");
    for (const auto& seen : out)
      if (seen.buffer == em.buffer) bad(fmt::format("buffer '{}' listed twice", em.buffer));
    if (m.contains("changed")) {
      const auto& c = m.at("changed");
      if (!c.is_number_integer() || c.get<std::int64_t>() <= 0)
        bad(fmt::format("buffer '{}': changed must be a positive integer, not {}", em.buffer, c.dump()));
      em.changed = c.get<std::int64_t>();
    }
    out.push_back(std::move(em));
  }
  return out;
}

// The verdict the findings add up to (runner.cpp's precedence), for the consistency check.
Verdict verdict_of_findings(const Expectation& e) {
  if (!e.outputs.empty()) return Verdict::OutputMismatch;
  if (!e.mutations.empty()) return Verdict::Mutation;
  return Verdict::Same;
}

}  // namespace

void read_expected_findings(const nlohmann::json& rule, int version, Expectation& e) {
  const bool names = rule.contains("outputs") || rule.contains("mutations") || rule.contains("consequences");
  if (version == 1) {
    if (names) bad(fmt::format("\"outputs\", \"mutations\" and \"consequences\" need \"schema_version\": {}", kExpectationsVersion));
    e.lists_findings = false;  // a class-only rule: the verdict is all it says
    return;
  }
  e.lists_findings = true;
  e.outputs = read_outputs(rule.value("outputs", nlohmann::json::array()));
  e.mutations = read_mutations(rule.value("mutations", nlohmann::json::array()));
  if (rule.contains("consequences")) e.consequences = read_outputs(rule.at("consequences"), "consequences");
  // An error leaves no findings to name; any other verdict must be what the named ones add up to.
  if (e.verdict == Verdict::Error ? names : verdict_of_findings(e) != e.verdict)
    bad(fmt::format("verdict '{}' but the findings listed add up to '{}'", verdict_name(e.verdict),
                    e.verdict == Verdict::Error ? "a finding" : verdict_name(verdict_of_findings(e))));
}

namespace {
// Mismatches (outputs, or one reader's observations) against the names a rule lists: each one
// not listed is unexpected; `seen` collects the names that showed.
void match_unlisted(const char* kind, const std::vector<TensorMismatch>& found, const std::vector<std::string>& listed,
                    std::set<std::string>& seen, VariantResult& vr) {
  for (const TensorMismatch& m : found) {
    seen.insert(m.name);
    if (std::find(listed.begin(), listed.end(), m.name) == listed.end())
      vr.unexpected_findings.push_back({kind, m.name, m.count, std::nullopt, false});
  }
}

// Each listed name that did not show: vanished.
void match_vanished(const char* kind, const std::vector<std::string>& listed, const std::set<std::string>& seen,
                    VariantResult& vr) {
  for (const auto& name : listed)
    if (!seen.count(name)) vr.unexpected_findings.push_back({kind, name, 0, std::nullopt, true});
}
}  // namespace

void match_findings(const Expectation& e, VariantResult& vr) {
  vr.findings_listed = e.lists_findings;
  vr.unexpected_findings.clear();
  if (!e.lists_findings || vr.error) return;
  std::set<std::string> seen_outputs, seen_buffers, seen_consequences;
  match_unlisted("output", vr.output_mismatches, e.outputs, seen_outputs, vr);
  for (const auto& c : vr.mutations) {
    seen_buffers.insert(c.buffer);
    const auto it = std::find_if(e.mutations.begin(), e.mutations.end(),
                                 [&](const ExpectedMutation& k) { return k.buffer == c.buffer; });
    if (it == e.mutations.end()) vr.unexpected_findings.push_back({"mutation", c.buffer, c.changed, std::nullopt, false});
    else if (it->changed && *it->changed != c.changed)
      vr.unexpected_findings.push_back({"mutation", c.buffer, c.changed, it->changed, false});
  }
  match_vanished("output", e.outputs, seen_outputs, vr);
  if (e.consequences) {
    for (const ReaderReport& rep : vr.consequences) match_unlisted("consequence", rep.mismatches, *e.consequences, seen_consequences, vr);
    match_vanished("consequence", *e.consequences, seen_consequences, vr);
  }
  for (const auto& k : e.mutations)
    if (!seen_buffers.count(k.buffer)) vr.unexpected_findings.push_back({"mutation", k.buffer, 0, k.changed, true});
}

}  // namespace clampbench
