// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// merge_shards of merge.h: each file read and checked on its own (detail/shard_file.h), then
// the shards checked against each other and against the selection they record.

#include "harness/merge/merge.h"

#include <algorithm>
#include <ctime>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/selection/case_filter.h"
#include "harness/merge/detail/merge_environment.h"
#include "harness/merge/detail/shard_file.h"
#include "harness/results_file/resume.h"
#include "harness/selection/shard.h"
#include "harness/usage_error.h"
#include "harness/version.h"

namespace clampbench {

namespace {
using json = nlohmann::json;
using detail::ShardFile;

// What the shards of one run share: the settings --resume compares (resume.h) but the shard
// index, and the shard count, the build and the expectations.
json merge_key(const json& env) {
  json key = resume_key(env);
  key.erase("shard");
  key["shard.count"] = env["shard"]["count"];
  for (const char* field : {"repetitions", "git_dirty", "compiler", "cuda_compiled", "sm_count", "host_allocator"})
    key[field] = env.value(field, json(nullptr));
  const json expectations = env.value("expectations", json(nullptr));
  key["expectations"] = expectations.is_object() ? expectations.value("fnv1a64", json(nullptr)) : json(nullptr);
  return key;
}

std::string shard_list(const std::vector<ShardFile>& files) {
  std::string out;
  for (const auto& f : files) out += fmt::format("{}{}", out.empty() ? "" : ", ", f.index);
  return out;
}

// Every shard of 1..N exactly once; sorts `files` by index.
void check_shard_set(std::vector<ShardFile>& files) {
  const json key = merge_key(files.front().environment);
  for (const auto& f : files) {
    const json other = merge_key(f.environment);
    for (const auto& [name, value] : key.items())
      if (other[name] != value)
        throw UsageError(fmt::format("merge: '{}' and '{}' differ in {}: {} vs {}", files.front().path, f.path, name,
                                     value.dump(), other[name].dump()));
  }
  std::stable_sort(files.begin(), files.end(), [](const ShardFile& a, const ShardFile& b) { return a.index < b.index; });
  const int count = files.front().env.shard->count;
  for (std::size_t i = 1; i < files.size(); ++i)
    if (files[i].index == files[i - 1].index)
      throw UsageError(fmt::format("merge: '{}' and '{}' are both shard {} of {}", files[i - 1].path, files[i].path,
                                   files[i].index, count));
  for (int want = 1; want <= count; ++want)
    if (static_cast<int>(files.size()) < want || files[static_cast<std::size_t>(want) - 1].index != want)
      throw UsageError(fmt::format("merge: shard {} of {} is missing (given: shard{} {})", want, count,
                                   files.size() > 1 ? "s" : "", shard_list(files)));
  const std::string& made_by = files.front().env.clampbench_version;
  if (made_by != version_string())
    throw UsageError(fmt::format("merge: the shards were made by clampbench {}, this is {}: merge with the build that ran them",
                                 made_by, version_string()));
}

// The cases of the unsharded run, in its order: the recorded selection made again.
std::vector<SelectedCase> whole_selection(const Environment& env, const std::vector<Suite>& suites) {
  RunConfig config;
  config.suites = env.selection.suites;
  config.variants = env.selection.variants;
  config.cases = env.selection.cases;
  config.axes = env.selection.axes;
  std::vector<const Suite*> selected;
  try {
    if (!parse_size_set(env.size_set, config.sizes)) throw UsageError(fmt::format("unknown size set '{}'", env.size_set));
    for (const auto& name : config.suites)
      if (std::none_of(suites.begin(), suites.end(), [&](const Suite& s) { return s.name == name; }))
        throw UsageError(fmt::format("unknown suite '{}'", name));
    for (const auto& s : suites)
      if (config.suites.empty() || std::find(config.suites.begin(), config.suites.end(), s.name) != config.suites.end())
        selected.push_back(&s);
    selected = apply_case_filters(config, selected);
  } catch (const UsageError& e) {
    throw UsageError(fmt::format("merge: the shards' selection is not one this build makes: {}", e.what()));
  }
  return selected_cases(selected, config);
}
}  // namespace

RunDocument merge_shards(const std::vector<std::string>& paths, const std::vector<Suite>& suites,
                         const std::vector<std::string>& command_line, std::vector<std::string>& warnings) {
  if (paths.empty()) throw UsageError("merge: no shard files given");
  std::vector<ShardFile> files;
  for (const auto& p : paths) files.push_back(detail::load_shard(p));
  check_shard_set(files);
  const int count = files.front().env.shard->count;
  std::map<std::string, std::pair<const ShardFile*, const CaseResult*>> found;  // case id -> its file and case
  for (const auto& f : files)
    for (const auto& c : f.cases) {
      if (const auto it = found.find(c.case_id); it != found.end())
        throw UsageError(fmt::format("merge: case '{}' is in both '{}' and '{}'", c.case_id, it->second.first->path, f.path));
      found[c.case_id] = {&f, &c};
    }
  for (const auto& [id, where] : found)
    if (const int home = shard_of(id, count); home != where.first->index)
      throw UsageError(fmt::format("merge: '{}' (shard {} of {}) holds case '{}', which is shard {}'s", where.first->path,
                                   where.first->index, count, id, home));
  RunDocument doc;
  for (const SelectedCase& sc : whole_selection(files.front().env, suites)) {
    const auto it = found.find(sc.id);
    if (it == found.end()) {
      const ShardFile& home = files[static_cast<std::size_t>(shard_of(sc.id, count)) - 1];
      throw UsageError(fmt::format("merge: case '{}' is missing from '{}' (shard {} of {})", sc.id, home.path, home.index, count));
    }
    doc.cases.push_back(*it->second.second);
    found.erase(it);
  }
  if (!found.empty())
    throw UsageError(fmt::format("merge: '{}' has case '{}', which the shards' selection does not hold",
                                 found.begin()->second.first->path, found.begin()->first));
  std::vector<std::string> internal_errors;
  const ShardFile* traced = nullptr;
  for (const auto& f : files) {
    internal_errors.insert(internal_errors.end(), f.outcome.internal_errors.begin(), f.outcome.internal_errors.end());
    if (f.cases.empty()) continue;
    if (traced && traced->with_traces != f.with_traces)
      throw UsageError(fmt::format("merge: '{}' {} allocation traces (--trace), '{}' {}", traced->path,
                                   traced->with_traces ? "has" : "has no", f.path, f.with_traces ? "has" : "has none"));
    traced = &f;
  }
  std::vector<Environment> envs;
  const std::time_t now = std::time(nullptr);
  for (const auto& f : files) {
    envs.push_back(f.env);
    if (std::string line = detail::clock_warning(f, now); !line.empty()) warnings.push_back(std::move(line));
  }
  doc.environment = detail::merged_environment(envs, command_line);
  doc.with_traces = traced && traced->with_traces;
  doc.outcome = compute_outcome(doc.cases, std::move(internal_errors));
  return doc;
}

}  // namespace clampbench
