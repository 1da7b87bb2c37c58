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

#include "harness/run_config.h"
#include "harness/usage_error.h"
#include "suites/suite.h"

namespace clampbench {

int run_cli(int argc, char** argv);  // with all_suites()
// `self_exe`: a path to this program (/proc/self/exe from main), for the child run that counts
// instructions under callgrind; "" in-process (tests): that method is then unavailable and
// `--instructions auto` counts with perf or not at all.
int run_cli(int argc, char** argv, const std::vector<Suite>& suites, std::ostream& out, std::ostream& err,
            const std::string& self_exe = "");

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

// The help texts: the list of commands (commands.cpp), each command's (command_help of
// options.h, from the option table).
std::string usage_text();          // every command (`--help`, `help`)
std::string run_usage_text();      // `help run`, `run --help`
std::string list_usage_text();     // `help list`, `list --help`
std::string explain_usage_text();  // `help explain`, `explain --help`
std::string merge_usage_text();    // `help merge`, `merge --help`
// `list [--json]` (harness/cli/list_command.cpp). Throws UsageError.
int list_command(const std::vector<std::string>& args, const std::vector<Suite>& suites, std::ostream& out);
void print_list(const std::vector<Suite>& suites, bool json, std::ostream& out);

// `explain SUITE [--case ID] ...` (harness/cli/explain_command.cpp): the op-level
// allocation diff between two variants of one case. Throws UsageError.
int explain_command(const std::vector<std::string>& args, const std::vector<Suite>& suites, std::ostream& out);
// `merge SHARD.json... -o OUT` (harness/cli/merge_command.cpp, harness/merge/merge.h): the shards
// of one run joined into its results file. Throws UsageError.
int merge_command(const std::vector<std::string>& args, const std::vector<std::string>& argv_all,
                  const std::vector<Suite>& suites, std::ostream& out, std::ostream& err);
struct CaseResult;
// The text explain prints for one case result (its variants' allocation traces).
std::string explain_case(const CaseResult& r, const std::string& base, const std::string& head, bool all);

}  // namespace clampbench
