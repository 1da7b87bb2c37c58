// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/detail/benchmark_flags.h"

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
}  // namespace

void take_benchmark_flag(const std::string& flag, RunConfig& c) {
  const std::size_t eq = flag.find('=');
  const bool has_value = eq != std::string::npos;
  const std::string name = flag.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
  const std::string value = has_value ? flag.substr(eq + 1) : "";
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
  } else if (name == "benchmark_format" || name == "benchmark_out" || name == "benchmark_out_format" ||
             name == "benchmark_time_unit" || name == "benchmark_counters_tabular" || name == "benchmark_color") {
    c.benchmark_flags.push_back(flag);
  } else {
    throw UsageError(fmt::format("--{} does not apply: clampbench times with its own interleaved loop "
                                 "(--repetitions, --max-noise, --timing-timeout, --benchmark_min_time)", name));
  }
}

}  // namespace clampbench::detail
