// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// environment.placement: address-space randomisation and the CPUs a run was allowed.
#include <sched.h>
#include <sys/personality.h>

#include <gtest/gtest.h>

#include "harness/machine/run_placement.h"

namespace clampbench::detail {
namespace {

TEST(RunPlacement, RecordsTheAllowedCpus) {
  const RunPlacement p = query_run_placement();
  ASSERT_TRUE(p.cpus_allowed.has_value());
  cpu_set_t set;
  CPU_ZERO(&set);
  ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  EXPECT_EQ(p.cpus_allowed->size(), static_cast<std::size_t>(CPU_COUNT(&set)));
}

TEST(RunPlacement, AProcessThatOptedOutOfRandomisationSaysSo) {
  const int persona = personality(0xffffffff);
  ASSERT_NE(persona, -1);
  personality(static_cast<unsigned long>(persona | ADDR_NO_RANDOMIZE));
  const RunPlacement off = query_run_placement();
  personality(static_cast<unsigned long>(persona));
  EXPECT_EQ(off.aslr, std::optional<bool>(false));
  (void)query_run_placement().aslr;  // true, false or unknown: whatever the machine says
}

}  // namespace
}  // namespace clampbench::detail
