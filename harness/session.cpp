// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/session.h"

#include <algorithm>
#include <chrono>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <memory>
#include <optional>
#include <ostream>
#include <span>

#include <fmt/format.h>

#include "harness/case_filter.h"
#include "harness/cupti/tracer.h"
#include "harness/machine/device_info.h"
#include "harness/environment.h"
#include "harness/interrupt.h"
#include "harness/results_file/results_file.h"
#include "harness/machine/run_conditions.h"
#include "harness/dump/dump.h"
#include "harness/run_eta.h"
#include "harness/instructions/callgrind_child.h"
#include "harness/instructions/child_process.h"
#include "harness/outcome.h"
#include "harness/progress.h"
#include "harness/results_writer.h"
#include "harness/runner/runner.h"
#include "harness/trace_export.h"
#include "kernels/allocators.h"
#include "kernels/runtime.h"

namespace clampbench {

namespace {
// The callgrind method's pass, after the others: one child run under valgrind for the whole
// selection (callgrind_child.h); its counts go to this run's host cases and to the resumed
// ones that lack them (a run stopped during this pass; resume.h).
void count_under_callgrind(const RunConfig& config, std::vector<CaseResult>& cases, std::span<CaseResult> resumed,
                           std::vector<std::string>& internal_errors, std::ostream& log) {
  const auto t0 = std::chrono::steady_clock::now();
  try {
    const auto counts = count_in_callgrind_child(config);
    auto fill = [&counts](CaseResult& c, bool only_missing) {
      if (c.device != DeviceType::Host) return;
      for (auto& v : c.variants)
        if (auto it = counts.find(variant_id(c.case_id, v.name)); it != counts.end() && !v.error && !(only_missing && v.instructions))
          v.instructions = it->second;
    };
    for (auto& c : cases) fill(c, false);
    for (auto& c : resumed) fill(c, true);
  } catch (const ChildInterrupted&) {
    return;  // the run is stopping: its outcome says so
  } catch (const std::exception& e) {
    internal_errors.push_back(fmt::format("instruction count: {}", e.what()));
  }
  log << fmt::format("clampbench: instructions counted under callgrind ({:.1f}s)",
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count())
      << std::endl;
}

// --benchmark_out and --trace-out, before the results, which record a failure of either.
void write_side_outputs(const RunConfig& config, TimingSession* timing, const std::vector<CaseResult>& cases,
                        std::vector<std::string>& internal_errors) {
  try {
    if (timing) timing->finish();
  } catch (const std::exception& e) {
    internal_errors.push_back(e.what());
  }
  try {
    if (!config.trace_out.empty()) write_file_atomically(config.trace_out, chrome_trace(cases).dump() + "\n");
  } catch (const std::exception& e) {
    internal_errors.push_back(fmt::format("--trace-out: {}", e.what()));
  }
}

std::string closing_line(const Outcome& outcome, const std::string& status, std::size_t ran, std::size_t resumed,
                         const std::string& out, double elapsed_s) {
  return fmt::format("clampbench: {} cases{}, {} unexpected verdict(s), {} unexpected finding(s), "
                     "{} unexpected order-dependent write(s), {} unexpected latent write(s), {}; results in {} ({:.1f}s)\n",
                     ran, resumed ? fmt::format(" (+{} resumed)", resumed) : "", outcome.unexpected.size(),
                     outcome.unexpected_findings.size(), outcome.unexpected_order_writes.size(),
                     outcome.unexpected_latent_writes.size(), status, out, elapsed_s);
}
// Where the run stands, for each case's progress line and the closing one.
struct RunProgress {
  std::chrono::steady_clock::time_point start;
  std::size_t already;  // resumed cases
  std::size_t planned;  // the whole selection, resumed cases included
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); }
};

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
                       resumed.run_again, resumed.path, resumed.first_lack);
}

// One case measured and dumped; its tensors are given back before the next one.
CaseResult measure_case(const SelectedCase& sc, Runner& runner, Dump& dump, std::vector<std::string>& internal_errors,
                        std::ostream& log) {
  CaseResult c = runner.run_case(*sc.suite, sc.point);
  dump.add(*sc.suite, sc.point, c, runner, internal_errors, log);
  for (auto& v : c.variants) release_tensors(v);  // kept for the dump only; keep memory flat
#if defined(__GLIBC__)
  // Hand the freed heap back between cases: glibc raises its mmap threshold after freeing
  // a large block, so later large blocks come from the heap and one case's peak would
  // stay resident under the next (the nightly set's peak RSS grew by 40% that way).
  malloc_trim(0);
#endif
  for (auto& e : runner.take_instruction_errors()) internal_errors.push_back(std::move(e));
  return c;
}

