// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What each command has besides its options (harness/cli/commands.cpp): its name, the fixed
// parts of its help, and the operands it takes.

#include <string>

#include "harness/cli/option.h"

namespace clampbench::detail {

struct CommandPage {
  Command command;
  const char* name;
  const char* intro;       // the usage line and what the command does; the option lines follow
  const char* main_title;  // the title of the section of its options; nullptr: none
  const char* outro;       // after the options (the exit codes); may be empty
  // Takes one operand ("explain SUITE", "merge SHARD.json..."); false: not one it takes.
  bool (*take_operand)(CommandArgs& into, const std::string& operand);
};

const CommandPage& command_page(Command command);

}  // namespace clampbench::detail
