// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The parts of the option table (harness/cli/options.h), one file each in the help's order,
// and the helpers their entries share to read a value.

#include <charconv>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "harness/cli/option.h"
#include "harness/usage_error.h"

namespace clampbench::detail {

// Each a static array: the table takes no heap (options.h says why).
std::span<const Option> run_selection_options();  // run_selection_options.cpp
std::span<const Option> run_measure_options();    // run_measure_options.cpp
std::span<const Option> run_output_options();     // run_output_options.cpp
std::span<const Option> command_options();        // list, explain, merge and --help: command_options.cpp
std::span<const Option> benchmark_options();      // Google Benchmark's flags: benchmark_options.cpp

constexpr unsigned kRun = static_cast<unsigned>(Command::Run);
constexpr unsigned kList = static_cast<unsigned>(Command::List);
constexpr unsigned kExplain = static_cast<unsigned>(Command::Explain);
constexpr unsigned kMerge = static_cast<unsigned>(Command::Merge);

// The --help entry's apply: the parse loop looks for it before anything else.
void ask_for_help(CommandArgs& into, const Given& given);

// child_keeps of an option the callgrind child takes as the parent got it / never takes.
inline bool kept(const std::string&) { return true; }
inline bool dropped(const std::string&) { return false; }

template <typename T>
T parse_number(const Given& g) {
  T value{};
  const std::string& text = g.value;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty())
    throw UsageError(fmt::format("bad number '{}' for {}", text, g.flag));
  return value;
}

// --repetitions N and --benchmark_repetitions=N (its value `text`): a whole number of timing
// samples from 1 to the timing loop's cap, kMaxRepetitions. Throws UsageError naming the flag.
int read_repetitions(const Given& g, const std::string& text);

// "a,b" -> a, b. An empty name ("a,,b", "a,") is an error: `--suite ""` from an unset shell
// variable must not quietly select everything.
void split_names(const Given& g, std::vector<std::string>& out);

// g.value when it is one of the option's choices; else "bad WHAT 'V' (choice, choice)".
// Allocates nothing unless it throws.
const std::string& one_of(const Given& g, const char* what);
// "auto|host|cuda" as "auto, host, cuda" (separator ", ").
std::string listed_choices(const Option& o, std::string_view separator);

}  // namespace clampbench::detail
