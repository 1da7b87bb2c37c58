// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The parent side of the callgrind method. Counting under valgrind slows a program some
// 50-fold, so only the instruction pass runs there: the run starts a child
//   valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no
//            --callgrind-out-file=DIR/cg.out  clampbench run <same selection> --backend host
// with CLAMPBENCH_INSTRUCTION_CHILD=DIR in its environment. The child runs the instruction
// pass over the selection, writes DIR/counts.json ({"case_id/variant": count}) and exits;
// the parent reads the counts and removes DIR.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "harness/run_config.h"
#include "suites/suite.h"

namespace clampbench {

inline constexpr const char* kInstructionChildEnv = "CLAMPBENCH_INSTRUCTION_CHILD";

// valgrind's path on PATH, or "" when there is none.
std::string find_valgrind();

// Parent: runs the child and returns its counts. Throws std::runtime_error naming what failed
// (the child's exit status and the last line it printed).
std::map<std::string, std::int64_t> count_in_callgrind_child(const RunConfig& config);

// Child: the whole of `clampbench run` when kInstructionChildEnv names DIR. Returns the exit code.
int run_instruction_child(const RunConfig& config, const std::vector<const Suite*>& suites, const std::string& dir);

}  // namespace clampbench
