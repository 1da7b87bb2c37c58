// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/selection/case_filter.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "harness/selection/shard.h"
#include "harness/usage_error.h"

namespace clampbench {

namespace {
template <typename T>
bool contains(const std::vector<T>& v, const T& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

bool case_selected(const Suite& suite, const ParamPoint& point, const RunConfig& config) {
  for (const auto& f : config.axes)
    if (!point.has(f.name) || !contains(f.values, point.get(f.name))) return false;
  return config.cases.empty() || contains(config.cases, case_id(suite, point));
}

std::vector<ParamPoint> selected_points(const Suite& suite, const RunConfig& config) {
  std::vector<ParamPoint> out;
  for (const auto& p : suite.points(config.sizes))
    if (case_selected(suite, p, config)) out.push_back(p);
  return out;
}
}  // namespace

AxisFilter parse_axis_filter(const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError(fmt::format("bad --axis '{}' (NAME=VALUE or NAME=[V1,V2])", text));
  AxisFilter f{text.substr(0, eq), {}};
  std::string list = text.substr(eq + 1);
  if (list.size() >= 2 && list.front() == '[' && list.back() == ']') list = list.substr(1, list.size() - 2);
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string item = list.substr(start, comma - start);
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (item.empty() || ec != std::errc() || end != item.data() + item.size())
      throw UsageError(fmt::format("bad value '{}' in --axis '{}' (integers only)", item, text));
    f.values.push_back(value);
    start = comma + 1;
  }
  return f;
}

std::vector<SelectedCase> selected_cases(const std::vector<const Suite*>& suites, const RunConfig& config) {
  std::vector<SelectedCase> out;
  for (const Suite* s : suites)
    for (ParamPoint& p : selected_points(*s, config)) {
      std::string id = case_id(*s, p);
      if (!config.shard || shard_of(id, config.shard->count) == config.shard->index) out.push_back({s, p, std::move(id)});
    }
  return out;
}

std::vector<const Variant*> selected_variants(const Suite& suite, const RunConfig& config) {
  std::vector<const Variant*> out;
  for (const auto& v : suite.variants)
    if (out.empty() || config.variants.empty() || contains(config.variants, v.name)) out.push_back(&v);
  return out;
}

std::vector<const Suite*> apply_case_filters(const RunConfig& config, const std::vector<const Suite*>& suites) {
  std::vector<std::string> axes, ids;
  for (const Suite* s : suites) {
    for (const auto& a : s->axes)
      if (!contains(axes, a.name)) axes.push_back(a.name);
    for (const auto& p : s->points(config.sizes)) ids.push_back(case_id(*s, p));
  }
  for (const auto& f : config.axes)
    if (!contains(axes, f.name))
      throw UsageError(fmt::format("unknown axis '{}' (axes of the selected suites: {})", f.name, join(axes)));
  for (const auto& id : config.cases)
    if (!contains(ids, id))
      throw UsageError(fmt::format("no case '{}' among the {} cases of the selected suites "
                                   "(--benchmark_list_tests lists them)", id, size_set_name(config.sizes)));
  std::vector<const Suite*> kept;
  for (const Suite* s : suites)
    if (!selected_points(*s, config).empty()) kept.push_back(s);
  if (kept.empty())
    throw UsageError(fmt::format("no {} case matches the --suite/--axis/--case filters", size_set_name(config.sizes)));
  return kept;
}

}  // namespace clampbench
