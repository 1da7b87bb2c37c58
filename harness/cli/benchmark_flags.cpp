// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cli/benchmark_flags.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>

#include <fmt/format.h>

#include "harness/usage_error.h"

namespace clampbench::detail {

namespace {
// Google Benchmark's boolean spellings; a bare flag means true.
bool parse_bool(const std::string& flag, const std::string& value, bool has_value) {
  if (!has_value || value == "true" || value == "1" || value == "yes") return true;
  if (value == "false" || value == "0" || value == "no") return false;
  throw UsageError(fmt::format("bad value in '{}' (true or false)", flag));
}

// A reporting flag that takes a value: Google Benchmark refuses the bare flag.
const std::string& needs_value(const std::string& flag, const std::string& value, bool has_value) {
  if (!has_value) throw UsageError(fmt::format("unknown or malformed benchmark flag '{}'", flag));
  return value;
}

GbenchFormat parse_format(const std::string& value) {
  if (value == "console") return GbenchFormat::Console;
  if (value == "json") return GbenchFormat::Json;
  if (value == "csv") return GbenchFormat::Csv;
  throw UsageError(fmt::format("bad benchmark format '{}' (console, json or csv)", value));
}

GbenchTimeUnit parse_time_unit(const std::string& flag, const std::string& value) {
  if (value == "ns") return GbenchTimeUnit::Nanosecond;
  if (value == "us") return GbenchTimeUnit::Microsecond;
  if (value == "ms") return GbenchTimeUnit::Millisecond;
  if (value == "s") return GbenchTimeUnit::Second;
  throw UsageError(fmt::format("bad value in '{}' (ns, us, ms or s)", flag));
}

// The reporting flags; false when `name` is none of them.
bool take_reporting_flag(const std::string& flag, const std::string& name, const std::string& value, bool has_value,
                         GbenchReporting& r) {
  if (name == "benchmark_format") {
    const std::string& v = needs_value(flag, value, has_value);
    r.display = v.empty() ? std::nullopt : std::optional(parse_format(v));  // "": no console output
  } else if (name == "benchmark_out") {
    r.out_file = needs_value(flag, value, has_value);
    if (r.out_file.empty()) throw UsageError(fmt::format("'{}': empty file name", flag));
  } else if (name == "benchmark_out_format") {
    r.out_format = parse_format(needs_value(flag, value, has_value));
  } else if (name == "benchmark_time_unit") {
    r.time_unit = parse_time_unit(flag, needs_value(flag, value, has_value));
  } else if (name == "benchmark_color") {
    // Accepted as Google Benchmark accepts it (any word); the sample console prints plain columns.
    if (needs_value(flag, value, has_value).empty())
      throw UsageError(fmt::format("bad value in '{}' (auto, true or false)", flag));
  } else if (name != "benchmark_counters_tabular") {  // any value: the samples carry no counters
    return false;
  }
  r.requested = true;
  return true;
}
}  // namespace

void take_benchmark_flag(const std::string& flag, RunConfig& c) {
  const std::size_t eq = flag.find('=');
  const bool has_value = eq != std::string::npos;
  const std::string name = flag.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
  const std::string value = has_value ? flag.substr(eq + 1) : "";
  if (take_reporting_flag(flag, name, value, has_value, c.gbench)) return;
  if (name == "benchmark_repetitions") {
    int n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size() || n < 1 || n > kMaxRepetitions)
      throw UsageError(fmt::format("bad value in '{}' (a whole number from 1 to {})", flag, kMaxRepetitions));
    c.repetitions = n;
  } else if (name == "benchmark_list_tests") {
    c.list_tests = parse_bool(flag, value, has_value);
  } else if (name == "benchmark_filter") {
    throw UsageError("--benchmark_filter would filter only the timing pass; select cases for every pass "
                     "with --suite, --case, --axis and --variant");
  } else if (name == "benchmark_report_aggregates_only" || name == "benchmark_display_aggregates_only") {
    throw UsageError(fmt::format("--{} is not supported: the results keep every repetition's sample", name));
  } else if (name == "benchmark_min_time") {
    char* end = nullptr;
    const double seconds = std::strtod(value.c_str(), &end);
    if (value.empty() || *end != '\0' || !(seconds >= 0 && seconds <= kMaxTimingSeconds))
      throw UsageError(fmt::format("bad number of seconds in '{}' (0 to {})", flag, kMaxTimingSeconds));
    c.min_time_s = seconds;
  } else {
    throw UsageError(fmt::format("--{} does not apply: clampbench times with its own interleaved loop "
                                 "(--repetitions, --max-noise, --timing-timeout, --benchmark_min_time)", name));
  }
}

}  // namespace clampbench::detail
