// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The value readers the option table's entries share (option_entries.h).

#include <algorithm>

#include <fmt/ranges.h>

#include "harness/cli/detail/option_entries.h"

namespace clampbench::detail {

void ask_for_help(CommandArgs& into, const Given&) { into.help = true; }

void split_names(const Given& g, std::vector<std::string>& out) {
  const std::string& text = g.value;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    if (comma == start) throw UsageError(fmt::format("{} '{}': empty name", g.flag, text));
    out.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
}

const std::string& one_of(const Given& g, const char* what) {
  const auto& choices = g.option->choices;
  if (std::find(choices.begin(), choices.end(), g.value) == choices.end())
    throw UsageError(fmt::format("bad {} '{}' ({})", what, g.value, fmt::join(choices, ", ")));
  return g.value;
}

}  // namespace clampbench::detail
