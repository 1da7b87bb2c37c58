// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cli/cli.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>

#include <fmt/format.h>

#include "harness/case_filter.h"
#include "harness/detail/environment.h"
#include "harness/detail/output_path.h"
#include "harness/detail/resume.h"
#include "harness/expectations.h"
#include "harness/instructions/callgrind_child.h"
#include "harness/outcome.h"
#include "harness/session.h"
#include "harness/timing.h"
#include "harness/version.h"

namespace clampbench {

namespace {
bool asks_for_help(const std::vector<std::string>& args) {
  for (const auto& a : args)
    if (a == "--help" || a == "-h") return true;
  return false;
}

// --benchmark_list_tests: the names the timing pass would give each selected case x variant.
void list_tests(const RunConfig& config, const std::vector<const Suite*>& selected, std::ostream& out) {
  for (const SelectedCase& c : selected_cases(selected, config))
    for (const Variant* v : selected_variants(*c.suite, config)) out << variant_id(c.id, v->name) << "\n";
}

int run_command(const std::vector<std::string>& args, const std::vector<std::string>& argv_all,
                const std::string& self_exe, const std::vector<Suite>& suites, std::ostream& out, std::ostream& err) {
  RunArgs parsed = parse_run_args(args);
  parsed.config.command_line = argv_all;
  parsed.config.self_exe = self_exe;
  const RunPlan plan = resolve_run(std::move(parsed), suites);
  const RunConfig& config = plan.config;
  const std::vector<const Suite*>& selected = plan.suites;
  if (const char* dir = std::getenv(kInstructionChildEnv); dir != nullptr && *dir != '\0')
    return run_instruction_child(config, selected, dir);  // under valgrind, for a parent run
  if (config.list_tests) {
    list_tests(config, selected, out);
    return kExitOk;
  }
  ResumedRun resumed;
  if (!config.resume_path.empty()) {
    std::set<std::string> ids;
    for (const SelectedCase& c : selected_cases(selected, config)) ids.insert(c.id);
    resumed = load_resumed_run(config.resume_path, detail::environment_json(config), ids);
  }
  Expectations expectations;
  try {
    if (std::string why = check_input_file(config.expectations_path); !why.empty())
      throw UsageError("--expectations: " + why);
    expectations = Expectations::load(config.expectations_path, suites);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  std::unique_ptr<TimingSession> timing;
  if (config.timing || config.gbench.requested) {
    timing = std::make_unique<TimingSession>(config);
  }
  return run_session(config, selected, expectations, config.timing ? timing.get() : nullptr, err, std::move(resumed));
}

int run_command_line(int argc, char** argv, const std::vector<Suite>& suites, std::ostream& out, std::ostream& err,
                     const std::string& self_exe) {
  std::vector<std::string> all(argv, argv + argc);
  std::vector<std::string> rest(all.begin() + (argc > 0 ? 1 : 0), all.end());
  try {
    if (rest.empty()) throw UsageError("missing command (run, list, help or --version)");
    const std::string cmd = rest.front();
    rest.erase(rest.begin());
    if (cmd == "--version" || cmd == "version") {
      out << "clampbench " << version_string() << "\n";
      return kExitOk;
    }
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      const std::string topic = rest.empty() ? "" : rest.front();
      if (rest.size() > 1 || (!topic.empty() && topic != "run" && topic != "list"))
        throw UsageError(fmt::format("no help on '{}' (run or list)", topic));
      out << (topic == "run" ? run_usage_text() : topic == "list" ? list_usage_text() : usage_text());
      return kExitOk;
    }
    if (cmd == "list") {
      if (asks_for_help(rest)) {
        out << list_usage_text();
        return kExitOk;
      }
      bool json = false;
      for (const auto& a : rest) {
        if (a == "--json") json = true;
        else throw UsageError(fmt::format("unknown flag '{}' for list (clampbench help list)", a));
      }
      print_list(suites, json, out);
      return kExitOk;
    }
    if (cmd == "run") {
      if (asks_for_help(rest)) {
        out << run_usage_text();
        return kExitOk;
      }
      return run_command(rest, all, self_exe, suites, out, err);
    }
    if (cmd == "explain") return explain_command(rest, suites, out);
    throw UsageError(fmt::format("unknown command '{}' (run, list, explain, help, --version)", cmd));
  } catch (const UsageError& e) {
    err << "clampbench: " << e.what() << std::endl;
    return kExitUsage;
  } catch (const std::exception& e) {
    err << "clampbench: internal error: " << e.what() << std::endl;
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

int run_cli(int argc, char** argv) {
  try {
    std::error_code ec;
    const std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    return run_cli(argc, argv, all_suites(), std::cout, std::cerr, ec ? "" : self);
  } catch (const std::exception& e) {  // the registry itself failed to build
    std::cerr << "clampbench: internal error: " << e.what() << std::endl;
    return kExitInternal;
  }
}

}  // namespace clampbench
