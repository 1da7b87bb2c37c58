// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// `clampbench run`: the arguments parsed and resolved into the run plan (cli.h), then the
// instruction child, --benchmark_list_tests, or the run itself with its expectations, --resume
// and timing session. Throws UsageError; returns the exit code.

#include <iosfwd>
#include <string>
#include <vector>

#include "suites/suite.h"

namespace clampbench {

int run_command(const std::vector<std::string>& args, const std::vector<std::string>& argv_all,
                const std::string& self_exe, const std::vector<Suite>& suites, std::ostream& out, std::ostream& err);

}  // namespace clampbench
