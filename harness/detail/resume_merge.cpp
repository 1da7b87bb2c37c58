// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// merge_summaries and merge_outcomes of resume.h. Both work on the JSON shape, field by
// field, so that a field added to the summary or the outcome merges without a change here:
// a number adds, a {min, max} pair widens, an object merges key by key, a list joins.

#include <algorithm>

#include "harness/detail/resume.h"
#include "harness/outcome.h"

namespace clampbench {

namespace {
bool is_min_max(const nlohmann::json& j) { return j.is_object() && j.size() == 2 && j.contains("min") && j.contains("max"); }

nlohmann::json merge_values(const nlohmann::json& a, const nlohmann::json& b) {
  if (a.is_null()) return b;
  if (b.is_null()) return a;
  if (is_min_max(a) && is_min_max(b)) {
    const auto lo = [](const nlohmann::json& x, const nlohmann::json& y) { return x < y ? x : y; };
    const auto hi = [](const nlohmann::json& x, const nlohmann::json& y) { return x < y ? y : x; };
    return {{"min", lo(a["min"], b["min"])}, {"max", hi(a["max"], b["max"])}};
  }
  if (a.is_number_integer() && b.is_number_integer()) return a.get<std::int64_t>() + b.get<std::int64_t>();
  if (a.is_number() && b.is_number()) return a.get<double>() + b.get<double>();
  if (a.is_object() && b.is_object()) {
    nlohmann::json out = a;
    for (const auto& [k, v] : b.items()) out[k] = out.contains(k) ? merge_values(out[k], v) : v;
    return out;
  }
  if (a.is_array() && b.is_array()) {
    nlohmann::json out = a;
    for (const auto& v : b) out.push_back(v);
    return out;
  }
  return b;  // a string (the suite's name): the same in both
}
}  // namespace

nlohmann::json merge_summaries(const nlohmann::json& earlier, const nlohmann::json& now) {
  nlohmann::json out = earlier.is_array() ? earlier : nlohmann::json::array();
  for (const auto& row : now) {
    auto same_suite = [&](const nlohmann::json& r) { return r.value("suite", "") == row.value("suite", ""); };
    auto it = std::find_if(out.begin(), out.end(), same_suite);
    if (it == out.end()) out.push_back(row);
    else *it = merge_values(*it, row);
  }
  return out;
}

nlohmann::json merge_outcomes(const nlohmann::json& earlier, const nlohmann::json& now) {
  nlohmann::json out = now;
  bool unexpected = false;
  for (const auto& [key, list] : earlier.items()) {
    if (!list.is_array()) continue;
    out[key] = merge_values(list, out.value(key, nlohmann::json::array()));
  }
  for (const auto& [key, list] : out.items())
    if (key != "internal_errors" && list.is_array() && !list.empty()) unexpected = true;
  if (!out.value("internal_errors", nlohmann::json::array()).empty()) {
    out["status"] = "internal_error";
    out["exit_code"] = kExitInternal;
  } else if (unexpected) {
    out["status"] = "unexpected";
    out["exit_code"] = kExitUnexpected;
  } else {
    out["status"] = "as_expected";
    out["exit_code"] = kExitOk;
  }
  return out;
}

}  // namespace clampbench
