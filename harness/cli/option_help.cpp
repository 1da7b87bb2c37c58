// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// command_help of options.h: a command's fixed intro, then one line per option of the table
// that the command takes, its meaning wrapped beside it. docs/cli.md holds the same text, and
// a test compares them.

#include <sstream>

#include <fmt/format.h>

#include "harness/cli/commands.h"
#include "harness/cli/detail/command_pages.h"
#include "harness/cli/detail/option_entries.h"
#include "harness/cli/options.h"

namespace clampbench {

namespace {
constexpr std::size_t kWidth = 96;  // the longest line

// "  --out FILE", "  -o, --out FILE", "  --benchmark_min_time=S", "  any other --benchmark_*".
std::string head(const Option& o) {
  const std::string name = o.name;
  if (name.back() == '*') return fmt::format("  any other {}", name);
  const std::string alias = o.alias != nullptr ? fmt::format("{}, ", o.alias) : "";
  if (o.value == nullptr) return fmt::format("  {}{}", alias, name);
  return fmt::format("  {}{}{}{}", alias, name, o.kind == ValueKind::Inline ? '=' : ' ', o.value);
}

// The head, then the meaning from `column` on, wrapped at word boundaries; a head too wide
// for the column gets a line of its own.
std::string option_lines(const Option& o, std::size_t column) {
  std::string text = o.meaning;
  if (o.choices != nullptr) text = fmt::format("{}: {}", detail::listed_choices(o, " | "), text);
  std::string out = head(o), line;
  if (out.size() + 2 > column) out.append(1, '\n').append(column, ' ');
  else out.append(column - out.size(), ' ');
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    if (!line.empty() && column + line.size() + 1 + word.size() > kWidth) {
      out.append(line).append(1, '\n').append(column, ' ');
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return out + line + "\n";
}
}  // namespace

std::string command_help(Command command) {
  const detail::CommandPage& page = detail::command_page(command);
  struct Part {
    Section section;
    const char* title;   // nullptr: the lines follow what came before
    const char* footer;  // printed after the lines, when there are any
    std::size_t column;  // where the meanings start
  };
  const Part parts[] = {
      {Section::Selection, "selection (each applies to every pass, the dump and the results):",
       "  A filter that matches no case is an error (exit 2); a shard without cases is not.\n", 23},
      {Section::Main, page.main_title, "", 23},
      {Section::GoogleBenchmark, "Google Benchmark flags:", "", 31},
  };
  std::string out = page.intro;
  for (const Part& part : parts) {
    std::string lines;
    for (const Option& o : option_table())
      if ((o.commands & static_cast<unsigned>(command)) != 0 && o.section == part.section && o.meaning != nullptr)
        lines += option_lines(o, part.column);
    if (lines.empty()) continue;
    if (part.title != nullptr) out += fmt::format("\n{}\n", part.title);
    out += lines + part.footer;
  }
  return out + page.outro;
}

std::string run_usage_text() { return command_help(Command::Run); }
std::string list_usage_text() { return command_help(Command::List); }
std::string explain_usage_text() { return command_help(Command::Explain); }
std::string merge_usage_text() { return command_help(Command::Merge); }

}  // namespace clampbench
