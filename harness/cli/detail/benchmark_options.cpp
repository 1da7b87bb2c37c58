// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The Google Benchmark flags `run` takes, in Google Benchmark's syntax (--flag or --flag=V).
// Every one either holds for the whole run or is refused with exit 2, never silently
// half-applied or ignored; each entry's apply (benchmark_flags.cpp) reads and checks its value.

#include "harness/cli/benchmark_flags.h"
#include "harness/cli/detail/option_entries.h"

namespace clampbench::detail {

namespace {
using Apply = void (*)(CommandArgs&, const Given&);

constexpr Option benchmark_flag(const char* name, const char* value, const char* choices, Apply apply,
                                const char* meaning, bool (*child_keeps)(const std::string&) = kept) {
  return {.name = name, .kind = ValueKind::Inline, .value = value, .choices = choices, .commands = kRun,
          .section = Section::GoogleBenchmark, .meaning = meaning, .child_keeps = child_keeps, .apply = apply};
}
}  // namespace

std::span<const Option> benchmark_options() {
  static const Option kOptions[] = {
      benchmark_flag("--benchmark_list_tests", nullptr, nullptr, apply_benchmark_list_tests,
                     "print the selected \"<case id>/<variant>\" names and exit 0; nothing runs and no file is "
                     "written"),
      benchmark_flag("--benchmark_repetitions", "N", nullptr, apply_benchmark_repetitions,
                     "the same as --repetitions N"),
      benchmark_flag("--benchmark_min_time", "S", nullptr, apply_benchmark_min_time,
                     "seconds per sample: the calibrated batch of calls lasts at least S (default 0.002; also "
                     "the warm-up)"),
      benchmark_flag("--benchmark_filter", nullptr, nullptr, refuse_benchmark_filter,
                     "refused (it would filter only the timing pass): use the selection flags above"),
      benchmark_flag("--benchmark_report_aggregates_only", nullptr, nullptr, refuse_benchmark_aggregates_only,
                     "refused: the results keep every repetition's sample"),
      benchmark_flag("--benchmark_display_aggregates_only", nullptr, nullptr, refuse_benchmark_aggregates_only,
                     "refused: the results keep every repetition's sample"),
      benchmark_flag("--benchmark_format", "F", "console|json|csv", apply_benchmark_format,
                     "Google Benchmark's console report of every timing sample; empty: none"),
      // Not for the callgrind child, which has no timing samples to report.
      benchmark_flag("--benchmark_out", "FILE", nullptr, apply_benchmark_out,
                     "Google Benchmark's report of every timing sample to FILE (needs timing)", dropped),
      benchmark_flag("--benchmark_out_format", "F", "console|json|csv", apply_benchmark_out_format,
                     "the format of --benchmark_out"),
      benchmark_flag("--benchmark_time_unit", "U", "ns|us|ms|s", apply_benchmark_time_unit,
                     "the time unit of the reports"),
      benchmark_flag("--benchmark_color", "C", nullptr, apply_benchmark_color,
                     "accepted as Google Benchmark accepts it (any word but the empty one); the sample "
                     "console prints plain columns"),
      benchmark_flag("--benchmark_counters_tabular", nullptr, nullptr, apply_benchmark_counters_tabular,
                     "accepted with any value; the samples carry no counters"),
      benchmark_flag("--benchmark_*", nullptr, nullptr, refuse_benchmark_flag,
                     "refused: clampbench times with its own interleaved loop (--repetitions, --max-noise, "
                     "--timing-timeout, --benchmark_min_time)"),
  };
  return kOptions;
}

}  // namespace clampbench::detail
