// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// How busy the machine was while it was timed: the 1-minute load average at the start and
// end of the run, and the CPU count. compare.py will not call a time change BETTER or WORSE
// between runs measured on an overloaded machine; two quick runs of one commit on a loaded
// 2-core VM otherwise differ by up to 1.6x.

#include <optional>

namespace clampbench {

struct MachineLoad {
  unsigned cpus = 0;
  double load_1m_start = 0, load_1m_end = 0;
};

// The 1-minute load average from /proc/loadavg; nullopt where the system has none.
std::optional<double> load_average_1m();

// environment.machine_load; nullopt (null in the results) when the load is unknown.
std::optional<MachineLoad> machine_load(std::optional<double> at_start, std::optional<double> at_end);

}  // namespace clampbench
