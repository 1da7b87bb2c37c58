// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/verdicts/expectations.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/verdicts/findings.h"

#ifndef CLAMPBENCH_SOURCE_DIR
#define CLAMPBENCH_SOURCE_DIR "."
#endif

namespace clampbench {

namespace {
[[noreturn]] void bad(const std::string& path, const std::string& what) {
  throw std::invalid_argument(fmt::format("expectations file '{}': {}", path, what));
}

// An object with only the keys the schema knows ("comment" is free text anywhere), and a list
// where a list belongs: a misspelt "when" would otherwise widen a rule to every case, and
// "expectations": {} would load as no rule at all.
void only_known_keys(const std::string& path, const nlohmann::json& j, std::initializer_list<const char*> known,
                     const std::string& where) {
  if (!j.is_object()) bad(path, fmt::format("{} must be an object, not {}", where, j.dump()));
  for (const auto& [key, value] : j.items())
    if (key != "comment" && std::none_of(known.begin(), known.end(), [&](const char* k) { return key == k; }))
      bad(path, fmt::format("unknown key \"{}\" in {}", key, where));
}

const nlohmann::json& list_at(const std::string& path, const nlohmann::json& j, const char* key, bool required,
                              const std::string& where) {
  static const nlohmann::json kNone = nlohmann::json::array();
  if (!j.contains(key)) {
    if (required) bad(path, fmt::format("{} has no \"{}\" list", where, key));
    return kNone;
  }
  const nlohmann::json& list = j.at(key);
  if (!list.is_array()) bad(path, fmt::format("\"{}\" in {} must be a list, not {}", key, where, list.dump()));
  return list;
}

Verdict verdict_of(const std::string& path, const nlohmann::json& j) {
  Verdict v;
  if (!j.is_string() || !parse_verdict(j.get<std::string>(), v))
    bad(path, fmt::format("bad verdict {} (known: same, output_mismatch, mutation, error)", j.dump()));
  return v;
}

const Suite& known_suite(const std::string& path, const nlohmann::json& j, const std::vector<Suite>& known,
                         std::string& suite, std::string& variant) {
  suite = j.at("suite").get<std::string>();
  variant = j.at("variant").get<std::string>();
  const Suite* found = nullptr;
  for (const auto& s : known) if (s.name == suite) found = &s;
  if (found == nullptr) bad(path, fmt::format("unknown suite '{}'", suite));
  if (found->find_variant(variant) == nullptr) bad(path, fmt::format("suite '{}' has no variant '{}'", suite, variant));
  return *found;
}

std::vector<ParamCondition> parse_when(const std::string& path, const nlohmann::json& j, const Suite& suite) {
  std::vector<ParamCondition> when;
  for (const auto& c : list_at(path, j, "when", false, fmt::format("a rule of suite '{}'", suite.name))) {
    only_known_keys(path, c, {"param", "op", "value"}, fmt::format("a \"when\" condition of suite '{}'", suite.name));
    ParamCondition pc{c.at("param").get<std::string>(), c.at("op").get<std::string>(),
                      c.at("value").get<std::int64_t>()};
    static const char* kOps[] = {"==", "!=", "<", "<=", ">", ">="};
    if (std::find(std::begin(kOps), std::end(kOps), pc.op) == std::end(kOps))
      bad(path, fmt::format("bad operator '{}'", pc.op));
    bool has_axis = false;
    for (const auto& a : suite.axes) has_axis |= a.name == pc.param;
    if (!has_axis) bad(path, fmt::format("suite '{}' has no parameter '{}'", suite.name, pc.param));
    when.push_back(pc);
  }
  return when;
}

ExpectationRule parse_rule(const std::string& path, const nlohmann::json& j, const std::vector<Suite>& known,
                           int version, std::size_t index) {
  only_known_keys(path, j, {"suite", "variant", "when", "verdict", "reason", "outputs", "mutations", "consequences"},
                  fmt::format("rule {}", index + 1));
  ExpectationRule r;
  const Suite& suite = known_suite(path, j, known, r.suite, r.variant);
  r.then.verdict = verdict_of(path, j.at("verdict"));
  r.then.reason = j.at("reason").get<std::string>();
  r.when = parse_when(path, j, suite);
  try {
    read_expected_findings(j, version, r.then);
  } catch (const std::invalid_argument& e) {
    bad(path, fmt::format("rule {} ({} {}): {}", index + 1, r.suite, r.variant, e.what()));
  }
  return r;
}

KnownOrderWrite parse_order_write(const std::string& path, const nlohmann::json& j, const std::vector<Suite>& known,
                                  const std::string& where) {
  only_known_keys(path, j, {"suite", "variant", "when", "buffer", "reason"}, where);
  KnownOrderWrite k;
  const Suite& suite = known_suite(path, j, known, k.suite, k.variant);
  k.buffer = j.at("buffer").get<std::string>();
  k.reason = j.at("reason").get<std::string>();
  k.when = parse_when(path, j, suite);
  return k;
}

// 1 when absent: files from before findings-level rules carry no version.
int schema_version(const std::string& path, const nlohmann::json& doc) {
  const nlohmann::json v = doc.value("schema_version", nlohmann::json(1));
  if (!v.is_number_integer() || (v.get<std::int64_t>() != 1 && v.get<std::int64_t>() != kExpectationsVersion))
    bad(path, fmt::format("schema_version {} (known: 1, {})", v.dump(), kExpectationsVersion));
  return static_cast<int>(v.get<std::int64_t>());
}

bool all_hold(const std::vector<ParamCondition>& when, const ParamPoint& p) {
  return std::all_of(when.begin(), when.end(), [&](const ParamCondition& c) { return c.holds(p); });
}

// Marks the findings `known` lists for this variant, and returns the listed buffers none showed.
template <typename Finding>
std::vector<std::string> match_known(const std::vector<KnownOrderWrite>& known, const std::string& suite,
                                     const ParamPoint& p, const VariantResult& vr, std::vector<Finding>& findings) {
  std::vector<std::string> vanished;
  for (const auto& k : known) {
    if (k.suite != suite || k.variant != vr.name || !all_hold(k.when, p)) continue;
    bool seen = false;
    for (auto& f : findings) {
      if (f.buffer != k.buffer) continue;
      seen = true;
      f.expected = true;
      f.reason = k.reason;
    }
    // A variant that failed has no findings to show: its error verdict speaks for it.
    if (!seen && !vr.error) vanished.push_back(k.buffer);
  }
  return vanished;
}
}  // namespace

Expectations Expectations::load(const std::string& path, const std::vector<Suite>& known) {
  std::ifstream in(path);
  if (!in) bad(path, "cannot be read");
  Expectations e;
  try {
    const nlohmann::json doc = nlohmann::json::parse(in);
    only_known_keys(path, doc, {"schema_version", "default", "expectations", "order_dependent_writes", "latent_writes"},
                    "the top level");
    const int version = schema_version(path, doc);
    e.default_.verdict = verdict_of(path, doc.value("default", nlohmann::json("same")));
    // Nothing listed means no finding; a version 1 default of another class names no finding
    // to match, so it checks the class alone, like a version 1 rule.
    e.default_.lists_findings = e.default_.verdict == Verdict::Same;
    if (version != 1 && !e.default_.lists_findings) bad(path, "default must be \"same\" (a default names no finding)");
    for (const auto& r : list_at(path, doc, "expectations", true, "the top level"))
      e.rules_.push_back(parse_rule(path, r, known, version, e.rules_.size()));
    for (const auto& k : list_at(path, doc, "order_dependent_writes", false, "the top level"))
      e.known_order_writes_.push_back(
          parse_order_write(path, k, known, fmt::format("order_dependent_writes entry {}", e.known_order_writes_.size() + 1)));
    for (const auto& k : list_at(path, doc, "latent_writes", false, "the top level"))
      e.known_latent_writes_.push_back(
          parse_order_write(path, k, known, fmt::format("latent_writes entry {}", e.known_latent_writes_.size() + 1)));
  } catch (const nlohmann::json::exception& ex) {
    bad(path, ex.what());
  }
  return e;
}

Expectation Expectations::expect(const std::string& suite, const std::string& variant,
                                 const ParamPoint& p) const {
  for (const auto& r : rules_) {
    if (r.suite != suite || r.variant != variant) continue;
    if (all_hold(r.when, p)) return r.then;
  }
  return default_;
}

void Expectations::apply_order_writes(const std::string& suite, const ParamPoint& p, VariantResult& vr) const {
  vr.order_writes_vanished = match_known(known_order_writes_, suite, p, vr, vr.order_dependent_writes);
}

void Expectations::apply_latent_writes(const std::string& suite, const ParamPoint& p, VariantResult& vr) const {
  vr.latent_writes_vanished = match_known(known_latent_writes_, suite, p, vr, vr.latent_writes);
}

std::string default_expectations_path() {
  // An installed binary (PREFIX/bin) carries its own copy in PREFIX/share/clampbench; a build
  // tree's binary has none there and reads the source tree's.
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto installed = (exe.parent_path() / ".." / "share" / "clampbench" / "expectations.json").lexically_normal();
    if (std::filesystem::is_regular_file(installed, ec)) return installed.string();
  }
  return std::string(CLAMPBENCH_SOURCE_DIR) + "/results/expectations.json";
}

}  // namespace clampbench
