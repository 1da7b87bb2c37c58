// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `clampbench` command line: `run [options]`, `list [--json]`, `explain`, `merge`,
// `help [COMMAND]`, `--version`; every command's options are one table (options.h). main() is
// a thin wrapper over run_cli so that tests drive every path, exit code included, in-process.
// Exit codes: 0 every verdict and finding as expected, 1 a verdict or finding differs from
// the expectations, 2 bad usage or input (one line on stderr naming the problem), 3 internal
// or CUDA error.

#include <iosfwd>
#include <string>
#include <vector>

#include "suites/suite.h"

namespace clampbench {

int run_cli(int argc, char** argv);  // with all_suites()
// `self_exe`: a path to this program (/proc/self/exe from main), for the child run that counts
// instructions under callgrind; "" in-process (tests): that method is then unavailable and
// `--instructions auto` counts with perf or not at all.
int run_cli(int argc, char** argv, const std::vector<Suite>& suites, std::ostream& out, std::ostream& err,
            const std::string& self_exe = "");

}  // namespace clampbench