// The results file rewritten after each case, so that a run killed outright keeps it. The
// last write decides: a failure here is said once and the run goes on.
void checkpoint(ResultsFile& results, std::vector<std::string>& internal_errors, bool& warned, std::ostream& log) {
  try {
    results.write(internal_errors, ResultsFile::Stage::Running);
  } catch (const std::exception& e) {
    if (!warned) log << "clampbench: warning: " << e.what() << "; the run goes on" << std::endl;
    warned = true;
  }
}

// The selected cases not resumed, in order, until a signal stops the run.
std::vector<CaseResult> run_cases(const std::vector<SelectedCase>& selection, const RunProgress& progress,
                                  Runner& runner, Dump& dump, ResultsFile& results,
                                  std::vector<std::string>& internal_errors, std::ostream& log) {
  const std::set<std::string>& done_before = results.resumed_case_ids();
  const std::size_t to_run = progress.planned - progress.already;
  std::vector<CaseResult> cases;
  bool checkpoint_failed = false;
  for (const SelectedCase& sc : selection) {
    if (interrupt_signal()) break;
    if (done_before.count(sc.id)) continue;
    CaseResult c = measure_case(sc, runner, dump, internal_errors, log);
    log << progress_line(progress.already + cases.size() + 1, progress.planned, c) << "  "
        << elapsed_and_eta(progress.seconds(), cases.size() + 1, to_run - cases.size() - 1) << std::endl;
    cases.push_back(std::move(c));
    results.add(cases.back());
    checkpoint(results, internal_errors, checkpoint_failed, log);
  }
  return cases;
}

// After the cases: the dump put in place, the callgrind pass (this run's cases and the
// resumed ones that lack counts), the side outputs, and the end of the run's conditions.
void after_cases(const RunConfig& config, TimingSession* timing, Dump& dump, ResultsFile& results,
                 std::vector<CaseResult>& cases, const std::optional<std::string>& bus_id,
                 std::vector<std::string>& internal_errors, std::ostream& log) {
  dump.finish(internal_errors);
  const auto resumed_cases = results.resumed_cases();
  if (config.instructions.method == InstructionMethod::Callgrind && !interrupt_signal() &&
      (!cases.empty() || std::any_of(resumed_cases.begin(), resumed_cases.end(), lacks_instructions))) {
    count_under_callgrind(config, cases, resumed_cases, internal_errors, log);
    results.refresh(cases);
  }
  write_side_outputs(config, timing, cases, internal_errors);
  record_end(results.environment().conditions, bus_id);
}

// The last write of the results, the verdict table and the closing lines; the exit code.
int close_run(const RunConfig& config, const RunProgress& progress, ResultsFile& results,
              const std::vector<CaseResult>& cases, std::vector<std::string>& internal_errors, std::ostream& log) {
  const int signo = interrupt_signal();
  Outcome outcome;
  try {
    outcome = results.write(internal_errors, signo ? ResultsFile::Stage::Interrupted : ResultsFile::Stage::Finished, signo);
  } catch (const std::exception& e) {
    log << "clampbench: error: results not written: " << e.what() << std::endl;
    return signo ? 128 + signo : kExitInternal;
  }
  log << verdict_table(cases)
      << closing_line(outcome, signo ? "interrupted" : outcome.status, cases.size(), progress.already, config.out,
                      progress.seconds());
  for (const auto& e : outcome.internal_errors) log << "clampbench: error: " << e << "\n";
  if (signo) {
    log << fmt::format("clampbench: interrupted by {} after {} of {} cases; --resume {} continues the run\n",
                       interrupt_signal_name(signo), progress.already + cases.size(), progress.planned, config.out);
    return 128 + signo;
  }
  return outcome.exit_code;
}
}  // namespace

// The recipe: what the machine is, the instruments, the cases, the passes after them, the
// results. Objects are made in the order they must be torn down in reverse.
int run_session(const RunConfig& config, const std::vector<const Suite*>& suites,
                const Expectations& expectations, TimingSession* timing, std::ostream& log, ResumedRun resumed) {
  const auto start = std::chrono::steady_clock::now();
  Environment environment = measure_environment(config);
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

  const std::vector<SelectedCase> selection = selected_cases(suites, config);  // for every pass
  const RunProgress progress{start, resumed.case_ids.size(), selection.size()};
  judge_resumed(expectations, resumed, log);
  ResultsFile results(config, std::move(environment), std::move(resumed), progress.planned);
  std::vector<CaseResult> cases = run_cases(selection, progress, runner, dump, results, internal_errors, log);
  after_cases(config, timing, dump, results, cases, bus_id, internal_errors, log);
  return close_run(config, progress, results, cases, internal_errors, log);
}

}  // namespace clampbench
