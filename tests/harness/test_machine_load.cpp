// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// environment.machine_load: the load around a run, or null when it is unknown.

#include <filesystem>

#include <gtest/gtest.h>

#include "harness/detail/machine_load.h"

namespace clampbench::detail {
namespace {

TEST(MachineLoad, UnknownLoadIsNull) {
  EXPECT_TRUE(machine_load_json(std::nullopt, 1.0).is_null());
  EXPECT_TRUE(machine_load_json(1.0, std::nullopt).is_null());
}

TEST(MachineLoad, RecordsBothEndsAndTheCpuCount) {
  const auto j = machine_load_json(0.25, 1.5);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["load_1m_start"], 0.25);
  EXPECT_EQ(j["load_1m_end"], 1.5);
  EXPECT_GE(j["cpus"].get<int>(), 1);
}

TEST(MachineLoad, ReadsProcLoadavgWhereThereIsOne) {
  if (!std::filesystem::exists("/proc/loadavg")) GTEST_SKIP() << "no /proc/loadavg";
  const auto load = load_average_1m();
  ASSERT_TRUE(load.has_value());
  EXPECT_GE(*load, 0.0);
}

}  // namespace
}  // namespace clampbench::detail
