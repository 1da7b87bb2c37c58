// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/machine/run_placement.h"

#include <sched.h>
#include <sys/personality.h>

#include <fstream>

namespace clampbench {

namespace {
// Randomised unless the process opted out (ADDR_NO_RANDOMIZE) or the kernel has it off.
std::optional<bool> aslr() {
  const int persona = personality(0xffffffff);
  if (persona == -1) return std::nullopt;
  if ((persona & ADDR_NO_RANDOMIZE) != 0) return false;
  std::ifstream f("/proc/sys/kernel/randomize_va_space");
  int level = -1;
  if (!(f >> level)) return std::nullopt;
  return level > 0;
}

std::optional<std::vector<int>> cpus_allowed() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return std::nullopt;
  std::vector<int> cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}
}  // namespace

RunPlacement query_run_placement() { return {aslr(), cpus_allowed()}; }

}  // namespace clampbench
