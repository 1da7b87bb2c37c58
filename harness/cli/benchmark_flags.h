// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What `clampbench run` does with each Google Benchmark flag. Every one either holds for the
// whole run or is refused with exit 2, never silently half-applied or ignored:
//   --benchmark_repetitions=N   the same as --repetitions N (the fewest samples per variant)
//   --benchmark_min_time=S      seconds per sample: the calibrated batch lasts at least S
//   --benchmark_list_tests      print the selected case/variant names and exit 0, writing nothing
//   --benchmark_format, --benchmark_out, --benchmark_out_format, --benchmark_time_unit
//                               Google Benchmark's reporters, fed every sample (timing.h)
//   --benchmark_counters_tabular, --benchmark_color
//                               accepted as Google Benchmark accepts them; the samples carry no
//                               counters and their console prints plain columns
//   --benchmark_filter          refused: it would filter only the timing pass; use --case/--axis
//   --benchmark_report_aggregates_only, --benchmark_display_aggregates_only
//                               refused: the results keep every sample
//   any other --benchmark_*     refused: the timing loop is clampbench's own (interleaved,
//                               stopping on noise), so Google Benchmark's run flags do not apply

#include <string>

#include "harness/run_config.h"

namespace clampbench::detail {

// Applies one "--benchmark_..." argument to `config` (the reporting ones to config.gbench, as
// typed values); throws UsageError.
void take_benchmark_flag(const std::string& flag, RunConfig& config);

}  // namespace clampbench::detail
