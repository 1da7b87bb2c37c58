// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/results_writer.h"

#include "harness/findings.h"
#include "harness/trace_export.h"

#include <map>

namespace clampbench {

namespace {
nlohmann::json counters_json(const LedgerCounters& c) {
  return {{"allocations", c.allocations}, {"frees", c.frees}, {"bytes_requested", c.bytes_requested},
          {"bytes_reserved", c.bytes_reserved}, {"peak_bytes", c.peak_bytes},
          {"segments_created", c.segments_created}, {"segments_released", c.segments_released},
          {"segment_bytes_created", c.segment_bytes_created}};
}

LedgerCounters total(const PerDevice& d) {
  LedgerCounters t;
  for (const auto& c : d) {
    t.allocations += c.allocations; t.frees += c.frees;
    t.bytes_requested += c.bytes_requested; t.bytes_reserved += c.bytes_reserved;
    t.peak_bytes += c.peak_bytes;  // sum of per-device peaks
    t.segments_created += c.segments_created; t.segments_released += c.segments_released;
    t.segment_bytes_created += c.segment_bytes_created;
  }
  return t;
}

nlohmann::json ledger_json(const VariantResult& v, DeviceType case_device) {
  if (!v.ledger_valid) return nullptr;
  nlohmann::json j = nlohmann::json::object();
  for (int d = 0; d < kNumDeviceTypes; ++d) {
    const auto dev = static_cast<DeviceType>(d);
    if (dev == case_device || !(v.ledger[d] == LedgerCounters{}))
      j[std::string(device_name(dev))] = counters_json(v.ledger[d]);
  }
  j["total"] = counters_json(total(v.ledger));
  return j;
}

nlohmann::json stats_json(const Stats& s) {
  return {{"median", s.median}, {"p10", s.p10}, {"p90", s.p90}, {"mean", s.mean}, {"stdev", s.stdev},
          {"samples", s.samples}};
}

nlohmann::json timing_json(const std::optional<Timing>& t) {
  if (!t) return nullptr;
  return {{"unit", "ns"}, {"repetitions", t->repetitions}, {"iterations", t->iterations},
          {"primary", t->primary}, {"device", t->device ? stats_json(*t->device) : nlohmann::json(nullptr)},
          {"wall", stats_json(t->wall)}, {"cpu", stats_json(t->cpu)},
          {"noise", t->noise}, {"converged", t->converged}, {"stop_reason", t->stop_reason}, {"rounds", t->rounds},
          {"paired", t->paired ? nlohmann::json{{"vs", t->paired_vs}, {"ratio", stats_json(*t->paired)}}
                               : nlohmann::json(nullptr)}};
}

nlohmann::json checks_json(const VariantResult& v) {
  nlohmann::json outputs = {{"equal", v.output_mismatches.empty()}, {"mismatches", nlohmann::json::array()}};
  for (const auto& m : v.output_mismatches) outputs["mismatches"].push_back(to_json(m));
  nlohmann::json j = {{"outputs", outputs}, {"mutations", nlohmann::json::array()},
                      {"writes", nlohmann::json::array()}, {"consequences", nlohmann::json::array()}};
  for (const auto& m : v.mutations) j["mutations"].push_back(to_json(m, true));
  for (const auto& w : v.writes) j["writes"].push_back(to_json(w, false));
  for (const auto& c : v.consequences) {
    nlohmann::json r = {{"reader", c.reader}, {"equal", !c.error && c.mismatches.empty()},
                        {"error", c.error ? nlohmann::json(*c.error) : nlohmann::json(nullptr)},
                        {"mismatches", nlohmann::json::array()}};
    for (const auto& m : c.mismatches) r["mismatches"].push_back(to_json(m));
    j["consequences"].push_back(r);
  }
  return j;
}

nlohmann::json order_writes_json(const VariantResult& v) {
  nlohmann::json findings = nlohmann::json::array();
  for (const auto& f : v.order_dependent_writes)
    findings.push_back({{"buffer", f.buffer}, {"role", role_name(f.role)}, {"op", f.op}, {"duplicates", f.duplicates},
                        {"first_index", f.first_index.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.first_index)},
                        {"expected", f.expected},
                        {"reason", f.reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.reason)}});
  return {{"findings", findings}, {"vanished", v.order_writes_vanished}, {"as_expected", v.order_writes_as_expected()}};
}

