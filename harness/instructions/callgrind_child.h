// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The parent side of the callgrind method. Counting under valgrind slows a program some
// 50-fold, so only the instruction pass runs there: the run starts a child
//   valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no
//            --callgrind-out-file=DIR/cg.out  clampbench run <same selection> --backend host
//            --instruction-child DIR
// The child runs the instruction pass over the selection, writes DIR/counts.json
// ({"case_id/variant": count}) and exits; the parent reads the counts and removes DIR. The
// role is a hidden flag on the child's command line, not an environment variable: a
// variable left in a user's shell would silently turn every run into a child.

#include <cstdint>
#include <map>
#include <string>

#include "harness/config/run_config.h"

namespace clampbench {

// The hidden `run` flag that makes a run the child; not in `clampbench help run`.
inline constexpr const char* kInstructionChildFlag = "--instruction-child";

// valgrind's path on PATH, or "" when there is none.
std::string find_valgrind();

// Parent: runs the child and returns its counts. Throws std::runtime_error naming what failed
// (the child's exit status and the last line it printed).
std::map<std::string, std::int64_t> count_in_callgrind_child(const RunConfig& config);

}  // namespace clampbench
