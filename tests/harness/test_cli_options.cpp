// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The option table (harness/cli/options.h) as every command sees it: --flag value and
// --flag=value alike, a switch refusing a value, an unknown flag named with the help to read,
// and each command's help listing every option of the table it takes.

#include <gtest/gtest.h>

#include <set>

#include <fmt/format.h>

#include "harness/cli/options.h"
#include "harness/instructions/callgrind_child.h"
#include "tests/harness/fake_suites.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

using testing::cli;
constexpr Command kCommands[] = {Command::Run, Command::List, Command::Explain, Command::Merge};

bool takes(const Option& o, Command c) { return (o.commands & static_cast<unsigned>(c)) != 0; }

TEST(CliOptions, EveryCommandTakesAValueInEitherForm) {
  const RunArgs spaced = parse_run_args({"--suite", "a,b", "--seed", "7", "--sizes", "nightly", "--out", "r.json"});
  const RunArgs joined = parse_run_args({"--suite=a,b", "--seed=7", "--sizes=nightly", "--out=r.json"});
  EXPECT_EQ(joined.config.suites, spaced.config.suites);
  EXPECT_EQ(joined.config.seed, 7u);
  EXPECT_EQ(joined.config.sizes, SizeSet::Nightly);
  EXPECT_EQ(joined.config.out, "r.json");
  EXPECT_EQ(parse_run_args({"--case=s/a=1,b=2"}).config.cases, std::vector<std::string>{"s/a=1,b=2"});
  const ExplainArgs e = parse_command_args(Command::Explain, {"s", "--case=R=8", "--base=clamp_", "--head", "fused",
                                                              "--trace-out=t.json"}).explain;
  EXPECT_EQ(e.suite, "s");
  EXPECT_EQ(e.case_label, "R=8");  // the value is all after the first '='
  EXPECT_EQ(e.base, "clamp_");
  EXPECT_EQ(e.head, "fused");
  EXPECT_EQ(e.trace_out, "t.json");
  for (const auto& args : std::vector<std::vector<std::string>>{{"a.json", "--out=m.json", "b.json"},
                                                                {"a.json", "-o", "m.json", "b.json"}}) {
    const MergeArgs m = parse_command_args(Command::Merge, args).merge;
    EXPECT_EQ(m.target, "m.json");
    EXPECT_EQ(m.inputs, (std::vector<std::string>{"a.json", "b.json"}));
  }
  EXPECT_TRUE(parse_command_args(Command::List, {"--json"}).list_json);
}

TEST(CliOptions, ASwitchRefusesAValue) {
  for (const auto& [command, args] : std::vector<std::pair<Command, std::vector<std::string>>>{
           {Command::Run, {"--no-timing=x"}}, {Command::Run, {"--force=1"}}, {Command::List, {"--json=yes"}},
           {Command::Explain, {"s", "--all=1"}}}) {
    try {
      parse_command_args(command, args);
      ADD_FAILURE() << args.back() << " was taken";
    } catch (const UsageError& e) {
      const std::string flag = args.back().substr(0, args.back().find('='));
      EXPECT_EQ(std::string(e.what()), fmt::format("{} takes no value: '{}' (clampbench help {})", flag, args.back(),
                                                   command_name(command)));
    }
  }
  // Google Benchmark's own syntax stays: its switches take =true/=false.
  EXPECT_FALSE(parse_run_args({"--benchmark_list_tests=false"}).config.list_tests);
}

TEST(CliOptions, AnUnknownFlagIsNamedWithTheHelpToRead) {
  const auto suites = testing::fake_suites();
  for (const Command c : kCommands) {
    const std::string name = command_name(c);
    std::vector<std::string> args = {name, "--frobnicate=1"};
    if (c == Command::Explain) args.insert(args.begin() + 1, "fake_same");
    const auto r = cli(args, suites);
    EXPECT_EQ(r.code, 2) << name;
    EXPECT_EQ(r.err, fmt::format("clampbench: unknown flag '--frobnicate=1' for {} (clampbench help {})\n", name, name));
  }
  // An option of another command is unknown here: --json is list's.
  EXPECT_NE(cli({"run", "--json"}, suites).err.find("unknown flag '--json' for run"), std::string::npos);
  EXPECT_NE(cli({"list", "extra"}, suites).err.find("unexpected argument 'extra' for list"), std::string::npos);
  EXPECT_NE(cli({"explain", "a", "b"}, suites).err.find("unexpected argument 'b' for explain"), std::string::npos);
}

TEST(CliOptions, AValueIsNeededAndNotEmpty) {
  EXPECT_THROW(parse_run_args({"--seed"}), UsageError);
  EXPECT_THROW(parse_command_args(Command::Merge, {"a.json", "-o"}), UsageError);
  try {
    parse_run_args({"--variant="});
    ADD_FAILURE();
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "--variant '': empty name");
  }
  try {
    parse_command_args(Command::Explain, {"s", "--base="});
    ADD_FAILURE();
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "--base '': empty value");
  }
}

TEST(CliOptions, EachHelpListsEveryOptionOfItsCommand) {
  const auto suites = testing::fake_suites();
  for (const Command c : kCommands) {
    const std::string help = cli({"help", command_name(c)}, suites).out;
    EXPECT_EQ(help, command_help(c));
    std::size_t listed = 0;
    for (const Option& o : option_table()) {
      if (!takes(o, c) || o.meaning == nullptr) continue;
      std::string name = o.name;
      if (name.back() == '*') name = "any other " + name;
      if (o.alias != nullptr) name = std::string(o.alias) + ", " + name;
      EXPECT_NE(help.find("  " + name), std::string::npos) << command_name(c) << ": " << name;
      if (o.choices != nullptr) {  // "auto|host|cuda" as "auto | host | cuda"
        std::string choices;
        for (const char ch : std::string(o.choices)) choices += ch == '|' ? std::string(" | ") : std::string(1, ch);
        EXPECT_NE(help.find(choices + ": "), std::string::npos) << name;
      }
      ++listed;
    }
    EXPECT_GT(listed, 1u) << command_name(c);  // its options and --help
  }
  EXPECT_EQ(command_help(Command::Run).find(kInstructionChildFlag), std::string::npos);  // the child's own
}

TEST(CliOptions, NoCommandHasTwoOptionsOfOneName) {
  for (const Command c : kCommands) {
    std::set<std::string> seen;
    for (const Option& o : option_table()) {
      if (!takes(o, c)) continue;
      EXPECT_TRUE(seen.insert(o.name).second) << command_name(c) << " " << o.name;
      if (o.alias != nullptr) EXPECT_TRUE(seen.insert(o.alias).second) << command_name(c) << " " << o.alias;
      EXPECT_NE(o.apply, nullptr) << o.name;
      if (c == Command::Run) EXPECT_NE(o.child_keeps, nullptr) << o.name;
    }
  }
}

}  // namespace
}  // namespace clampbench