nlohmann::json latent_writes_json(const VariantResult& v) {
  nlohmann::json findings = nlohmann::json::array();
  for (const auto& f : v.latent_writes)
    findings.push_back({{"buffer", f.buffer}, {"op", f.op}, {"view", f.view}, {"calls", f.calls},
                        {"elements_written", f.elements_written}, {"elements_changed", f.elements_changed},
                        {"expected", f.expected},
                        {"reason", f.reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.reason)}});
  return {{"findings", findings}, {"vanished", v.latent_writes_vanished}, {"as_expected", v.latent_writes_as_expected()}};
}

bool saved(const VariantResult& ref, const VariantResult& v, std::int64_t& allocs, std::int64_t& bytes) {
  if (!ref.ledger_valid || !v.ledger_valid) return false;
  const LedgerCounters a = total(ref.ledger), b = total(v.ledger);
  allocs = static_cast<std::int64_t>(a.allocations) - static_cast<std::int64_t>(b.allocations);
  bytes = static_cast<std::int64_t>(a.bytes_requested) - static_cast<std::int64_t>(b.bytes_requested);
  return true;
}
// The variant that allocates only what the builder returns: the floor the others are held to.
constexpr const char* kFloorVariant = "fused";

void widen(nlohmann::json& min_max, double value) {
  if (min_max.is_null()) min_max = {{"min", value}, {"max", value}};
  min_max["min"] = std::min(min_max["min"].get<double>(), value);
  min_max["max"] = std::max(min_max["max"].get<double>(), value);
}
}  // namespace

nlohmann::json case_json(const CaseResult& c) {
  nlohmann::json params = nlohmann::json::object();
  for (const auto& [k, val] : c.params.values()) params[k] = val;
  nlohmann::json j = {{"suite", c.suite}, {"case_id", c.case_id}, {"device", std::string(device_name(c.device))},
                      {"params", params}, {"variants", nlohmann::json::array()}};
  for (const auto& v : c.variants) {
    std::int64_t sa = 0, sb = 0;
    const bool has_saved = saved(c.variants.front(), v, sa, sb);
    j["variants"].push_back({
        {"name", v.name}, {"verdict", verdict_name(v.verdict)},
        {"expected_verdict", verdict_name(v.expected_verdict)}, {"expected", v.verdict == v.expected_verdict},
        {"expectation_reason", v.expectation_reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(v.expectation_reason)},
        {"error", v.error ? nlohmann::json(*v.error) : nlohmann::json(nullptr)},
        {"allocations", {{"ledger", ledger_json(v, c.device)},
                         {"cupti", v.cupti.is_null() ? nlohmann::json{{"available", false}, {"reason", "the builder call failed"}} : v.cupti},
                         {"pytorch", nullptr}}},
        {"saved_vs_reference", has_saved ? nlohmann::json{{"allocations", sa}, {"bytes_requested", sb}} : nlohmann::json(nullptr)},
        {"timing", timing_json(v.timing)},
        {"instructions", v.instructions ? nlohmann::json(*v.instructions) : nlohmann::json(nullptr)},
        {"checks", checks_json(v)},
        {"order_dependent_writes", order_writes_json(v)},
        {"latent_writes", latent_writes_json(v)},
        {"findings", findings_json(v)},
    });
    if (!v.allocation_trace.empty()) j["variants"].back()["allocation_trace"] = trace_json(v.allocation_trace);
  }
  return j;
}

