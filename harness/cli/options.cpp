// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The option table (options.h), put together from its parts, and the lookup of one flag.

#include "harness/cli/options.h"

#include "harness/cli/detail/command_pages.h"
#include "harness/cli/detail/option_entries.h"

namespace clampbench {

const char* command_name(Command c) { return detail::command_page(c).name; }

const std::vector<Option>& option_table() {
  static const std::vector<Option> table = [] {
    std::vector<Option> all;
    for (auto part : {detail::run_selection_options, detail::run_measure_options, detail::run_output_options,
                      detail::command_options, detail::benchmark_options})
      for (Option& o : part()) all.push_back(std::move(o));
    return all;
  }();
  return table;
}

const Option* find_option(Command command, const std::string& flag) {
  const Option* prefix_match = nullptr;
  for (const Option& o : option_table()) {
    if ((o.commands & static_cast<unsigned>(command)) == 0) continue;
    const std::string name = o.name;
    if (flag == name || (o.alias != nullptr && flag == o.alias)) return &o;
    if (name.back() == '*' && prefix_match == nullptr && flag.rfind(name.substr(0, name.size() - 1), 0) == 0)
      prefix_match = &o;
  }
  return prefix_match;
}

}  // namespace clampbench
