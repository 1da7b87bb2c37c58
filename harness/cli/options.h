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

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "harness/cli/option.h"

namespace clampbench {

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
