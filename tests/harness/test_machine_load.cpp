// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// environment.machine_load: the load around a run, or null when it is unknown.

#include <filesystem>

#include <gtest/gtest.h>

#include "harness/machine/machine_load.h"

namespace clampbench::detail {
namespace {

TEST(MachineLoad, UnknownLoadIsNull) {
  EXPECT_FALSE(machine_load(std::nullopt, 1.0).has_value());
  EXPECT_FALSE(machine_load(1.0, std::nullopt).has_value());
}

TEST(MachineLoad, RecordsBothEndsAndTheCpuCount) {
  const auto load = machine_load(0.25, 1.5);
  ASSERT_TRUE(load.has_value());
  EXPECT_EQ(load->load_1m_start, 0.25);
  EXPECT_EQ(load->load_1m_end, 1.5);
  EXPECT_GE(load->cpus, 1u);
}

TEST(MachineLoad, ReadsProcLoadavgWhereThereIsOne) {
  if (!std::filesystem::exists("/proc/loadavg")) GTEST_SKIP() << "no /proc/loadavg";
  const auto load = load_average_1m();
  ASSERT_TRUE(load.has_value());
  EXPECT_GE(*load, 0.0);
}

}  // namespace
}  // namespace clampbench::detail
