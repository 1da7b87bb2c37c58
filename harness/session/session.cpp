// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/session/session.h"

#include <chrono>
#include <memory>
#include <optional>
#include <ostream>

#include <fmt/format.h>

#include "harness/selection/case_filter.h"
#include "harness/cupti/tracer.h"
#include "harness/dump/dump.h"
#include "harness/results/environment.h"
#include "harness/interrupt.h"
#include "harness/machine/device_info.h"
#include "harness/machine/run_conditions.h"
#include "harness/output/terminal_text.h"
#include "harness/results_file/results_file.h"
#include "harness/runner/runner.h"
#include "harness/session/detail/case_loop.h"
#include "harness/session/detail/run_end.h"
#include "kernels/allocators.h"
#include "kernels/runtime.h"

namespace clampbench {

namespace {
// With --instructions perf, the runner counts with this process's hardware counter
// (available: validate_run_config opened one).
std::unique_ptr<InstructionCounter> perf_counter_for(const RunConfig& config, Runner& runner) {
  std::unique_ptr<InstructionCounter> perf_counter;
  if (config.instructions.method == InstructionMethod::Perf) {
    std::string why_not;
    perf_counter = make_perf_counter(why_not);
    runner.set_instruction_counter(perf_counter.get());
  }
  return perf_counter;
}

// One file, one set of rules: the earlier cases are judged by this run's expectations.
void judge_resumed(const Expectations& expectations, ResumedRun& resumed, std::ostream& log) {
  for (CaseResult& c : resumed.cases) judge_case(expectations, c);
  if (resumed.run_again > 0)
    log << fmt::format("clampbench: --resume: {} case(s) of '{}' run again: they lack what this run measures ({})\n",
                       resumed.run_again, terminal_text(resumed.path), terminal_text(resumed.first_lack));
}
}  // namespace

// The recipe: what the machine is, the instruments, the cases, the passes after them, the
// results. Objects are made in the order they must be torn down in reverse.
int run_session(const RunConfig& config, RunInputs inputs, const Expectations& expectations, TimingSession* timing,
                std::ostream& log) {
  const auto start = std::chrono::steady_clock::now();
  Environment& environment = inputs.environment;
  ResumedRun& resumed = inputs.resumed;
  const std::vector<SelectedCase>& selection = inputs.selection;  // for every pass
  const std::optional<std::string> bus_id = query_device_info().pci_bus_id;
  environment.conditions = conditions_at_start(config.use_cuda, bus_id);
  // On cuda every GPU-site tensor comes from the chosen allocator; host tensors always use
  // the runtime's pageable host allocator (recorded as environment.host_allocator).
  std::unique_ptr<Allocator> cuda_allocator;
  std::optional<AllocatorGuard> guard;
  if (config.use_cuda) {
    cuda_allocator = make_cuda_allocator(config.allocator, &Runtime::current().ledger());
    guard.emplace(DeviceType::Cuda, cuda_allocator.get());
  }
  std::unique_ptr<cupti::Tracer> tracer = cupti::make_tracer(config.use_cuda);
  Runner runner(config, expectations, *tracer, timing);
  const std::unique_ptr<InstructionCounter> perf_counter = perf_counter_for(config, runner);
  std::vector<std::string> internal_errors;
  const InterruptWatch watch;  // from here on a signal ends the run in order
  Dump dump(config, environment);

  const detail::RunProgress progress{start, resumed.case_ids.size(), selection.size()};
  judge_resumed(expectations, resumed, log);
  ResultsFile results(config, std::move(environment), std::move(resumed), progress.planned);
  const bool keep_traces = config.trace || !config.trace_out.empty();
  std::vector<CaseResult> cases =
      detail::run_cases(selection, progress, runner, dump, results, keep_traces, internal_errors, log);
  detail::after_cases(config, timing, dump, results, cases, bus_id, internal_errors, log);
  return detail::close_run(config, progress, results, cases, internal_errors, log);
}

}  // namespace clampbench
