// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// load_resumed_run and resume_key of resume.h.

#include "harness/detail/resume.h"

#include <sys/stat.h>

#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "harness/results_reader.h"
#include "harness/results_writer.h"
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

// What the JSON library says of a field, without its "[json.exception.type_error.302] " tag.
std::string reason(const std::exception& e) {
  const std::string what = e.what();
  const auto tag = what.rfind("[json.exception.", 0) == 0 ? what.find("] ") : std::string::npos;
  return tag == std::string::npos ? what : what.substr(tag + 2);
}

// The case as this run would have made it: its suite and every param, in the suite's axis order.
void check_is_selected(CaseResult& c, const SelectedCase& selected) {
  const auto& want = selected.point.values();
  bool same = c.suite == selected.suite->name && c.params.values().size() == want.size();
  for (const auto& [name, value] : want) same = same && c.params.has(name) && c.params.get(name) == value;
  if (!same) throw std::invalid_argument("its suite or params are not those its case_id names");
  c.params = selected.point;
}
}  // namespace

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

ResumedRun load_resumed_run(const std::string& path, const Environment& environment,
                            const std::map<std::string, SelectedCase>& selected) {
  const nlohmann::json doc = read_results(path);
  if (!doc["environment"].contains("selection"))
    throw UsageError(fmt::format("--resume: '{}' does not record its selection (made by an older clampbench)", path));
  const nlohmann::json earlier = resume_key(doc["environment"]), now = resume_key(to_json(environment));
  for (const auto& [name, value] : now.items())
    if (earlier[name] != value)
      throw UsageError(fmt::format("--resume: '{}' was made with {} {}; this run has {}", path, name,
                                   earlier[name].dump(), value.dump()));
  ResumedRun r;
  r.path = path;
  for (const auto& c : doc["cases"]) {
    const std::string id = c.is_object() && c.contains("case_id") && c["case_id"].is_string() ? c["case_id"].get<std::string>() : "";
    if (id.empty()) throw UsageError(fmt::format("--resume: '{}' has a case without a case_id", path));
    const auto it = selected.find(id);
    if (it == selected.end()) throw UsageError(fmt::format("--resume: '{}' has case '{}', which this run does not select", path, id));
    if (!r.case_ids.insert(id).second) throw UsageError(fmt::format("--resume: '{}' has case '{}' twice", path, id));
    try {
      r.cases.push_back(read_case(c));
      check_is_selected(r.cases.back(), it->second);
    } catch (const std::exception& e) {  // nlohmann's type and key errors too
      throw UsageError(fmt::format("--resume: '{}' has case '{}' that cannot be read: {}", path, id, reason(e)));
    }
  }
  try {
    if (doc.contains("outcome")) r.outcome = read_outcome(doc["outcome"]);
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("--resume: '{}' has an outcome that cannot be read: {}", path, reason(e)));
  }
  return r;
}

}  // namespace clampbench
