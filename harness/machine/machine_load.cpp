// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/machine/machine_load.h"

#include <fstream>
#include <thread>

namespace clampbench {

std::optional<double> load_average_1m() {
  std::ifstream in("/proc/loadavg");
  double load = 0;
  if (!(in >> load) || load < 0) return std::nullopt;
  return load;
}

std::optional<MachineLoad> machine_load(std::optional<double> at_start, std::optional<double> at_end) {
  const unsigned cpus = std::thread::hardware_concurrency();
  if (!at_start || !at_end || cpus == 0) return std::nullopt;
  return MachineLoad{cpus, *at_start, *at_end};
}

}  // namespace clampbench
