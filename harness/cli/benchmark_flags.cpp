// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cli/benchmark_flags.h"

#include <charconv>
#include <cstdlib>

#include <fmt/format.h>

#include "harness/cli/detail/option_entries.h"
#include "harness/usage_error.h"

namespace clampbench::detail {

namespace {
// "--flag=V" read apart: the flag's name as typed ("--benchmark_out") and its value.
struct InlineFlag {
  std::string name, value;
  bool has_value = false;
};

InlineFlag split(const Given& g) {
  const std::size_t eq = g.flag.find('=');
  if (eq == std::string::npos) return {g.flag, "", false};
  return {g.flag.substr(0, eq), g.flag.substr(eq + 1), true};
}

// Google Benchmark's boolean spellings; a bare flag means true.
bool parse_bool(const Given& g) {
  const InlineFlag f = split(g);
  if (!f.has_value || f.value == "true" || f.value == "1" || f.value == "yes") return true;
  if (f.value == "false" || f.value == "0" || f.value == "no") return false;
  throw UsageError(fmt::format("bad value in '{}' (true or false)", g.flag));
}

// A reporting flag that takes a value: Google Benchmark refuses the bare flag.
std::string needs_value(const Given& g) {
  InlineFlag f = split(g);
  if (!f.has_value) throw UsageError(fmt::format("unknown or malformed benchmark flag '{}'", g.flag));
  return std::move(f.value);
}

GbenchFormat parse_format(const std::string& value) {
  if (value == "console") return GbenchFormat::Console;
  if (value == "json") return GbenchFormat::Json;
  if (value == "csv") return GbenchFormat::Csv;
  throw UsageError(fmt::format("bad benchmark format '{}' (console, json or csv)", value));
}

// The reports a reporting flag configures; asking for them at all is what `requested` records.
GbenchReporting& reporting(CommandArgs& a) {
  a.run.config.gbench.requested = true;
  return a.run.config.gbench;
}
}  // namespace

void apply_benchmark_list_tests(CommandArgs& a, const Given& g) { a.run.config.list_tests = parse_bool(g); }

void apply_benchmark_repetitions(CommandArgs& a, const Given& g) {
  a.run.config.repetitions = detail::read_repetitions(g, split(g).value);
}

void apply_benchmark_min_time(CommandArgs& a, const Given& g) {
  const std::string value = split(g).value;
  char* end = nullptr;
  const double seconds = std::strtod(value.c_str(), &end);
  if (value.empty() || *end != '\0' || !(seconds >= 0 && seconds <= kMaxTimingSeconds))
    throw UsageError(fmt::format("bad number of seconds in '{}' (0 to {})", g.flag, kMaxTimingSeconds));
  a.run.config.min_time_s = seconds;
}

void apply_benchmark_format(CommandArgs& a, const Given& g) {
  const std::string v = needs_value(g);
  reporting(a).display = v.empty() ? std::nullopt : std::optional(parse_format(v));  // "": no console output
}

void apply_benchmark_out(CommandArgs& a, const Given& g) {
  std::string file = needs_value(g);
  if (file.empty()) throw UsageError(fmt::format("'{}': empty file name", g.flag));
  reporting(a).out_file = std::move(file);
}

void apply_benchmark_out_format(CommandArgs& a, const Given& g) { reporting(a).out_format = parse_format(needs_value(g)); }

void apply_benchmark_time_unit(CommandArgs& a, const Given& g) {
  const std::string v = needs_value(g);
  GbenchReporting& r = reporting(a);
  if (v == "ns") r.time_unit = GbenchTimeUnit::Nanosecond;
  else if (v == "us") r.time_unit = GbenchTimeUnit::Microsecond;
  else if (v == "ms") r.time_unit = GbenchTimeUnit::Millisecond;
  else if (v == "s") r.time_unit = GbenchTimeUnit::Second;
  else throw UsageError(fmt::format("bad value in '{}' (ns, us, ms or s)", g.flag));
}

// Accepted as Google Benchmark accepts it (any word); the sample console prints plain columns.
void apply_benchmark_color(CommandArgs& a, const Given& g) {
  if (needs_value(g).empty()) throw UsageError(fmt::format("bad value in '{}' (auto, true or false)", g.flag));
  reporting(a);
}

// Any value: the samples carry no counters.
void apply_benchmark_counters_tabular(CommandArgs& a, const Given&) { reporting(a); }

void refuse_benchmark_filter(CommandArgs&, const Given&) {
  throw UsageError("--benchmark_filter would filter only the timing pass; select cases for every pass "
                   "with --suite, --case, --axis and --variant");
}

void refuse_benchmark_aggregates_only(CommandArgs&, const Given& g) {
  throw UsageError(fmt::format("{} is not supported: the results keep every repetition's sample", split(g).name));
}

void refuse_benchmark_flag(CommandArgs&, const Given& g) {
  throw UsageError(fmt::format("{} does not apply: clampbench times with its own interleaved loop "
                               "(--repetitions, --max-noise, --timing-timeout, --benchmark_min_time)", split(g).name));
}

}  // namespace clampbench::detail
