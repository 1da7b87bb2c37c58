// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The GPU clock record: NVML's reason bits by name, and the no-device and no-driver paths
// that every machine without a GPU takes (a GPU run checks the rest: scripts/gpu-check.sh).

#include <gtest/gtest.h>

#include "harness/machine/gpu_clocks.h"

namespace clampbench::detail {
namespace {

TEST(GpuClocks, NamesTheReasonBitsAndKeepsUnknownOnes) {
  EXPECT_TRUE(throttle_reason_names(0).empty());
  EXPECT_EQ(throttle_reason_names(0x1 | 0x4 | 0x40),
            (std::vector<std::string>{"gpu_idle", "sw_power_cap", "hw_thermal_slowdown"}));
  EXPECT_EQ(throttle_reason_names(0x100 | 0x1000), (std::vector<std::string>{"display_clock_setting", "unknown_0x1000"}));
}

TEST(GpuClocks, WithoutADeviceOrADriverItSaysWhy) {
  const GpuClocks none = read_gpu_clocks(std::nullopt);
  EXPECT_FALSE(none.available);
  EXPECT_EQ(none.reason, "no CUDA device");
  const GpuClocks bogus = read_gpu_clocks(std::string("ffff:ff:ff.0"));  // no such device anywhere
  EXPECT_FALSE(bogus.available) << bogus.reason;
  EXPECT_FALSE(bogus.reason.empty());
}

}  // namespace
}  // namespace clampbench::detail
