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
  if (arg.size() < 2 || arg[0] != '-') {  // an operand ("-" included: a file name)
    Given operand;
    operand.value = arg;
    return operand;
  }
  const std::size_t eq = arg.rfind("--", 0) == 0 ? arg.find('=') : std::string::npos;
  const char* cmd = command_name(command);
  const Option* option = find_option(command, std::string_view(arg).substr(0, eq));
  if (option == nullptr) throw UsageError(fmt::format("unknown flag '{}' for {} (clampbench help {})", arg, cmd, cmd));
  Given g{.option = option, .flag = arg, .value = {}};  // the argument copied whole, as typed
  if (option->kind == ValueKind::Inline) return g;  // the entry reads "--flag=V" whole
  g.has_value = eq != std::string::npos;
  if (g.has_value) {
    g.value = g.flag.substr(eq + 1);
    g.flag = g.flag.substr(0, eq);
  }
  if (option->kind == ValueKind::Switch) {
    if (g.has_value) throw UsageError(fmt::format("{} takes no value: '{}' (clampbench help {})", g.flag, arg, cmd));
    return g;
  }
  if (!g.has_value) {
    if (i + 1 >= args.size()) throw UsageError(fmt::format("{} needs a value (clampbench help {})", g.flag, cmd));
    g.value = args[i + 1];
    g.args = 2;
  }
  // Checked here for every option: an empty value (an unset shell variable) would otherwise
  // mean "the default" or "all" to some of them and be read as a path by others.
  if (g.value.empty())
    throw UsageError(fmt::format("{} '': empty {}", g.flag, option->kind == ValueKind::Names ? "name" : "value"));
  return g;
}

CommandArgs parse_command_args(Command command, const std::vector<std::string>& args) {
  CommandArgs parsed;
  if (wants_help(command, args)) {
    parsed.help = true;
    return parsed;
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
