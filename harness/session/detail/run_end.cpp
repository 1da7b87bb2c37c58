// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/session/detail/run_end.h"

#include <algorithm>
#include <chrono>
#include <ostream>
#include <span>

#include <fmt/format.h>

#include "harness/instructions/callgrind_child.h"
#include "harness/instructions/child_process.h"
#include "harness/interrupt.h"
#include "harness/machine/run_conditions.h"
#include "harness/results/outcome.h"
#include "harness/output/atomic_file.h"
#include "harness/output/terminal_text.h"
#include "harness/session/progress.h"
#include "harness/results/trace_export.h"

namespace clampbench::detail {

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
                     outcome.unexpected_latent_writes.size(), status, terminal_text(out), elapsed_s);
}
}  // namespace

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


int close_run(const RunConfig& config, const RunProgress& progress, ResultsFile& results,
              const std::vector<CaseResult>& cases, std::vector<std::string>& internal_errors, std::ostream& log) {
  const int signo = interrupt_signal();
  Outcome outcome;
  try {
    outcome = results.write(internal_errors, signo ? ResultsFile::Stage::Interrupted : ResultsFile::Stage::Finished, signo);
  } catch (const std::exception& e) {
    log << "clampbench: error: results not written: " << terminal_text(e.what()) << std::endl;
    return signo ? 128 + signo : kExitInternal;
  }
  log << verdict_table(cases)
      << closing_line(outcome, signo ? "interrupted" : outcome.status, cases.size(), progress.already, config.out,
                      progress.seconds());
  for (const auto& e : outcome.internal_errors) log << "clampbench: error: " << terminal_text(e) << "\n";
  if (signo) {
    log << fmt::format("clampbench: interrupted by {} after {} of {} cases; --resume {} continues the run\n",
                       interrupt_signal_name(signo), progress.already + cases.size(), progress.planned, terminal_text(config.out));
    return 128 + signo;
  }
  return outcome.exit_code;
}
}  // namespace clampbench::detail
