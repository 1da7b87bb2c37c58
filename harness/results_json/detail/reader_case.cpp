// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The variant half of results_json/reader.h: a variant and the blocks it holds.

#include <stdexcept>

#include "harness/results_json/reader.h"

namespace clampbench {

namespace {
using json = nlohmann::json;

std::string text_or_empty(const json& j) { return j.is_null() ? std::string() : j.get<std::string>(); }
std::optional<std::string> opt_text(const json& j) {
  return j.is_null() ? std::nullopt : std::optional<std::string>(j.get<std::string>());
}
TracedAllocation traced(const json& j) {
  TracedAllocation a;
  a.seq = read_count<std::int64_t>(j.at("seq"));
  a.op = j.at("op").get<std::string>();
  a.tag = text_or_empty(j.at("tag"));
  a.dtype = read_dtype(j.at("dtype"));
  a.shape = Dims::from(read_list(j.at("shape"), read_integer<std::int64_t>));
  a.bytes = read_count<std::uint64_t>(j.at("bytes"));
  a.device = read_device(j.at("device"));
  a.freed_at = read_optional_count<std::int64_t>(j.at("freed_at")).value_or(-1);
  return a;
}
}  // namespace

VariantResult read_variant(const json& j) {
  VariantResult v;
  v.name = j.at("name").get<std::string>();
  v.verdict = read_verdict(j.at("verdict"));
  v.expected_verdict = read_verdict(j.at("expected_verdict"));
  v.expectation_reason = text_or_empty(j.at("expectation_reason"));
  v.error = opt_text(j.at("error"));
  const json& alloc = j.at("allocations");
  if (const auto ledger = read_ledger(alloc.at("ledger"))) {
    v.ledger_valid = true;
    v.ledger = *ledger;
  }
  v.cupti = read_cupti(alloc.at("cupti"));
  v.timing = read_timing(j.at("timing"));
  v.instructions = read_optional_count<std::int64_t>(j.at("instructions"));
  if (j.contains("host_cost")) v.host_cost = read_host_cost(j.at("host_cost"));  // absent in older files
  const json& checks = j.at("checks");
  for (const auto& m : checks.at("outputs").at("mismatches")) v.output_mismatches.push_back(read_mismatch(m));
  for (const auto& c : checks.at("mutations")) v.mutations.push_back(read_change(c));
  for (const auto& c : checks.at("writes")) v.writes.push_back(read_change(c));
  for (const auto& r : checks.at("consequences")) {
    ReaderReport report{r.at("reader").get<std::string>(), opt_text(r.at("error")), {}};
    for (const auto& m : r.at("mismatches")) report.mismatches.push_back(read_mismatch(m));
    v.consequences.push_back(std::move(report));
  }
  const json& order = j.at("order_dependent_writes");
  for (const auto& f : order.at("findings"))
    v.order_dependent_writes.push_back({f.at("buffer").get<std::string>(), read_role(f.at("role")), f.at("op").get<std::string>(),
                                        read_count<std::int64_t>(f.at("duplicates")), read_index(f.at("first_index")),
                                        f.at("expected").get<bool>(), text_or_empty(f.at("reason"))});
  v.order_writes_vanished = order.at("vanished").get<std::vector<std::string>>();
  const json& latent = j.at("latent_writes");
  for (const auto& f : latent.at("findings"))
    v.latent_writes.push_back({f.at("buffer").get<std::string>(), f.at("op").get<std::string>(),
                               f.at("view").get<std::string>(), read_count<std::int64_t>(f.at("calls")),
                               read_count<std::int64_t>(f.at("elements_written")),
                               read_count<std::int64_t>(f.at("elements_changed")),
                               f.at("expected").get<bool>(), text_or_empty(f.at("reason"))});
  v.latent_writes_vanished = latent.at("vanished").get<std::vector<std::string>>();
  const json& findings = j.at("findings");
  v.findings_listed = findings.at("listed").get<bool>();
  for (const auto& f : findings.at("unexpected")) v.unexpected_findings.push_back(read_finding(f, false));
  for (const auto& f : findings.at("vanished")) v.unexpected_findings.push_back(read_finding(f, true));
  if (j.contains("allocation_trace")) {
    const json& trace = j.at("allocation_trace");
    for (const auto& a : trace.at("allocations")) v.allocation_trace.push_back(traced(a));
    const auto total = read_count<std::size_t>(trace.at("total"));
    if (total < v.allocation_trace.size()) throw std::invalid_argument("allocation_trace.total under its entries");
    v.allocation_trace_dropped = total - v.allocation_trace.size();
  }
  v.ran = !v.error;
  return v;
}

}  // namespace clampbench
