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
}  // namespace

int run_session(const RunConfig& config, const std::vector<const Suite*>& suites,
                const Expectations& expectations, TimingSession* timing, std::ostream& log, ResumedRun resumed) {
  const auto t0 = std::chrono::steady_clock::now();
  auto seconds_since_start = [&t0] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
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
  std::unique_ptr<InstructionCounter> perf_counter;
  if (config.instructions.method == InstructionMethod::Perf) {
    std::string why_not;
    perf_counter = make_perf_counter(why_not);  // available: validate_run_config opened one
    runner.set_instruction_counter(perf_counter.get());
  }
  std::vector<std::string> internal_errors;
  const InterruptWatch watch;  // from here on a signal ends the run in order
  Dump dump(config, environment);

  const std::vector<SelectedCase> selection = selected_cases(suites, config);  // for every pass
  const std::size_t planned = selection.size();
  const std::size_t already = resumed.case_ids.size(), to_run = planned - already;
  // One file, one set of rules: the earlier cases are judged by this run's expectations.
  for (CaseResult& c : resumed.cases) judge_case(expectations, c);
  if (resumed.run_again > 0)
    log << fmt::format("clampbench: --resume: {} case(s) of '{}' run again: they lack what this run measures ({})\n",
                       resumed.run_again, resumed.path, resumed.first_lack);
  ResultsFile results(config, std::move(environment), std::move(resumed), planned);
  const std::set<std::string>& done_before = results.resumed_case_ids();
  std::vector<CaseResult> cases;
  bool checkpoint_failed = false;
  for (const SelectedCase& sc : selection) {
    if (interrupt_signal()) break;
    if (done_before.count(sc.id)) continue;
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
    log << progress_line(already + cases.size() + 1, planned, c) << "  "
        << elapsed_and_eta(seconds_since_start(), cases.size() + 1, to_run - cases.size() - 1) << std::endl;
    cases.push_back(std::move(c));
    results.add(cases.back());
    try {
      results.write(internal_errors, ResultsFile::Stage::Running);
    } catch (const std::exception& e) {  // the last write decides; say it once
      if (!checkpoint_failed) log << "clampbench: warning: " << e.what() << "; the run goes on" << std::endl;
      checkpoint_failed = true;
    }
  }
  dump.finish(internal_errors);
  const auto resumed_cases = results.resumed_cases();
  if (config.instructions.method == InstructionMethod::Callgrind && !interrupt_signal() &&
      (!cases.empty() || std::any_of(resumed_cases.begin(), resumed_cases.end(), lacks_instructions))) {
    count_under_callgrind(config, cases, resumed_cases, internal_errors, log);
    results.refresh(cases);
  }
  write_side_outputs(config, timing, cases, internal_errors);
  record_end(results.environment().conditions, bus_id);
  const int signo = interrupt_signal();
  Outcome outcome;
  try {
    outcome = results.write(internal_errors, signo ? ResultsFile::Stage::Interrupted : ResultsFile::Stage::Finished, signo);
  } catch (const std::exception& e) {
    log << "clampbench: error: results not written: " << e.what() << std::endl;
    return signo ? 128 + signo : kExitInternal;
  }
  log << verdict_table(cases)
      << closing_line(outcome, signo ? "interrupted" : outcome.status, cases.size(), already, config.out,
                      seconds_since_start());
  for (const auto& e : outcome.internal_errors) log << "clampbench: error: " << e << "\n";
  if (signo) {
    log << fmt::format("clampbench: interrupted by {} after {} of {} cases; --resume {} continues the run\n",
                       interrupt_signal_name(signo), already + cases.size(), planned, config.out);
    return 128 + signo;
  }
  return outcome.exit_code;
}

}  // namespace clampbench
