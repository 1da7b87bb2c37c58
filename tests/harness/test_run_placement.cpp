// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// environment.placement: address-space randomisation and the CPUs a run was allowed.
#include <sched.h>
#include <sys/personality.h>

#include <gtest/gtest.h>

#include "harness/detail/run_placement.h"

namespace clampbench::detail {
namespace {

TEST(RunPlacement, RecordsTheAllowedCpus) {
  const auto j = run_placement_json();
  ASSERT_TRUE(j["cpus_allowed"].is_array());
  cpu_set_t set;
  CPU_ZERO(&set);
  ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  EXPECT_EQ(j["cpus_allowed"].size(), static_cast<std::size_t>(CPU_COUNT(&set)));
}

TEST(RunPlacement, AProcessThatOptedOutOfRandomisationSaysSo) {
  const int persona = personality(0xffffffff);
  ASSERT_NE(persona, -1);
  personality(static_cast<unsigned long>(persona | ADDR_NO_RANDOMIZE));
  const auto off = run_placement_json();
  personality(static_cast<unsigned long>(persona));
  EXPECT_EQ(off["aslr"], false);
  const auto now = run_placement_json()["aslr"];
  EXPECT_TRUE(now.is_boolean() || now.is_null());
}

}  // namespace
}  // namespace clampbench::detail
