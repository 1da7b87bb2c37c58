// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every file `clampbench run` writes, checked before any case runs: each target on its own
// (output_path.h), and against each other and the files the run reads, compared by what they
// resolve to: --out and --trace-out must not be one file, no output may be the expectations
// file, and nothing the run reads or writes may lie inside the --dump directory.

#include <string>

#include "harness/config/run_config.h"

namespace clampbench {

// Throws UsageError naming the flag and the problem.
void validate_run_outputs(const RunConfig& config, const std::string& expectations_path);

}  // namespace clampbench
