// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What `clampbench run` does with each Google Benchmark flag. Every one either holds for the
// whole run or is refused with exit 2, never silently half-applied:
//   --benchmark_repetitions=N   the same as --repetitions N
//   --benchmark_list_tests      print the selected case/variant names and exit 0, writing nothing
//   --benchmark_filter          refused: it would filter only the timing pass; use --case/--axis
//   --benchmark_report_aggregates_only, --benchmark_display_aggregates_only
//                               refused: the results keep every repetition's sample
//   any other --benchmark_*     passed to Google Benchmark for the timing pass, which is the
//                               only pass they concern (format, out, min_time, time_unit, ...);
//                               TimingSession refuses the ones Google Benchmark does not know.

#include <string>

#include "harness/run_config.h"

namespace clampbench::detail {

// Applies one "--benchmark_..." argument to `config`; throws UsageError.
void take_benchmark_flag(const std::string& flag, RunConfig& config);

}  // namespace clampbench::detail
