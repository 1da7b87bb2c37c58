// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The command line of the callgrind method's child (harness/instructions/callgrind_child.h),
// from the parent's: each option's entry in the option table (options.h) says whether the
// child takes it.

#include <string>
#include <vector>

namespace clampbench {

// The arguments after "clampbench run" in `command_line` (the parent's whole argv) that the
// child takes: the selection and the run settings, each as typed, in order, its value read as
// a value (`--case --out` keeps both); not the parent's outputs, nor what only a cuda or a
// timed run has. Byte for byte what the parent got: the child's command line is part of
// what callgrind counts.
std::vector<std::string> child_run_args(const std::vector<std::string>& command_line);

}  // namespace clampbench
