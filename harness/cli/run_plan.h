// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What `clampbench run` was given (RunArgs: parsed from the arguments alone) and what it will
// do (RunPlan: resolved against the registry and the machine, const from then on).

#include <string>
#include <vector>

#include "harness/config/run_config.h"
#include "harness/usage_error.h"
#include "suites/suite.h"

namespace clampbench {

enum class BackendChoice { Auto, Host, Cuda };

// The arguments after `run`, parsed: every value that needs only the arguments, and the
// choices that are resolved against the machine.
struct RunArgs {
  RunConfig config;
  BackendChoice backend = BackendChoice::Auto;
  bool allocator_given = false;  // --allocator on the command line: refused on host
};
// What one `run` does, resolved and checked; the CLI keeps it const from here on.
struct RunPlan {
  RunConfig config;
  std::vector<const Suite*> suites;  // the suites to run, in registry order
};

// Parses the arguments after `run` (parse_command_args of options.h); throws UsageError. Does
// not touch the file system.
RunArgs parse_run_args(const std::vector<std::string>& args);
// Checks names against the registry, resolves the backend, the instruction counter and the
// expectations file, probes --out and --dump. Throws UsageError.
RunPlan resolve_run(RunArgs args, const std::vector<Suite>& suites);

}  // namespace clampbench
