// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared helpers of the harness tests: a fresh temporary directory per test, file helpers,
// an in-process `clampbench` invocation capturing stdout/stderr, and what the results reader
// says of a case with one figure spoiled.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/cli/cli.h"
#include "harness/results_json/figures.h"
#include "harness/results_json/reader.h"
#include "harness/results_json/writer.h"
#include "suites/suite.h"

namespace clampbench::testing {

inline std::filesystem::path fresh_temp_dir(const std::string& tag) {
  auto dir = std::filesystem::temp_directory_path() / ("clampbench_test_" + tag + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline void write_text(const std::filesystem::path& p, const std::string& text) { std::ofstream(p) << text; }

inline nlohmann::json read_json(const std::filesystem::path& p) {
  std::ifstream in(p);
  return nlohmann::json::parse(in);
}

struct CliResult {
  int code;
  std::string out, err;
};

inline CliResult cli(const std::vector<std::string>& args, const std::vector<Suite>& suites) {
  std::vector<std::string> storage = {"clampbench"};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  std::ostringstream out, err;
  const int code = run_cli(static_cast<int>(storage.size()), argv.data(), suites, out, err);
  return {code, out.str(), err.str()};
}

// The expectations of the fake suites' known findings (see fake_suites.h), finding by finding.
inline std::string fake_expectations_json() {
  return R"({"schema_version": 2, "default": "same", "expectations": [
    {"suite": "fake_mismatch", "variant": "clamp_wrong", "verdict": "output_mismatch", "outputs": ["y"],
     "reason": "min 1"},
    {"suite": "fake_mutation", "variant": "clamp_", "verdict": "mutation", "mutations": [{"buffer": "x", "changed": 2}],
     "reason": "in place"},
    {"suite": "fake_writable", "variant": "clamp_badwrite", "verdict": "output_mismatch", "outputs": ["slots"],
     "reason": "8 not 7"},
    {"suite": "fake_throw", "variant": "clamp_", "verdict": "error", "reason": "throws"}],
    "latent_writes": [
    {"suite": "fake_mutation", "variant": "clamp_", "buffer": "x", "reason": "in place"}]})";
}

// A case "s/R=8" of two variants: the reference "clamp", empty, then `v`, which holds what a
// test of the results' blocks reads back.
inline CaseResult case_of(VariantResult v) {
  CaseResult c;
  c.suite = "s";
  c.case_id = "s/R=8";
  c.params.set("R", 8);
  c.variants = {VariantResult{}, std::move(v)};
  c.variants[0].name = "clamp";
  return c;
}

// The one line read_case's refusal gives for case `c` as the results hold it, with each value
// at its pointer (a JSON pointer under the case) set as `edits` say; "" when the case still
// reads.
inline std::string read_refusal(const CaseResult& c, const std::vector<std::pair<std::string, nlohmann::json>>& edits) {
  nlohmann::json doc = {{"cases", nlohmann::json::array({to_json(c, true)})}};
  for (const auto& [pointer, value] : edits) doc[nlohmann::json::json_pointer("/cases/0" + pointer)] = value;
  try {
    read_case(doc["cases"][0]);
  } catch (const std::exception& e) {
    return read_error_text(e, doc);
  }
  return "";
}
inline std::string read_refusal(const CaseResult& c, const std::string& pointer, const nlohmann::json& bad) {
  return read_refusal(c, {{pointer, bad}});
}

}  // namespace clampbench::testing
