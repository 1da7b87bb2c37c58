// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/expectations.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#ifndef CLAMPBENCH_SOURCE_DIR
#define CLAMPBENCH_SOURCE_DIR "."
#endif

namespace clampbench {

bool ParamCondition::holds(const ParamPoint& p) const {
  if (!p.has(param)) return false;
  const std::int64_t v = p.get(param);
  if (op == "==") return v == value;
  if (op == "!=") return v != value;
  if (op == "<") return v < value;
  if (op == "<=") return v <= value;
  if (op == ">") return v > value;
  return v >= value;  // ">=", the only operator left after load()'s validation
}

namespace {
[[noreturn]] void bad(const std::string& path, const std::string& what) {
  throw std::invalid_argument(fmt::format("expectations file '{}': {}", path, what));
}

Verdict verdict_of(const std::string& path, const nlohmann::json& j) {
  Verdict v;
  if (!j.is_string() || !parse_verdict(j.get<std::string>(), v))
    bad(path, fmt::format("bad verdict {} (known: same, output_mismatch, mutation, error)", j.dump()));
  return v;
}

ExpectationRule parse_rule(const std::string& path, const nlohmann::json& j, const std::vector<Suite>& known) {
  ExpectationRule r;
  r.suite = j.at("suite").get<std::string>();
  r.variant = j.at("variant").get<std::string>();
  r.verdict = verdict_of(path, j.at("verdict"));
  r.reason = j.at("reason").get<std::string>();
  const Suite* suite = nullptr;
  for (const auto& s : known) if (s.name == r.suite) suite = &s;
  if (suite == nullptr) bad(path, fmt::format("unknown suite '{}'", r.suite));
  if (suite->find_variant(r.variant) == nullptr)
    bad(path, fmt::format("suite '{}' has no variant '{}'", r.suite, r.variant));
  for (const auto& c : j.value("when", nlohmann::json::array())) {
    ParamCondition pc{c.at("param").get<std::string>(), c.at("op").get<std::string>(),
                      c.at("value").get<std::int64_t>()};
    static const char* kOps[] = {"==", "!=", "<", "<=", ">", ">="};
    if (std::find(std::begin(kOps), std::end(kOps), pc.op) == std::end(kOps))
      bad(path, fmt::format("bad operator '{}'", pc.op));
    bool has_axis = false;
    for (const auto& a : suite->axes) has_axis |= a.name == pc.param;
    if (!has_axis) bad(path, fmt::format("suite '{}' has no parameter '{}'", r.suite, pc.param));
    r.when.push_back(pc);
  }
  return r;
}
}  // namespace

Expectations Expectations::load(const std::string& path, const std::vector<Suite>& known) {
  std::ifstream in(path);
  if (!in) bad(path, "cannot be read");
  Expectations e;
  try {
    const nlohmann::json doc = nlohmann::json::parse(in);
    e.default_ = verdict_of(path, doc.value("default", nlohmann::json("same")));
    for (const auto& r : doc.at("expectations")) e.rules_.push_back(parse_rule(path, r, known));
  } catch (const nlohmann::json::exception& ex) {
    bad(path, ex.what());
  }
  return e;
}

Expectation Expectations::expect(const std::string& suite, const std::string& variant,
                                 const ParamPoint& p) const {
  for (const auto& r : rules_) {
    if (r.suite != suite || r.variant != variant) continue;
    bool all = true;
    for (const auto& c : r.when) all = all && c.holds(p);
    if (all) return {r.verdict, r.reason};
  }
  return {default_, ""};
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
