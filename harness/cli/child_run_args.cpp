// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cli/child_run_args.h"

#include "harness/cli/options.h"

namespace clampbench {

std::vector<std::string> child_run_args(const std::vector<std::string>& command_line) {
  std::vector<std::string> out;
  for (std::size_t i = 2; i < command_line.size();) {  // after argv[0] and "run"
    const Given g = read_argument(Command::Run, command_line, i);
    const bool keeps = g.option == nullptr || g.option->child_keeps == nullptr || g.option->child_keeps(g.value);
    if (keeps) out.insert(out.end(), command_line.begin() + i, command_line.begin() + i + g.args);
    i += g.args;
  }
  return out;
}

}  // namespace clampbench
