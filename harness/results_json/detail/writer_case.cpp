// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The case half of results_json/writer.h: a case, its variants and every block they hold.

#include "harness/results_json/writer.h"

namespace clampbench {

namespace {
using json = nlohmann::json;

json opt_text(const std::string& s) { return s.empty() ? json(nullptr) : json(s); }

json counters_json(const LedgerCounters& c) {
  return {{"allocations", c.allocations}, {"frees", c.frees}, {"bytes_requested", c.bytes_requested},
          {"bytes_reserved", c.bytes_reserved}, {"peak_bytes", c.peak_bytes},
          {"segments_created", c.segments_created}, {"segments_released", c.segments_released},
          {"segment_bytes_created", c.segment_bytes_created}};
}

json ledger_json(const VariantResult& v, DeviceType case_device) {
  if (!v.ledger_valid) return nullptr;
  json j = json::object();
  for (int d = 0; d < kNumDeviceTypes; ++d) {
    const auto dev = static_cast<DeviceType>(d);
    if (dev == case_device || !(v.ledger[d] == LedgerCounters{}))
      j[std::string(device_name(dev))] = counters_json(v.ledger[d]);
  }
  j["total"] = counters_json(ledger_total(v.ledger));
  return j;
}

json stats_json(const Stats& s) {
  return {{"median", s.median}, {"p10", s.p10}, {"p90", s.p90}, {"mean", s.mean}, {"stdev", s.stdev},
          {"samples", s.samples}};
}

json timing_json(const std::optional<Timing>& t) {
  if (!t) return nullptr;
  return {{"unit", "ns"}, {"repetitions", t->repetitions}, {"iterations", t->iterations},
          {"primary", t->primary}, {"device", t->device ? stats_json(*t->device) : json(nullptr)},
          {"wall", stats_json(t->wall)}, {"cpu", stats_json(t->cpu)},
          {"noise", t->noise}, {"converged", t->converged}, {"stop_reason", t->stop_reason}, {"rounds", t->rounds},
          {"paired", t->paired ? json{{"vs", t->paired_vs}, {"ratio", stats_json(*t->paired)}} : json(nullptr)}};
}

json checks_json(const VariantResult& v) {
  json outputs = {{"equal", v.output_mismatches.empty()}, {"mismatches", json::array()}};
  for (const auto& m : v.output_mismatches) outputs["mismatches"].push_back(to_json(m));
  json j = {{"outputs", outputs}, {"mutations", json::array()}, {"writes", json::array()},
            {"consequences", json::array()}};
  for (const auto& m : v.mutations) j["mutations"].push_back(to_json(m, true));
  for (const auto& w : v.writes) j["writes"].push_back(to_json(w, false));
  for (const auto& c : v.consequences) {
    json r = {{"reader", c.reader}, {"equal", !c.error && c.mismatches.empty()},
              {"error", c.error ? json(*c.error) : json(nullptr)}, {"mismatches", json::array()}};
    for (const auto& m : c.mismatches) r["mismatches"].push_back(to_json(m));
    j["consequences"].push_back(r);
  }
  return j;
}

json order_writes_json(const VariantResult& v) {
  json findings = json::array();
  for (const auto& f : v.order_dependent_writes)
    findings.push_back({{"buffer", f.buffer}, {"role", role_name(f.role)}, {"op", f.op}, {"duplicates", f.duplicates},
                        {"first_index", f.first_index.empty() ? json(nullptr) : json(f.first_index)},
                        {"expected", f.expected}, {"reason", opt_text(f.reason)}});
  return {{"findings", findings}, {"vanished", v.order_writes_vanished}, {"as_expected", v.order_writes_as_expected()}};
}

json latent_writes_json(const VariantResult& v) {
  json findings = json::array();
  for (const auto& f : v.latent_writes)
    findings.push_back({{"buffer", f.buffer}, {"op", f.op}, {"view", f.view}, {"calls", f.calls},
                        {"elements_written", f.elements_written}, {"elements_changed", f.elements_changed},
                        {"expected", f.expected}, {"reason", opt_text(f.reason)}});
  return {{"findings", findings}, {"vanished", v.latent_writes_vanished}, {"as_expected", v.latent_writes_as_expected()}};
}

json variant_json(const CaseResult& c, const VariantResult& v, bool with_traces) {
  std::int64_t sa = 0, sb = 0;
  const bool has_saved = saved_vs(c.variants.front(), v, sa, sb);
  json j = {
      {"name", v.name}, {"verdict", verdict_name(v.verdict)}, {"expected_verdict", verdict_name(v.expected_verdict)},
      {"expected", v.verdict == v.expected_verdict}, {"expectation_reason", opt_text(v.expectation_reason)},
      {"error", v.error ? json(*v.error) : json(nullptr)},
      {"allocations", {{"ledger", ledger_json(v, c.device)}, {"cupti", to_json(v.cupti)}, {"pytorch", nullptr}}},
      {"saved_vs_reference", has_saved ? json{{"allocations", sa}, {"bytes_requested", sb}} : json(nullptr)},
      {"timing", timing_json(v.timing)},
      {"instructions", v.instructions ? json(*v.instructions) : json(nullptr)},
      {"host_cost", to_json(v.host_cost)},
      {"checks", checks_json(v)}, {"order_dependent_writes", order_writes_json(v)},
      {"latent_writes", latent_writes_json(v)}, {"findings", findings_json(v)}};
  // The results carry traces only when asked: they can be long.
  if (with_traces && !v.allocation_trace.empty())
    j["allocation_trace"] = trace_json(v.allocation_trace, v.allocation_trace_dropped);
  return j;
}
}  // namespace

json to_json(const CaseResult& c, bool with_traces) {
  json params = json::object();
  for (const auto& [k, val] : c.params.values()) params[k] = val;
  json j = {{"suite", c.suite}, {"case_id", c.case_id}, {"device", std::string(device_name(c.device))},
            {"params", params}, {"variants", json::array()}};
  for (const auto& v : c.variants) j["variants"].push_back(variant_json(c, v, with_traces));
  return j;
}

}  // namespace clampbench
