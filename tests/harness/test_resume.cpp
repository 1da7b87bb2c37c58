// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// --resume: the key two runs must share, the summary and outcome of two sets of cases as one,
// and the progress line's estimate.

#include <gtest/gtest.h>

#include "harness/detail/resume.h"
#include "harness/detail/run_eta.h"

namespace clampbench {
namespace {

using nlohmann::json;

TEST(ResumeKey, HoldsTheSettingsThatShapeResultsNotTheTime) {
  const json env = {{"seed", 1}, {"selection", {{"suites", json::array()}}}, {"time", "now"},
                    {"instructions", {{"method", "perf"}, {"requested", "auto"}, {"note", "x"}}}};
  const json key = resume_key(env);
  EXPECT_EQ(key["seed"], 1);
  EXPECT_EQ(key["instructions.method"], "perf");
  EXPECT_FALSE(key.contains("time"));
  EXPECT_FALSE(key.contains("instructions.note"));
  EXPECT_TRUE(key["plant"].is_null());  // absent reads as null
}

TEST(MergeSummaries, CountsAddAndMinMaxWiden) {
  const json a = json::parse(R"([{"suite": "s", "cases": 2, "variants": {"clamp_": {"verdicts": {"same": 2},
      "unexpected": 0, "allocations_saved_per_call": {"min": 1, "max": 2}, "share_of_floor_gap": null}}}])");
  const json b = json::parse(R"([{"suite": "s", "cases": 1, "variants": {"clamp_": {"verdicts": {"mutation": 1},
      "unexpected": 1, "allocations_saved_per_call": {"min": 0, "max": 1}, "share_of_floor_gap": {"min": 0.5, "max": 0.5}}}},
      {"suite": "t", "cases": 1, "variants": {}}])");
  const json m = merge_summaries(a, b);
  ASSERT_EQ(m.size(), 2u);
  const json& v = m[0]["variants"]["clamp_"];
  EXPECT_EQ(m[0]["cases"], 3);
  EXPECT_EQ(v["verdicts"], json::parse(R"({"same": 2, "mutation": 1})"));
  EXPECT_EQ(v["unexpected"], 1);
  EXPECT_EQ(v["allocations_saved_per_call"], json::parse(R"({"min": 0, "max": 2})"));
  EXPECT_EQ(v["share_of_floor_gap"], json::parse(R"({"min": 0.5, "max": 0.5})"));
  EXPECT_EQ(m[1]["suite"], "t");
}

TEST(MergeOutcomes, ListsJoinAndTheStatusFollowsThem) {
  const json interrupted = json::parse(R"({"status": "interrupted", "exit_code": null, "signal": null,
      "unexpected": [{"case_id": "s/a", "variant": "v"}], "internal_errors": []})");
  const json clean = json::parse(R"({"status": "as_expected", "exit_code": 0, "unexpected": [], "internal_errors": []})");
  json m = merge_outcomes(interrupted, clean);
  EXPECT_EQ(m["status"], "unexpected");
  EXPECT_EQ(m["exit_code"], 1);
  EXPECT_EQ(m["unexpected"].size(), 1u);
  json errors = clean;
  errors["internal_errors"] = {"dump failed"};
  m = merge_outcomes(interrupted, errors);
  EXPECT_EQ(m["status"], "internal_error");
  EXPECT_EQ(m["exit_code"], 3);
  m = merge_outcomes(clean, clean);
  EXPECT_EQ(m["status"], "as_expected");
  EXPECT_EQ(m["exit_code"], 0);
}

TEST(RunEta, DurationsAndTheEstimate) {
  EXPECT_EQ(short_duration(0.44), "0.4s");
  EXPECT_EQ(short_duration(12.4), "12s");
  EXPECT_EQ(short_duration(245), "4m05s");
  EXPECT_EQ(short_duration(3720), "1h02m");
  EXPECT_EQ(elapsed_and_eta(10, 2, 3), "elapsed 10s, eta 15s");
  EXPECT_EQ(elapsed_and_eta(1, 0, 3), "elapsed 1.0s, eta 0.0s");
}

}  // namespace
}  // namespace clampbench
