// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The variant half of results_reader.h: a variant and the blocks it holds.

#include <cmath>
#include <limits>
#include <stdexcept>

#include "harness/results_reader.h"

namespace clampbench {

namespace {
using json = nlohmann::json;

std::string text_or_empty(const json& j) { return j.is_null() ? std::string() : j.get<std::string>(); }
std::optional<std::string> opt_text(const json& j) {
  return j.is_null() ? std::nullopt : std::optional<std::string>(j.get<std::string>());
}
// The writer writes a NaN as null.
double number(const json& j) { return j.is_null() ? std::numeric_limits<double>::quiet_NaN() : j.get<double>(); }
std::vector<std::int64_t> index_or_empty(const json& j) {
  return j.is_null() ? std::vector<std::int64_t>{} : j.get<std::vector<std::int64_t>>();
}

template <typename Enum, typename NameOf>
Enum by_name(const json& j, std::initializer_list<Enum> all, NameOf name_of, const char* what) {
  for (Enum e : all)
    if (std::string(name_of(e)) == j.get<std::string>()) return e;
  throw std::invalid_argument(std::string("unknown ") + what + " " + j.dump());
}
Role role(const json& j) { return by_name(j, {Role::Fresh, Role::Persistent, Role::PersistentWritable}, role_name, "role"); }
DeviceType device(const json& j) { return by_name(j, {DeviceType::Host, DeviceType::Cuda}, device_name, "device"); }
Verdict verdict(const json& j) {
  return by_name(j, {Verdict::Same, Verdict::OutputMismatch, Verdict::Mutation, Verdict::Error}, verdict_name, "verdict");
}

LedgerCounters counters(const json& j) {
  LedgerCounters c;
  for (auto [key, field] : {std::pair{"allocations", &c.allocations}, {"frees", &c.frees},
                            {"bytes_requested", &c.bytes_requested}, {"bytes_reserved", &c.bytes_reserved},
                            {"segments_created", &c.segments_created},
                            {"segments_released", &c.segments_released},
                            {"segment_bytes_created", &c.segment_bytes_created}})
    *field = j.at(key).get<std::uint64_t>();
  c.peak_bytes = j.at("peak_bytes").get<std::int64_t>();
  return c;
}

Stats stats(const json& j) {
  Stats s;
  s.median = number(j.at("median")), s.p10 = number(j.at("p10")), s.p90 = number(j.at("p90"));
  s.mean = number(j.at("mean")), s.stdev = number(j.at("stdev"));
  for (const auto& x : j.at("samples")) s.samples.push_back(number(x));
  return s;
}

UnexpectedFinding finding(const json& j, bool vanished) {
  UnexpectedFinding f{j.at("kind").get<std::string>(), j.at("name").get<std::string>(),
                      j.at("count").get<std::int64_t>(), std::nullopt, vanished};
  if (!j.at("expected_count").is_null()) f.expected_count = j.at("expected_count").get<std::int64_t>();
  return f;
}

TracedAllocation traced(const json& j) {
  TracedAllocation a;
  a.seq = j.at("seq").get<std::int64_t>();
  a.op = j.at("op").get<std::string>();
  a.tag = text_or_empty(j.at("tag"));
  a.dtype = by_name(j.at("dtype"), {DType::Bool, DType::Int32, DType::Int64, DType::Float32}, dtype_name, "dtype");
  a.shape = Dims::from(j.at("shape").get<std::vector<std::int64_t>>());
  a.bytes = j.at("bytes").get<std::uint64_t>();
  a.device = device(j.at("device"));
  a.freed_at = j.at("freed_at").is_null() ? -1 : j.at("freed_at").get<std::int64_t>();
  return a;
}
}  // namespace

ElementValue read_element(const json& j) {
  if (j.is_null()) return std::monostate{};
  if (j.is_number_integer()) return j.get<std::int64_t>();
  if (j.is_number_float()) return j.get<double>();
  if (j.is_string()) return j.get<std::string>();
  throw std::invalid_argument("bad element value " + j.dump());
}

TensorMismatch read_mismatch(const json& j) {
  TensorMismatch m;
  m.name = j.at("output").get<std::string>();
  m.source = j.at("source").get<std::string>();
  m.count = j.at("count").get<std::int64_t>();
  m.first_index = index_or_empty(j.at("first_index"));
  m.reference = read_element(j.at("reference"));
  m.value = read_element(j.at("value"));
  if (j.contains("reason")) m.reason = j.at("reason").get<std::string>();
  return m;
}

BufferChange read_change(const json& j) {
  BufferChange c{j.at("buffer").get<std::string>(), role(j.at("role")), j.at("changed").get<std::int64_t>(), {}};
  if (j.contains("first"))
    for (const auto& e : j.at("first"))
      c.first.push_back({e.at("index").get<std::vector<std::int64_t>>(), read_element(e.at("before")),
                         read_element(e.at("after"))});
  return c;
}

std::optional<CuptiResult> read_cupti(const json& j) {
  CuptiResult r;
  cupti::ScopeStats& s = r.stats;
  s.available = j.at("available").get<bool>();
  if (!s.available) {
    s.reason = j.at("reason").get<std::string>();
    if (s.reason == "the builder call failed") return std::nullopt;
    return r;
  }
  for (const auto& [name, k] : j.at("by_memory_kind").items())
    s.by_kind[name] = {k.at("allocations").get<std::uint64_t>(), k.at("releases").get<std::uint64_t>(),
                       k.at("bytes_allocated").get<std::uint64_t>(), k.at("bytes_released").get<std::uint64_t>()};
  auto u = [](const json& x) { return x.get<std::uint64_t>(); };
  s.allocations = u(j.at("allocations")), s.releases = u(j.at("releases")), s.bytes = u(j.at("bytes"));
  s.kernels = u(j.at("kernels")), s.launch_calls = u(j.at("launch_calls"));
  s.memcpy_count = u(j.at("memcpy").at("count")), s.memcpy_bytes = u(j.at("memcpy").at("bytes"));
  s.memset_count = u(j.at("memset").at("count")), s.memset_bytes = u(j.at("memset").at("bytes"));
  const json& pool = j.at("memory_pool");
  s.memory_pool = {u(pool.at("created")), u(pool.at("destroyed")), u(pool.at("trimmed"))};
  s.dropped_records = u(j.at("dropped_records"));
  s.attributed_by_correlation = u(j.at("attribution").at("by_correlation"));
  s.attributed_by_time = u(j.at("attribution").at("by_time"));
  const json& check = j.at("cross_check");
  if (!cupti::parse_cross_check_status(check.at("status").get<std::string>(), r.cross_check.status))
    throw std::invalid_argument("unknown cross_check status " + check.at("status").dump());
  r.cross_check.detail = check.at("detail").get<std::string>();
  return r;
}

std::optional<Timing> read_timing(const json& j) {
  if (j.is_null()) return std::nullopt;
  Timing t;
  t.repetitions = j.at("repetitions").get<int>();
  t.iterations = j.at("iterations").get<std::int64_t>();
  t.primary = j.at("primary").get<std::string>();
  if (!j.at("device").is_null()) t.device = stats(j.at("device"));
  t.wall = stats(j.at("wall")), t.cpu = stats(j.at("cpu"));
  t.noise = number(j.at("noise"));
  t.converged = j.at("converged").get<bool>();
  t.stop_reason = j.at("stop_reason").get<std::string>();
  t.rounds = j.at("rounds").get<int>();
  if (!j.at("paired").is_null()) {
    t.paired_vs = j.at("paired").at("vs").get<std::string>();
    t.paired = stats(j.at("paired").at("ratio"));
  }
  return t;
}

VariantResult read_variant(const json& j) {
  VariantResult v;
  v.name = j.at("name").get<std::string>();
  v.verdict = verdict(j.at("verdict"));
  v.expected_verdict = verdict(j.at("expected_verdict"));
  v.expectation_reason = text_or_empty(j.at("expectation_reason"));
  v.error = opt_text(j.at("error"));
  const json& alloc = j.at("allocations");
  if (const json& ledger = alloc.at("ledger"); !ledger.is_null()) {
    v.ledger_valid = true;
    for (const auto& [name, c] : ledger.items())
      if (name != "total") v.ledger[static_cast<int>(device(json(name)))] = counters(c);
  }
  v.cupti = read_cupti(alloc.at("cupti"));
  v.timing = read_timing(j.at("timing"));
  if (!j.at("instructions").is_null()) v.instructions = j.at("instructions").get<std::int64_t>();
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
    v.order_dependent_writes.push_back({f.at("buffer").get<std::string>(), role(f.at("role")), f.at("op").get<std::string>(),
                                        f.at("duplicates").get<std::int64_t>(), index_or_empty(f.at("first_index")),
                                        f.at("expected").get<bool>(), text_or_empty(f.at("reason"))});
  v.order_writes_vanished = order.at("vanished").get<std::vector<std::string>>();
  const json& latent = j.at("latent_writes");
  for (const auto& f : latent.at("findings"))
    v.latent_writes.push_back({f.at("buffer").get<std::string>(), f.at("op").get<std::string>(),
                               f.at("view").get<std::string>(), f.at("calls").get<std::int64_t>(),
                               f.at("elements_written").get<std::int64_t>(), f.at("elements_changed").get<std::int64_t>(),
                               f.at("expected").get<bool>(), text_or_empty(f.at("reason"))});
  v.latent_writes_vanished = latent.at("vanished").get<std::vector<std::string>>();
  const json& findings = j.at("findings");
  v.findings_listed = findings.at("listed").get<bool>();
  for (const auto& f : findings.at("unexpected")) v.unexpected_findings.push_back(finding(f, false));
  for (const auto& f : findings.at("vanished")) v.unexpected_findings.push_back(finding(f, true));
  if (j.contains("allocation_trace")) {
    const json& trace = j.at("allocation_trace");
    for (const auto& a : trace.at("allocations")) v.allocation_trace.push_back(traced(a));
    const auto total = trace.at("total").get<std::size_t>();
    if (total < v.allocation_trace.size()) throw std::invalid_argument("allocation_trace.total under its entries");
    v.allocation_trace_dropped = total - v.allocation_trace.size();
  }
  v.ran = !v.error;
  return v;
}

}  // namespace clampbench
