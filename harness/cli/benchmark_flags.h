// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// How `clampbench run` reads each Google Benchmark flag's value. Which flags it takes, what
// each means and what the callgrind child keeps are their entries in the option table
// (detail/benchmark_options.cpp). Every flag either holds for the whole run or is refused with
// exit 2, never silently half-applied or ignored: the timing loop is clampbench's own
// (interleaved, stopping on noise), so Google Benchmark's run flags do not apply.

#include <string>

#include "harness/run_config.h"

namespace clampbench::detail {

// Applies one "--benchmark_..." argument to `config` (the reporting ones to config.gbench, as
// typed values); throws UsageError.
void take_benchmark_flag(const std::string& flag, RunConfig& config);

}  // namespace clampbench::detail
