// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/results/trace_export.h"

#include <algorithm>
#include <string>

#include "harness/checks/allocation_diff.h"

namespace clampbench {

nlohmann::json chrome_trace(const std::vector<CaseResult>& cases) {
  nlohmann::json events = nlohmann::json::array();
  int pid = 0;
  for (const CaseResult& c : cases) {
    for (const VariantResult& v : c.variants) {
      ++pid;
      events.push_back({{"name", "process_name"}, {"ph", "M"}, {"pid", pid}, {"tid", 0},
                        {"args", {{"name", c.case_id + " " + v.name}}}});
      std::int64_t end = 0;  // one step past the last event of the call
      for (const auto& a : v.allocation_trace) end = std::max({end, a.seq + 1, a.freed_at + 1});
      // Counter samples at every allocation and free: live bytes after it.
      std::vector<std::pair<std::int64_t, std::int64_t>> steps;  // (seq, +/- bytes)
      for (const auto& a : v.allocation_trace) {
        const auto bytes = static_cast<std::int64_t>(a.bytes);
        events.push_back({{"name", describe(a)}, {"cat", "allocation"}, {"ph", "X"}, {"pid", pid}, {"tid", 1},
                          {"ts", a.seq}, {"dur", (a.freed_at < 0 ? end : a.freed_at) - a.seq},
                          {"args", {{"op", a.op}, {"tag", a.tag}, {"dtype", std::string(dtype_name(a.dtype))},
                                    {"shape", a.shape.to_vector()}, {"bytes", a.bytes},
                                    {"freed_at", a.freed_at < 0 ? nlohmann::json(nullptr) : nlohmann::json(a.freed_at)}}}});
        steps.emplace_back(a.seq, bytes);
        if (a.freed_at >= 0) steps.emplace_back(a.freed_at, -bytes);
      }
      std::sort(steps.begin(), steps.end());
      std::int64_t live = 0;
      events.push_back({{"name", "live bytes"}, {"ph", "C"}, {"pid", pid}, {"ts", 0}, {"args", {{"bytes", 0}}}});
      for (const auto& [seq, delta] : steps) {
        live += delta;
        events.push_back({{"name", "live bytes"}, {"ph", "C"}, {"pid", pid}, {"ts", seq}, {"args", {{"bytes", live}}}});
      }
    }
  }
  return {{"traceEvents", events}, {"displayTimeUnit", "ns"}};
}

}  // namespace clampbench
