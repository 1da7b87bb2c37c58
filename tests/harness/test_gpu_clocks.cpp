// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The GPU clock record: NVML's reason bits by name, and the no-device and no-driver paths
// that every machine without a GPU takes (a GPU run checks the rest: scripts/gpu-check.sh).

#include <gtest/gtest.h>

#include "harness/detail/gpu_clocks.h"

namespace clampbench::detail {
namespace {

TEST(GpuClocks, NamesTheReasonBitsAndKeepsUnknownOnes) {
  EXPECT_TRUE(throttle_reason_names(0).empty());
  EXPECT_EQ(throttle_reason_names(0x1 | 0x4 | 0x40),
            (std::vector<std::string>{"gpu_idle", "sw_power_cap", "hw_thermal_slowdown"}));
  EXPECT_EQ(throttle_reason_names(0x100 | 0x1000), (std::vector<std::string>{"display_clock_setting", "unknown_0x1000"}));
}

TEST(GpuClocks, WithoutADeviceOrADriverItSaysWhy) {
  const auto none = gpu_clocks_json(std::nullopt);
  EXPECT_EQ(none, (nlohmann::json{{"available", false}, {"reason", "no CUDA device"}}));
  const auto bogus = gpu_clocks_json(std::string("ffff:ff:ff.0"));  // no such device anywhere
  EXPECT_EQ(bogus["available"], false) << bogus.dump();
  EXPECT_FALSE(bogus["reason"].get<std::string>().empty());
}

}  // namespace
}  // namespace clampbench::detail
