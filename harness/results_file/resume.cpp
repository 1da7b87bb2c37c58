// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// load_resumed_run and resume_key of resume.h.

#include "harness/results_file/resume.h"

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "harness/results_json/reader.h"
#include "harness/results_json/writer.h"
#include "harness/usage_error.h"

namespace clampbench {

namespace {
// Each setting that changes what a case measures, as a path into the environment.
constexpr const char* kKeyFields[][2] = {
    {"selection", nullptr}, {"shard", nullptr}, {"size_set", nullptr}, {"seed", nullptr}, {"backend", nullptr},
    {"allocator", nullptr}, {"timing", nullptr}, {"timing_config", nullptr}, {"plant", nullptr},
    {"instructions", "method"}, {"instructions", "requested"}, {"clampbench_version", nullptr},
    {"git_commit", nullptr}, {"build_type", nullptr}, {"device_name", nullptr}};

nlohmann::json read_results(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) throw UsageError(fmt::format("--resume: cannot read '{}'", path));
  if (!S_ISREG(st.st_mode)) throw UsageError(fmt::format("--resume: '{}' is not a regular file", path));
  std::ifstream in(path, std::ios::binary);
  nlohmann::json doc = nlohmann::json::parse(in, nullptr, false);
  if (!in.good() && !in.eof()) throw UsageError(fmt::format("--resume: cannot read '{}'", path));
  if (doc.is_discarded()) throw UsageError(fmt::format("--resume: '{}' is not JSON", path));
  if (!doc.is_object() || doc.value("tool", "") != "clampbench" || doc.value("schema_version", 0) != kSchemaVersion ||
      !doc.contains("environment") || !doc["environment"].is_object() || !doc.contains("cases") ||
      !doc["cases"].is_array())
    throw UsageError(fmt::format("--resume: '{}' is not a clampbench results file of schema v{}", path, kSchemaVersion));
  return doc;
}

// The environment is compared as written (resume_key), where 1.0 equals 1: it is read as
// merge reads a shard's, so that both refuse the same figures.
void check_environment_reads(const std::string& path, const nlohmann::json& doc) {
  try {
    read_environment(doc["environment"]);
  } catch (const std::exception& e) {
    throw UsageError(
        fmt::format("--resume: '{}' has an environment that cannot be read: {}", path, read_error_text(e, doc)));
  }
}

// The case as this run would have made it: its suite and every param, in the suite's axis order.
void check_is_selected(CaseResult& c, const SelectedCase& selected) {
  const auto& want = selected.point.values();
  bool same = c.suite == selected.suite->name && c.params.values().size() == want.size();
  for (const auto& [name, value] : want) same = same && c.params.has(name) && c.params.get(name) == value;
  if (!same) throw std::invalid_argument("its suite or params are not those its case_id names");
  c.params = selected.point;
}
// The earlier run's internal errors that its cases do not make again (compute_outcome).
std::vector<std::string> run_errors(std::vector<std::string> all, const std::vector<CaseResult>& cases) {
  for (const auto& derived : compute_outcome(cases, {}).internal_errors)
    if (auto it = std::find(all.begin(), all.end(), derived); it != all.end()) all.erase(it);
  return all;
}
}  // namespace

std::string what_case_lacks(const CaseResult& c, const Suite& suite, const RunConfig& config) {
  const auto want = selected_variants(suite, config);
  for (const Variant* v : want)
    if (std::none_of(c.variants.begin(), c.variants.end(), [&](const VariantResult& vr) { return vr.name == v->name; }))
      return fmt::format("variant '{}'", v->name);
  if (c.variants.size() != want.size()) return fmt::format("the variants this run selects (it has {})", c.variants.size());
  for (std::size_t k = 0; k < want.size(); ++k)
    if (c.variants[k].name != want[k]->name) return fmt::format("the variants in this run's order");
  for (const auto& v : c.variants) {
    if (config.timing && !v.error && !v.timing) return fmt::format("the timing of variant '{}'", v.name);
    if (config.instructions.method == InstructionMethod::Perf && c.device == DeviceType::Host && !v.error && !v.instructions)
      return fmt::format("the instruction count of variant '{}'", v.name);
  }
  return "";
}

bool lacks_instructions(const CaseResult& c) {
  return c.device == DeviceType::Host &&
         std::any_of(c.variants.begin(), c.variants.end(), [](const VariantResult& v) { return !v.error && !v.instructions; });
}

nlohmann::json resume_key(const nlohmann::json& environment) {
  nlohmann::json key = nlohmann::json::object();
  for (const auto& [field, sub] : kKeyFields) {
    const std::string name = sub ? fmt::format("{}.{}", field, sub) : field;
    const auto it = environment.find(field);
    if (it == environment.end()) key[name] = nullptr;
    else if (!sub) key[name] = *it;
    else key[name] = it->is_object() && it->contains(sub) ? (*it)[sub] : nlohmann::json(nullptr);
  }
  return key;
}

ResumedRun load_resumed_run(const std::string& path, const RunConfig& config, const Environment& environment,
                            const std::map<std::string, SelectedCase>& selected) {
  const nlohmann::json doc = read_results(path);
  if (!doc["environment"].contains("selection"))
    throw UsageError(fmt::format("--resume: '{}' does not record its selection (made by an older clampbench)", path));
  check_environment_reads(path, doc);
  const nlohmann::json earlier = resume_key(doc["environment"]), now = resume_key(to_json(environment));
  for (const auto& [name, value] : now.items())
    if (earlier[name] != value)
      throw UsageError(fmt::format("--resume: '{}' was made with {} {}; this run has {}", path, name,
                                   earlier[name].dump(), value.dump()));
  ResumedRun r;
  r.path = path;
  std::vector<CaseResult> read;  // every case of FILE, kept or not
  std::set<std::string> seen;
  for (const auto& c : doc["cases"]) {
    const std::string id = c.is_object() && c.contains("case_id") && c["case_id"].is_string() ? c["case_id"].get<std::string>() : "";
    if (id.empty()) throw UsageError(fmt::format("--resume: '{}' has a case without a case_id", path));
    const auto it = selected.find(id);
    if (it == selected.end()) throw UsageError(fmt::format("--resume: '{}' has case '{}', which this run does not select", path, id));
    if (!seen.insert(id).second) throw UsageError(fmt::format("--resume: '{}' has case '{}' twice", path, id));
    try {
      read.push_back(read_case(c));
      check_is_selected(read.back(), it->second);
    } catch (const std::exception& e) {  // nlohmann's type and key errors too
      throw UsageError(
          fmt::format("--resume: '{}' has case '{}' that cannot be read: {}", path, id, read_error_text(e, doc)));
    }
    if (const std::string lacks = what_case_lacks(read.back(), *it->second.suite, config); !lacks.empty()) {
      if (r.run_again++ == 0) r.first_lack = fmt::format("case '{}' lacks {}", id, lacks);
      continue;
    }
    r.case_ids.insert(id);
    r.cases.push_back(read.back());
  }
  try {
    if (doc.contains("outcome")) r.internal_errors = run_errors(read_outcome(doc["outcome"]).internal_errors, read);
  } catch (const std::exception& e) {
    throw UsageError(
        fmt::format("--resume: '{}' has an outcome that cannot be read: {}", path, read_error_text(e, doc)));
  }
  return r;
}

}  // namespace clampbench
