// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The value readers the option table's entries share (option_entries.h).

#include <algorithm>

#include "harness/cli/detail/option_entries.h"

namespace clampbench::detail {

int read_repetitions(const Given& g, const std::string& text) {
  int n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || n < 1 || n > kMaxRepetitions)
    throw UsageError(fmt::format("{} must be a whole number from 1 to {} (the timing loop's sample cap), not '{}'",
                                 g.flag, kMaxRepetitions, text));
  return n;
}

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
  std::string_view rest = g.option->choices;
  for (;;) {
    const std::size_t bar = std::min(rest.find('|'), rest.size());
    if (rest.substr(0, bar) == g.value) return g.value;
    if (bar == rest.size()) break;
    rest.remove_prefix(bar + 1);
  }
  throw UsageError(fmt::format("bad {} '{}' ({})", what, g.value, listed_choices(*g.option, ", ")));
}

std::string listed_choices(const Option& o, std::string_view separator) {
  std::string out;
  for (const char c : std::string_view(o.choices)) c == '|' ? out.append(separator) : out.append(1, c);
  return out;
}

}  // namespace clampbench::detail
