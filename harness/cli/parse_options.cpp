// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The one loop that reads every command's arguments against the option table (options.h).
// Every bad argument becomes one UsageError naming it; nothing here looks at the registry,
// the file system or the machine (resolve_run.cpp does, for run).

#include <fmt/format.h>

#include "harness/cli/detail/command_pages.h"
#include "harness/cli/detail/option_entries.h"
#include "harness/cli/options.h"

namespace clampbench {

Given read_argument(Command command, const std::vector<std::string>& args, std::size_t i) {
  const std::string& arg = args[i];
  Given g;
  g.typed = arg;
  if (arg.size() < 2 || arg[0] != '-') {  // an operand ("-" included: a file name)
    g.value = arg;
    return g;
  }
  const std::size_t eq = arg.rfind("--", 0) == 0 ? arg.find('=') : std::string::npos;
  g.flag = arg.substr(0, eq);
  g.has_value = eq != std::string::npos;
  if (g.has_value) g.value = arg.substr(eq + 1);
  const char* cmd = command_name(command);
  g.option = find_option(command, g.flag);
  if (g.option == nullptr) throw UsageError(fmt::format("unknown flag '{}' for {} (clampbench help {})", arg, cmd, cmd));
  switch (g.option->kind) {
    case ValueKind::Inline:
      return g;
    case ValueKind::Switch:
      if (g.has_value) throw UsageError(fmt::format("{} takes no value: '{}' (clampbench help {})", g.flag, arg, cmd));
      return g;
    case ValueKind::One:
    case ValueKind::Names:
      if (!g.has_value) {
        if (i + 1 >= args.size()) throw UsageError(fmt::format("{} needs a value (clampbench help {})", g.flag, cmd));
        g.value = args[i + 1];
        g.args = 2;
      }
      // Checked here for every option: an empty value (an unset shell variable) would
      // otherwise mean "the default" or "all" to some of them and be read as a path by others.
      if (g.value.empty())
        throw UsageError(fmt::format("{} '': empty {}", g.flag, g.option->kind == ValueKind::Names ? "name" : "value"));
      return g;
  }
  return g;
}

CommandArgs parse_command_args(Command command, const std::vector<std::string>& args) {
  CommandArgs parsed;
  for (const std::string& a : args) {  // the help wins over any other argument, good or bad
    if (const Option* o = find_option(command, a); o != nullptr && o->apply == detail::ask_for_help) {
      parsed.help = true;
      return parsed;
    }
  }
  const detail::CommandPage& page = detail::command_page(command);
  for (std::size_t i = 0; i < args.size();) {
    const Given g = read_argument(command, args, i);
    i += g.args;
    if (g.option != nullptr) g.option->apply(parsed, g);
    else if (page.take_operand == nullptr || !page.take_operand(parsed, g.value))
      throw UsageError(fmt::format("unexpected argument '{}' for {} (clampbench help {})", g.value, page.name, page.name));
  }
  return parsed;
}

RunArgs parse_run_args(const std::vector<std::string>& args) { return parse_command_args(Command::Run, args).run; }

}  // namespace clampbench