nlohmann::json summary_json(const std::vector<CaseResult>& cases) {
  nlohmann::json out = nlohmann::json::array();
  std::map<std::string, std::size_t> row;  // suite -> index in out, in first-seen order
  for (const auto& c : cases) {
    if (!row.count(c.suite)) {
      row[c.suite] = out.size();
      out.push_back({{"suite", c.suite}, {"cases", 0}, {"variants", nlohmann::json::object()}});
    }
    nlohmann::json& s = out[row[c.suite]];
    s["cases"] = s["cases"].get<int>() + 1;
    // Allocations the floor saves against the reference in this case: the gap to close.
    std::int64_t gap = 0, gap_bytes = 0;
    bool has_gap = false;
    for (const auto& v : c.variants)
      if (v.name == kFloorVariant) has_gap = saved(c.variants.front(), v, gap, gap_bytes) && gap > 0;
    for (const auto& v : c.variants) {
      nlohmann::json& vs = s["variants"][v.name];
      if (vs.is_null()) vs = {{"verdicts", nlohmann::json::object()}, {"unexpected", 0},
                              {"allocations_saved_per_call", nullptr}, {"bytes_saved_per_call", nullptr},
                              {"share_of_floor_gap", nullptr}, {"order_dependent_writes", 0}, {"latent_writes", 0}};
      vs["verdicts"][verdict_name(v.verdict)] = vs["verdicts"].value(verdict_name(v.verdict), 0) + 1;
      if (v.verdict != v.expected_verdict || !v.unexpected_findings.empty())
        vs["unexpected"] = vs["unexpected"].get<int>() + 1;
      if (!v.order_dependent_writes.empty())
        vs["order_dependent_writes"] = vs["order_dependent_writes"].get<int>() + 1;
      if (!v.latent_writes.empty()) vs["latent_writes"] = vs["latent_writes"].get<int>() + 1;
      std::int64_t sa = 0, sb = 0;
      if (!saved(c.variants.front(), v, sa, sb)) continue;
      for (auto [key, val] : {std::pair{"allocations_saved_per_call", sa}, std::pair{"bytes_saved_per_call", sb}}) {
        nlohmann::json& mm = vs[key];
        if (mm.is_null()) mm = {{"min", val}, {"max", val}};
        mm["min"] = std::min(mm["min"].get<std::int64_t>(), val);
        mm["max"] = std::max(mm["max"].get<std::int64_t>(), val);
      }
      if (has_gap) widen(vs["share_of_floor_gap"], static_cast<double>(sa) / static_cast<double>(gap));
    }
  }
  return out;
}

nlohmann::json outcome_json(const Outcome& o) {
  nlohmann::json j = {{"status", o.status}, {"exit_code", o.exit_code}, {"unexpected", nlohmann::json::array()},
                      {"internal_errors", o.internal_errors}};
  for (const auto& u : o.unexpected)
    j["unexpected"].push_back({{"case_id", u.case_id}, {"variant", u.variant}, {"verdict", verdict_name(u.verdict)},
                               {"expected", verdict_name(u.expected)}});
  j["unexpected_findings"] = nlohmann::json::array();
  for (const auto& u : o.unexpected_findings)
    j["unexpected_findings"].push_back(
        {{"case_id", u.case_id}, {"variant", u.variant}, {"kind", u.finding.kind}, {"name", u.finding.name},
         {"count", u.finding.count},
         {"expected_count", u.finding.expected_count ? nlohmann::json(*u.finding.expected_count) : nlohmann::json(nullptr)},
         {"vanished", u.finding.vanished}});
  j["unexpected_order_dependent_writes"] = nlohmann::json::array();
  for (const auto& u : o.unexpected_order_writes)
    j["unexpected_order_dependent_writes"].push_back(
        {{"case_id", u.case_id}, {"variant", u.variant}, {"buffer", u.buffer}, {"vanished", u.vanished}});
  j["unexpected_latent_writes"] = nlohmann::json::array();
  for (const auto& u : o.unexpected_latent_writes)
    j["unexpected_latent_writes"].push_back(
        {{"case_id", u.case_id}, {"variant", u.variant}, {"buffer", u.buffer}, {"vanished", u.vanished}});
  return j;
}

nlohmann::json results_json(const RunConfig&, const nlohmann::json& environment,
                            const std::vector<CaseResult>& cases, const Outcome& outcome) {
  nlohmann::json j = {{"schema_version", kSchemaVersion}, {"tool", "clampbench"}, {"environment", environment},
                      {"cases", nlohmann::json::array()}, {"summary", summary_json(cases)},
                      {"outcome", outcome_json(outcome)}};
  for (const auto& c : cases) j["cases"].push_back(case_json(c));
  return j;
}

}  // namespace clampbench
