// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every option of every `clampbench` command, in one table (harness/cli/detail/*_options.cpp):
// each entry holds the option's name, its value, its meaning (the help line), its valid values,
// the commands that take it, whether `run`'s callgrind child gets it, and what it does. One
// loop parses every command's arguments against the table, `clampbench help COMMAND` is
// printed from it, and the callgrind child's command line is filtered by it: a new option is
// one entry, and its help, its parsing and the child cannot disagree.
// The table is constant data (static arrays, no heap): the callgrind child parses its command
// line before it counts, and what a process allocated before a call moves its count.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "harness/cli/cli.h"

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

// The table, in the order the help lists it.
std::span<const Option> option_table();
// The option of `command` named or aliased `flag`; nullptr when it has none.
const Option* find_option(Command command, std::string_view flag);
// Whether one of `args` is --help or -h: the help wins over any other argument, good or bad.
bool wants_help(Command command, const std::vector<std::string>& args);
// args[i] and, for an option with a separate value, args[i + 1]. Throws UsageError for an
// unknown flag, a missing or empty value, or a value given to a switch.
Given read_argument(Command command, const std::vector<std::string>& args, std::size_t i);
// Every argument of `command` applied in order; operands to the command's own taker. With
// --help anywhere, only `help` is set.
CommandArgs parse_command_args(Command command, const std::vector<std::string>& args);
// `clampbench help COMMAND`: the command's fixed intro, then one line per option of the table.
std::string command_help(Command command);

}  // namespace clampbench
