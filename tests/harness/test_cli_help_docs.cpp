// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// docs/cli.md holds each command's help as the binary prints it, between
// <!-- help NAME --> and <!-- /help NAME -->: the help is made from the option table, and this
// test fails when the page and the table part ways.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "harness/cli/options.h"

namespace clampbench {
namespace {

std::string read_page() {
  std::ifstream in(std::string(CLAMPBENCH_SOURCE_DIR) + "/docs/cli.md");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The text of the ``` block between the command's markers; "" when there is none.
std::string help_block(const std::string& page, const std::string& name) {
  const std::string open = "<!-- help " + name + " -->\n```\n", close = "```\n<!-- /help " + name + " -->";
  const std::size_t begin = page.find(open);
  if (begin == std::string::npos) return "";
  const std::size_t end = page.find(close, begin);
  if (end == std::string::npos) return "";
  return page.substr(begin + open.size(), end - begin - open.size());
}

TEST(CliHelpDocs, DocsCliMdHoldsEachCommandsHelp) {
  const std::string page = read_page();
  ASSERT_FALSE(page.empty()) << "docs/cli.md not found under " << CLAMPBENCH_SOURCE_DIR;
  for (const Command c : {Command::Run, Command::List, Command::Explain, Command::Merge}) {
    const std::string name = command_name(c);
    EXPECT_EQ(help_block(page, name), command_help(c))
        << "docs/cli.md differs from `clampbench help " << name << "`: put that output between <!-- help " << name
        << " --> and <!-- /help " << name << " --> in its ``` block";
  }
}

}  // namespace
}  // namespace clampbench
