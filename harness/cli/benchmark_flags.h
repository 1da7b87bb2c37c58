// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// How `clampbench run` reads each Google Benchmark flag: one apply function per entry of the
// option table (detail/benchmark_options.cpp, which says which flags it takes, what each means
// and what the callgrind child keeps). Every flag either holds for the whole run or is refused
// with exit 2, never silently half-applied or ignored: the timing loop is clampbench's own
// (interleaved, stopping on noise), so Google Benchmark's run flags do not apply.

#include "harness/cli/options.h"

namespace clampbench::detail {

// Each reads `given.flag`, the argument as typed in Google Benchmark's syntax ("--flag" or
// "--flag=V"), into the run's config (the reporting flags into config.gbench, as typed values);
// each throws UsageError naming the argument.
void apply_benchmark_list_tests(CommandArgs& into, const Given& given);
void apply_benchmark_repetitions(CommandArgs& into, const Given& given);
void apply_benchmark_min_time(CommandArgs& into, const Given& given);
void apply_benchmark_format(CommandArgs& into, const Given& given);
void apply_benchmark_out(CommandArgs& into, const Given& given);
void apply_benchmark_out_format(CommandArgs& into, const Given& given);
void apply_benchmark_time_unit(CommandArgs& into, const Given& given);
void apply_benchmark_color(CommandArgs& into, const Given& given);
void apply_benchmark_counters_tabular(CommandArgs& into, const Given& given);
// The flags that are refused, each with its reason.
void refuse_benchmark_filter(CommandArgs& into, const Given& given);
void refuse_benchmark_aggregates_only(CommandArgs& into, const Given& given);
void refuse_benchmark_flag(CommandArgs& into, const Given& given);  // any other --benchmark_*

}  // namespace clampbench::detail
