// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cli/run_command.h"

#include <cstdlib>
#include <map>
#include <memory>

#include "harness/selection/case_filter.h"
#include "harness/cli/child_run_args.h"
#include "harness/cli/run_plan.h"
#include "harness/results/environment.h"
#include "harness/output/output_path.h"
#include "harness/results_file/resume.h"
#include "harness/verdicts/expectations.h"
#include "harness/instructions/callgrind_child.h"
#include "harness/instructions/instruction_child.h"
#include "harness/results/outcome.h"
#include "harness/session/session.h"
#include "harness/timing/timing.h"

namespace clampbench {

namespace {
// --benchmark_list_tests: the names the timing pass would give each selected case x variant.
void list_tests(const RunConfig& config, const std::vector<const Suite*>& selected, std::ostream& out) {
  for (const SelectedCase& c : selected_cases(selected, config))
    for (const Variant* v : selected_variants(*c.suite, config)) out << variant_id(c.id, v->name) << "\n";
}

}  // namespace

int run_command(const std::vector<std::string>& args, const std::vector<std::string>& argv_all,
                const std::string& self_exe, const std::vector<Suite>& suites, std::ostream& out, std::ostream& err) {
  RunArgs parsed = parse_run_args(args);
  parsed.config.command_line = argv_all;
  parsed.config.child_run_args = child_run_args(argv_all);
  parsed.config.self_exe = self_exe;
  const RunPlan plan = resolve_run(std::move(parsed), suites);
  const RunConfig& config = plan.config;
  const std::vector<const Suite*>& selected = plan.suites;
  if (!config.instruction_child_dir.empty())  // under valgrind, for a parent run
    return run_instruction_child(config, selected, config.instruction_child_dir);
  if (config.list_tests) {
    list_tests(config, selected, out);
    return kExitOk;
  }
  Expectations expectations;
  try {
    if (std::string why = check_input_file(config.expectations_path); !why.empty())
      throw UsageError("--expectations: " + why);
    expectations = Expectations::load(config.expectations_path, suites);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  // Measured once: --resume compares the file's against this run's, and the session records it.
  std::vector<SelectedCase> selection = selected_cases(selected, config);
  Environment environment = measure_environment(config);
  ResumedRun resumed;
  if (!config.resume_path.empty()) {
    std::map<std::string, SelectedCase> cases;
    for (const SelectedCase& c : selection) cases.emplace(c.id, c);
    resumed = load_resumed_run(config.resume_path, config, environment, cases);
  }
  std::unique_ptr<TimingSession> timing;
  if (config.timing || config.gbench.requested) timing = std::make_unique<TimingSession>(config);
  return run_session(config, RunInputs{std::move(selection), std::move(environment), std::move(resumed)}, expectations,
                     config.timing ? timing.get() : nullptr, err);
}

}  // namespace clampbench
