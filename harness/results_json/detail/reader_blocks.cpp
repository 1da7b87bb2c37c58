// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The blocks of a variant in results_json/reader.h: element values, mismatches and changed
// buffers, the CUPTI figures, the timing.

#include <limits>
#include <stdexcept>

#include "harness/results_json/reader.h"

namespace clampbench {

namespace {
using json = nlohmann::json;

// The writer writes a NaN as null.
double number(const json& j) { return j.is_null() ? std::numeric_limits<double>::quiet_NaN() : j.get<double>(); }

Stats stats(const json& j) {
  Stats s;
  s.median = number(j.at("median")), s.p10 = number(j.at("p10")), s.p90 = number(j.at("p90"));
  s.mean = number(j.at("mean")), s.stdev = number(j.at("stdev"));
  for (const auto& x : j.at("samples")) s.samples.push_back(number(x));
  return s;
}

}  // namespace

ElementValue read_element(const json& j) {
  if (j.is_null()) return std::monostate{};
  if (j.is_number_integer()) return read_integer<std::int64_t>(j);
  if (j.is_number_float()) return j.get<double>();
  if (j.is_string()) return j.get<std::string>();
  throw std::invalid_argument("bad element value " + j.dump());
}

TensorMismatch read_mismatch(const json& j) {
  TensorMismatch m;
  m.name = j.at("output").get<std::string>();
  m.source = j.at("source").get<std::string>();
  m.count = read_count<std::int64_t>(j.at("count"));
  m.first_index = read_index(j.at("first_index"));
  m.reference = read_element(j.at("reference"));
  m.value = read_element(j.at("value"));
  if (j.contains("reason")) m.reason = j.at("reason").get<std::string>();
  return m;
}

BufferChange read_change(const json& j) {
  BufferChange c{j.at("buffer").get<std::string>(), read_role(j.at("role")), read_count<std::int64_t>(j.at("changed")), {}};
  if (j.contains("first"))
    for (const auto& e : j.at("first"))
      c.first.push_back({read_list(e.at("index"), read_integer<std::int64_t>), read_element(e.at("before")),
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
  auto u = [](const json& x) { return read_count<std::uint64_t>(x); };
  for (const auto& [name, k] : j.at("by_memory_kind").items())
    s.by_kind[name] = {u(k.at("allocations")), u(k.at("releases")), u(k.at("bytes_allocated")), u(k.at("bytes_released"))};
  s.allocations = u(j.at("allocations")), s.releases = u(j.at("releases")), s.bytes = u(j.at("bytes"));
  s.kernels = u(j.at("kernels")), s.launch_calls = u(j.at("launch_calls"));
  s.memcpy_count = u(j.at("memcpy").at("count")), s.memcpy_bytes = u(j.at("memcpy").at("bytes"));
  s.memset_count = u(j.at("memset").at("count")), s.memset_bytes = u(j.at("memset").at("bytes"));
  const json& pool = j.at("memory_pool");
  s.memory_pool = {u(pool.at("created")), u(pool.at("destroyed")), u(pool.at("trimmed"))};
  s.dropped_records = u(j.at("dropped_records"));
  s.attributed_by_correlation = u(j.at("attribution").at("by_correlation"));
  s.attributed_by_time = u(j.at("attribution").at("by_time"));
  const auto read_check = [](const json& check, cupti::CrossCheck& out) {
    if (!cupti::parse_cross_check_status(check.at("status").get<std::string>(), out.status))
      throw std::invalid_argument("unknown cross-check status " + check.at("status").dump());
    out.detail = check.at("detail").get<std::string>();
  };
  read_check(j.at("cross_check"), r.cross_check);
  if (j.contains("launch_check")) read_check(j.at("launch_check"), r.launch_check);  // absent in older files
  return r;
}

std::optional<Timing> read_timing(const json& j) {
  if (j.is_null()) return std::nullopt;
  Timing t;
  t.repetitions = read_count<int>(j.at("repetitions"));
  t.iterations = read_count<std::int64_t>(j.at("iterations"));
  t.primary = j.at("primary").get<std::string>();
  if (!j.at("device").is_null()) t.device = stats(j.at("device"));
  t.wall = stats(j.at("wall")), t.cpu = stats(j.at("cpu"));
  t.noise = number(j.at("noise"));
  t.converged = j.at("converged").get<bool>();
  t.stop_reason = j.at("stop_reason").get<std::string>();
  t.rounds = read_count<int>(j.at("rounds"));
  if (!j.at("paired").is_null()) {
    t.paired_vs = j.at("paired").at("vs").get<std::string>();
    t.paired = stats(j.at("paired").at("ratio"));
  }
  return t;
}

}  // namespace clampbench
