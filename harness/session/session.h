// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One `clampbench run` after its arguments were validated: installs the allocator, runs every
// selected case through the Runner, prints progress, writes the results file after every
// case, then the dump, the trace and the final results, and returns the exit code of the
// outcome (128 + the signal when SIGINT or SIGTERM stopped it, after writing what was done).

#include <iosfwd>
#include <vector>

#include "harness/verdicts/expectations.h"
#include "harness/results/environment.h"
#include "harness/results_file/resume.h"
#include "harness/selection/case_filter.h"
#include "harness/config/run_config.h"
#include "harness/timing/timing.h"
#include "suites/suite.h"

namespace clampbench {

// What the run works through, measured once by its caller: the selected cases in the order
// every pass runs them, the environment they run in, and the cases of --resume FILE, which
// are not run again (empty path when not resuming).
struct RunInputs {
  std::vector<SelectedCase> selection;
  Environment environment;
  ResumedRun resumed;
};

// `timing` is the already-initialized timing session (null with --no-timing).
int run_session(const RunConfig& config, RunInputs inputs, const Expectations& expectations, TimingSession* timing,
                std::ostream& log);

}  // namespace clampbench
