// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The option table (options.h), put together from its parts, and the lookup of one flag.

#include "harness/cli/options.h"

#include <array>
#include <stdexcept>

#include "harness/cli/detail/command_pages.h"
#include "harness/cli/detail/option_entries.h"

namespace clampbench {

const char* command_name(Command c) { return detail::command_page(c).name; }

std::span<const Option> option_table() {
  struct Table {
    std::array<Option, 64> options;  // room for every part; a static array, no heap
    std::size_t size = 0;
  };
  static const Table table = [] {
    Table t;
    for (auto part : {detail::run_selection_options, detail::run_measure_options, detail::run_output_options,
                      detail::command_options, detail::benchmark_options}) {
      for (const Option& o : part()) {
        if (t.size == t.options.size()) throw std::logic_error("the option table is full: make it larger");
        t.options[t.size++] = o;
      }
    }
    return t;
  }();
  return {table.options.data(), table.size};
}

const Option* find_option(Command command, std::string_view flag) {
  const Option* prefix_match = nullptr;
  for (const Option& o : option_table()) {
    if ((o.commands & static_cast<unsigned>(command)) == 0) continue;
    const std::string_view name = o.name;
    if (flag == name || (o.alias != nullptr && flag == o.alias)) return &o;
    if (name.back() == '*' && prefix_match == nullptr && flag.starts_with(name.substr(0, name.size() - 1)))
      prefix_match = &o;
  }
  return prefix_match;
}

bool wants_help(Command command, const std::vector<std::string>& args) {
  for (const std::string& a : args)
    if (const Option* o = find_option(command, a); o != nullptr && o->apply == detail::ask_for_help) return true;
  return false;
}

}  // namespace clampbench
