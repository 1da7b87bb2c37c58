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
      // Every command's help, by the name `clampbench help NAME` takes.
      static const std::pair<const char*, std::string (*)()> kHelp[] = {
          {"run", run_usage_text}, {"list", list_usage_text}, {"explain", explain_usage_text},
          {"merge", merge_usage_text}};
      if (rest.empty()) {
        out << usage_text();
        return kExitOk;
      }
      for (const auto& [name, text] : kHelp) {
        if (rest.size() == 1 && rest.front() == name) {
          out << text();
          return kExitOk;
        }
      }
      throw UsageError(fmt::format("no help on '{}' (run, list, explain or merge)", rest.front()));
    }
    if (cmd == "list") {
      if (wants_help(Command::List, rest)) {
        out << list_usage_text();
        return kExitOk;
      }
      return list_command(rest, suites, out);
    }
    if (cmd == "run") {
      if (wants_help(Command::Run, rest)) {
        out << run_usage_text();
        return kExitOk;
      }
      return run_command(rest, all, self_exe, suites, out, err);
    }
    if (cmd == "explain") return explain_command(rest, suites, out);
    if (cmd == "merge") {
      if (wants_help(Command::Merge, rest)) {
        out << merge_usage_text();
        return kExitOk;
      }
      return merge_command(rest, all, suites, out, err);
    }
    throw UsageError(fmt::format("unknown command '{}' (run, list, explain, merge, help, --version)", cmd));
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
