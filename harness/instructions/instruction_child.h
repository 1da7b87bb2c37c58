// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The child side of the callgrind method (harness/instructions/callgrind_child.h starts it):
// `clampbench run ... --instruction-child DIR` under valgrind runs the instruction pass over
// the selection and writes DIR/counts.json ({"counts": {"case_id/variant": count},
// "errors": [...]}) for the parent to read.

#include <string>
#include <vector>

#include "harness/config/run_config.h"
#include "suites/suite.h"

namespace clampbench {

// The whole of `clampbench run --instruction-child DIR`. Returns the exit code; throws
// UsageError when DIR is not a directory.
int run_instruction_child(const RunConfig& config, const std::vector<const Suite*>& suites, const std::string& dir);

}  // namespace clampbench
