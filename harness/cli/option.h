// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The shape of one entry of the option table (harness/cli/options.h), and what parsing a
// command's arguments against it fills in: the commands, an option, one option as given, and
// every command's parsed arguments.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "harness/cli/run_plan.h"

namespace clampbench {

enum class Command : unsigned { Run = 1, List = 2, Explain = 4, Merge = 8 };
const char* command_name(Command c);

struct ExplainArgs {
  std::string suite, case_label, base = "clamp", head = "clamp_", trace_out;
  bool all = false;
};
struct MergeArgs {
  std::vector<std::string> inputs;
  std::string target;
  bool has_target = false;
};
// What one command's arguments say; each command reads its own part.
struct CommandArgs {
  RunArgs run;
  bool list_json = false;
  ExplainArgs explain;
  MergeArgs merge;
  bool help = false;  // --help or -h anywhere: print the command's help, do nothing else
};

enum class ValueKind {
  Switch,  // --flag alone; --flag=x is refused
  One,     // --flag V or --flag=V; an empty V is refused ("empty value")
  Names,   // the same, V a comma separated list of names ("empty name")
  Inline,  // Google Benchmark's syntax: --flag or --flag=V, never the next argument; the
           // value, empty or not, is the entry's to judge
};
// Where the option's line goes in its command's help.
enum class Section { Selection, Main, GoogleBenchmark };

struct Option;
// One option as given on the command line.
struct Given {
  const Option* option = nullptr;  // nullptr: an operand (a suite, a file), in `value`
  std::string flag;                // the name as typed ("--out", "-o"); an Inline option's whole
                                   // argument ("--benchmark_out=x.json")
  std::string value;
  bool has_value = false;
  std::size_t args = 1;            // how many arguments it took: 2 for "--out FILE"
};

struct Option {
  const char* name;             // "--suite"; ending in '*': every other flag it begins
  const char* alias = nullptr;  // "-o"
  ValueKind kind = ValueKind::One;
  const char* value = nullptr;  // the value's name in the help ("NAME"); nullptr for a switch
  const char* choices = nullptr;  // the valid values, where they can be listed: "auto|host|cuda"
  unsigned commands = 0;        // bits of Command
  Section section = Section::Main;
  const char* meaning = nullptr;  // the help text (wrapped when printed); nullptr: not in the help
  // `run`: whether the callgrind child's command line keeps it, given its value.
  bool (*child_keeps)(const std::string& value) = nullptr;
  void (*apply)(CommandArgs& into, const Given& given) = nullptr;
};

}  // namespace clampbench
