// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cli/cli.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <utility>

#include <fmt/format.h>

#include "harness/cli/commands.h"
#include "harness/cli/options.h"
#include "harness/cli/run_command.h"
#include "harness/results/outcome.h"
#include "harness/output/terminal_text.h"
#include "harness/version.h"

namespace clampbench {

namespace {
// What one command gets: its arguments (after the command's name), the whole command line,
// and where it prints.
struct CommandCall {
  const std::vector<std::string>& args;
  const std::vector<std::string>& argv_all;
  const std::vector<Suite>& suites;
  std::ostream& out;
  std::ostream& err;
  const std::string& self_exe;
};

// Every command once: its name, its help (`clampbench help NAME` and `NAME --help`, wherever
// --help is among its arguments, print the same text) and what runs it.
struct CommandEntry {
  const char* name;
  Command command;
  std::string (*help)();
  int (*run)(const CommandCall& c);
};
constexpr CommandEntry kCommands[] = {
    {"run", Command::Run, run_usage_text,
     [](const CommandCall& c) { return run_command(c.args, c.argv_all, c.self_exe, c.suites, c.out, c.err); }},
    {"list", Command::List, list_usage_text, [](const CommandCall& c) { return list_command(c.args, c.suites, c.out); }},
    {"explain", Command::Explain, explain_usage_text,
     [](const CommandCall& c) { return explain_command(c.args, c.suites, c.out); }},
    {"merge", Command::Merge, merge_usage_text,
     [](const CommandCall& c) { return merge_command(c.args, c.argv_all, c.suites, c.out, c.err); }},
};

const CommandEntry* find_command(const std::string& name) {
  for (const CommandEntry& c : kCommands)
    if (name == c.name) return &c;
  return nullptr;
}

int run_command_line(int argc, char** argv, const std::vector<Suite>& suites, std::ostream& out, std::ostream& err,
                     const std::string& self_exe) {
  std::vector<std::string> all(argv, argv + argc);
  std::vector<std::string> rest(all.begin() + (argc > 0 ? 1 : 0), all.end());
  try {
    if (rest.empty()) throw UsageError("missing command (run, list, explain, merge, help or --version)");
    const std::string cmd = rest.front();
    rest.erase(rest.begin());
    if (cmd == "--version" || cmd == "version") {
      out << "clampbench " << version_string() << "\n";
      return kExitOk;
    }
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      const CommandEntry* about = rest.size() == 1 ? find_command(rest.front()) : nullptr;
      if (!rest.empty() && about == nullptr)
        throw UsageError(fmt::format("no help on '{}' (run, list, explain or merge)", rest.front()));
      out << (about ? about->help() : usage_text());
      return kExitOk;
    }
    const CommandEntry* command = find_command(cmd);
    if (command == nullptr)
      throw UsageError(fmt::format("unknown command '{}' (run, list, explain, merge, help, --version)", cmd));
    if (wants_help(command->command, rest)) {  // the help wins over any other argument, good or bad
      out << command->help();
      return kExitOk;
    }
    return command->run(CommandCall{rest, all, suites, out, err, self_exe});
  } catch (const UsageError& e) {  // it may quote a file name, a flag's value, a case id
    err << "clampbench: " << terminal_text(e.what()) << std::endl;
    return kExitUsage;
  } catch (const std::exception& e) {
    err << "clampbench: internal error: " << terminal_text(e.what()) << std::endl;
    return kExitInternal;
  }
}

}  // namespace

// What a command printed must have reached stdout: a full disk or a closed pipe makes the
// command fail (exit 3), never exit 0 with its output cut short.
int run_cli(int argc, char** argv, const std::vector<Suite>& suites, std::ostream& out, std::ostream& err,
            const std::string& self_exe) {
  const int code = run_command_line(argc, argv, suites, out, err, self_exe);
  errno = 0;
  out.flush();
  if (out || code == kExitUsage || code == kExitInternal) return code;
  err << "clampbench: cannot write to stdout" << (errno ? std::string(": ") + std::strerror(errno) : "") << std::endl;
  return code > kExitInternal ? code : kExitInternal;  // an interrupted run keeps its 130/143
}

namespace {
constexpr const char* kThisProgram = "/proc/self/exe";
}  // namespace

int run_cli(int argc, char** argv) {
  try {
    // This program as /proc/self/exe, not the path that link names: the callgrind child opens
    // it, and its own copy of the name has one length wherever the program lies (a path's
    // length would shape the child's heap, and its counts with it).
    std::error_code ec;
    const bool linked = std::filesystem::exists(kThisProgram, ec);
    return run_cli(argc, argv, all_suites(), std::cout, std::cerr, linked ? kThisProgram : "");
  } catch (const std::exception& e) {  // the registry itself failed to build
    std::cerr << "clampbench: internal error: " << terminal_text(e.what()) << std::endl;
    return kExitInternal;
  }
}

}  // namespace clampbench
