// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/session/detail/case_loop.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <ostream>
#include <set>

#include "harness/interrupt.h"
#include "harness/output/terminal_text.h"
#include "harness/session/progress.h"
#include "harness/session/run_eta.h"

namespace clampbench::detail {

namespace {
// One case measured and dumped; its tensors are given back before the next one, and its
// allocation traces unless the run writes them (--trace, --trace-out): the nightly set's
// traces are 30,000 entries, kept twice (here and in the results file) to the run's end.
CaseResult measure_case(const SelectedCase& sc, Runner& runner, Dump& dump, bool keep_traces,
                        std::vector<std::string>& internal_errors, std::ostream& log) {
  CaseResult c = runner.run_case(*sc.suite, sc.point);
  dump.add(*sc.suite, sc.point, c, runner, internal_errors, log);
  for (auto& v : c.variants) {
    release_tensors(v);  // kept for the dump only; keep memory flat
    if (!keep_traces) std::vector<TracedAllocation>().swap(v.allocation_trace);
  }
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
    if (!warned) log << "clampbench: warning: " << terminal_text(e.what()) << "; the run goes on" << std::endl;
    warned = true;
  }
}
}  // namespace

std::vector<CaseResult> run_cases(const std::vector<SelectedCase>& selection, const RunProgress& progress,
                                  Runner& runner, Dump& dump, ResultsFile& results, bool keep_traces,
                                  std::vector<std::string>& internal_errors, std::ostream& log) {
  const std::set<std::string>& done_before = results.resumed_case_ids();
  const std::size_t to_run = progress.planned - progress.already;
  std::vector<CaseResult> cases;
  bool checkpoint_failed = false;
  for (const SelectedCase& sc : selection) {
    if (interrupt_signal()) break;
    if (done_before.count(sc.id)) continue;
    CaseResult c = measure_case(sc, runner, dump, keep_traces, internal_errors, log);
    log << progress_line(progress.already + cases.size() + 1, progress.planned, c) << "  "
        << elapsed_and_eta(progress.seconds(), cases.size() + 1, to_run - cases.size() - 1) << std::endl;
    cases.push_back(std::move(c));
    results.add(cases.back());
    checkpoint(results, internal_errors, checkpoint_failed, log);
  }
  return cases;
}

}  // namespace clampbench::detail
