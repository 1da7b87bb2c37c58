// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/detail/run_placement.h"

#include <sched.h>
#include <sys/personality.h>

#include <fstream>

namespace clampbench::detail {

namespace {
// Randomised unless the process opted out (ADDR_NO_RANDOMIZE) or the kernel has it off.
nlohmann::json aslr() {
  const int persona = personality(0xffffffff);
  if (persona == -1) return nullptr;
  if ((persona & ADDR_NO_RANDOMIZE) != 0) return false;
  std::ifstream f("/proc/sys/kernel/randomize_va_space");
  int level = -1;
  if (!(f >> level)) return nullptr;
  return level > 0;
}

nlohmann::json cpus_allowed() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return nullptr;
  nlohmann::json cpus = nlohmann::json::array();
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}
}  // namespace

nlohmann::json run_placement_json() { return {{"aslr", aslr()}, {"cpus_allowed", cpus_allowed()}}; }

}  // namespace clampbench::detail
