// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One `clampbench run` after its arguments were validated: installs the allocator, runs every
// selected case through the Runner, prints progress, writes the dump and the results file,
// and returns the exit code of the outcome.

#include <iosfwd>
#include <vector>

#include "harness/expectations.h"
#include "harness/run_config.h"
#include "harness/timing.h"
#include "suites/suite.h"

namespace clampbench {

// `timing` is the already-initialized timing session (null with --no-timing).
int run_session(const RunConfig& config, const std::vector<const Suite*>& suites,
                const Expectations& expectations, TimingSession* timing, std::ostream& log);

}  // namespace clampbench
