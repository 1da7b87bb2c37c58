// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The blocks of a variant in results_json/writer.h: element values, mismatches and changed
// buffers, findings, the CUPTI figures, the allocation trace.

#include "harness/results_json/writer.h"

#include <type_traits>

namespace clampbench {

namespace {
using json = nlohmann::json;

json finding_json(const UnexpectedFinding& f) {
  return {{"kind", f.kind}, {"name", f.name}, {"count", f.count},
          {"expected_count", f.expected_count ? json(*f.expected_count) : json(nullptr)}};
}

}  // namespace

json to_json(const ElementValue& v) {
  return std::visit([](const auto& x) -> json {
    if constexpr (std::is_same_v<std::decay_t<decltype(x)>, std::monostate>) return nullptr;
    else return x;
  }, v);
}

json to_json(const TensorMismatch& m) {
  json j = {{"output", m.name}, {"source", m.source}, {"count", m.count},
            {"first_index", m.reason.empty() ? json(m.first_index) : json(nullptr)},
            {"reference", to_json(m.reference)}, {"value", to_json(m.value)}};
  if (!m.reason.empty()) j["reason"] = m.reason;
  return j;
}

json to_json(const BufferChange& c, bool with_first) {
  json j = {{"buffer", c.buffer}, {"role", role_name(c.role)}, {"changed", c.changed}};
  if (with_first) {
    j["first"] = json::array();
    for (const auto& e : c.first)
      j["first"].push_back({{"index", e.index}, {"before", to_json(e.before)}, {"after", to_json(e.after)}});
  }
  return j;
}

json findings_json(const VariantResult& vr) {
  json found = json::array(), unexpected = json::array(), vanished = json::array();
  for (const auto& m : vr.output_mismatches) found.push_back({{"kind", "output"}, {"name", m.name}, {"count", m.count}});
  for (const auto& c : vr.mutations) found.push_back({{"kind", "mutation"}, {"name", c.buffer}, {"count", c.changed}});
  for (const auto& f : vr.unexpected_findings) (f.vanished ? vanished : unexpected).push_back(finding_json(f));
  return {{"set", found}, {"listed", vr.findings_listed}, {"unexpected", unexpected}, {"vanished", vanished},
          {"as_expected", vr.unexpected_findings.empty()}};
}

json to_json(const cupti::ScopeStats& s) {
  if (!s.available) return {{"available", false}, {"reason", s.reason.empty() ? "CUPTI unavailable" : s.reason}};
  json by_kind = json::object();
  for (const auto& [name, k] : s.by_kind)
    by_kind[name] = {{"allocations", k.allocations}, {"releases", k.releases},
                     {"bytes_allocated", k.bytes_allocated}, {"bytes_released", k.bytes_released}};
  return {{"available", true}, {"allocations", s.allocations}, {"releases", s.releases}, {"bytes", s.bytes},
          {"by_memory_kind", std::move(by_kind)}, {"kernels", s.kernels}, {"launch_calls", s.launch_calls},
          {"memcpy", {{"count", s.memcpy_count}, {"bytes", s.memcpy_bytes}}},
          {"memset", {{"count", s.memset_count}, {"bytes", s.memset_bytes}}},
          {"memory_pool", {{"created", s.memory_pool.created}, {"destroyed", s.memory_pool.destroyed},
                           {"trimmed", s.memory_pool.trimmed}}},
          {"dropped_records", s.dropped_records},
          {"attribution", {{"by_correlation", s.attributed_by_correlation}, {"by_time", s.attributed_by_time}}}};
}

json to_json(const cupti::CrossCheck& check) {
  return {{"status", cupti::to_string(check.status)}, {"detail", check.detail}};
}

json to_json(const std::optional<CuptiResult>& cupti) {
  if (!cupti) return {{"available", false}, {"reason", "the builder call failed"}};
  json j = to_json(cupti->stats);
  if (cupti->stats.available) {
    j["cross_check"] = to_json(cupti->cross_check);
    j["launch_check"] = to_json(cupti->launch_check);
  }
  return j;
}

json trace_json(const std::vector<TracedAllocation>& trace, std::size_t dropped, std::size_t limit) {
  json list = json::array();
  for (std::size_t i = 0; i < trace.size() && i < limit; ++i) {
    const TracedAllocation& a = trace[i];
    list.push_back({{"seq", a.seq}, {"op", a.op}, {"tag", a.tag.empty() ? json(nullptr) : json(a.tag)},
                    {"dtype", std::string(dtype_name(a.dtype))}, {"shape", a.shape.to_vector()}, {"bytes", a.bytes},
                    {"device", std::string(device_name(a.device))},
                    {"freed_at", a.freed_at < 0 ? json(nullptr) : json(a.freed_at)}});
  }
  const std::size_t total = trace.size() + dropped;
  return {{"allocations", list}, {"total", total}, {"truncated", total - list.size()}};
}

}  // namespace clampbench
