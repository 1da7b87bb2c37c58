// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The commands besides `run` (harness/cli/run_command.h) and every command's help text.

#include <iosfwd>
#include <string>
#include <vector>

#include "harness/usage_error.h"
#include "suites/suite.h"

namespace clampbench {

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
