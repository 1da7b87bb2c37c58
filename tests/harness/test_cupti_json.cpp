// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The writer's "cupti" block of results/SCHEMA.md: to_json(ScopeStats), the cross-check.

#include <gtest/gtest.h>

#include "harness/cupti/tracer.h"
#include "harness/results_json/writer.h"

namespace clampbench::cupti {
namespace {

TEST(CuptiJson, UnavailableIsJustTheReason) {
  ScopeStats s;
  s.reason = "no CUDA device";
  s.kernels = 3;  // ignored: nothing was measured
  EXPECT_EQ(to_json(s), (nlohmann::json{{"available", false}, {"reason", "no CUDA device"}}));
  EXPECT_EQ(to_json(ScopeStats{}).at("reason"), "CUPTI unavailable");
}

TEST(CuptiJson, AvailableBlock) {
  ScopeStats s;
  s.available = true;
  s.by_kind["device"] = MemoryKindStats{12, 11, 3072, 2560};
  s.by_kind["pinned"] = MemoryKindStats{1, 0, 64, 0};
  s.allocations = 13;
  s.releases = 11;
  s.bytes = 3136;
  s.kernels = 17;
  s.launch_calls = 17;
  s.memcpy_count = 2;
  s.memcpy_bytes = 128;
  s.memset_count = 1;
  s.memset_bytes = 8;
  s.memory_pool.created = 1;
  s.attributed_by_correlation = 30;
  s.attributed_by_time = 4;
  const nlohmann::json j = to_json(s);
  const nlohmann::json expected = {
      {"available", true},
      {"allocations", 13},
      {"releases", 11},
      {"bytes", 3136},
      {"by_memory_kind",
       {{"device", {{"allocations", 12}, {"releases", 11}, {"bytes_allocated", 3072}, {"bytes_released", 2560}}},
        {"pinned", {{"allocations", 1}, {"releases", 0}, {"bytes_allocated", 64}, {"bytes_released", 0}}}}},
      {"kernels", 17},
      {"launch_calls", 17},
      {"memcpy", {{"count", 2}, {"bytes", 128}}},
      {"memset", {{"count", 1}, {"bytes", 8}}},
      {"memory_pool", {{"created", 1}, {"destroyed", 0}, {"trimmed", 0}}},
      {"dropped_records", 0},
      {"attribution", {{"by_correlation", 30}, {"by_time", 4}}},
  };
  EXPECT_EQ(j, expected) << j.dump(2);
}

TEST(CuptiJson, EmptyByKindIsAnObject) {
  ScopeStats s;
  s.available = true;
  EXPECT_TRUE(to_json(s).at("by_memory_kind").is_object());
}

TEST(CuptiJson, CrossCheckOnlyWhereCuptiWasAvailable) {
  const CrossCheck c{CrossCheckStatus::Disagree, "why"};
  EXPECT_EQ(to_json(c), (nlohmann::json{{"status", "disagree"}, {"detail", "why"}}));
  ScopeStats seen;
  seen.available = true;
  EXPECT_EQ(to_json(std::optional<CuptiResult>(CuptiResult{seen, c})).at("cross_check").at("status"), "disagree");
  ScopeStats unavailable;
  unavailable.reason = "no CUDA device";
  EXPECT_FALSE(to_json(std::optional<CuptiResult>(CuptiResult{unavailable, c})).contains("cross_check"));
  EXPECT_EQ(to_json(std::optional<CuptiResult>()).at("reason"), "the builder call failed");
}

}  // namespace
}  // namespace clampbench::cupti
