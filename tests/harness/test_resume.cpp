// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// --resume: the key two runs must share, the outcome of two sets of cases as one,
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

TEST(MergeOutcomes, ListsJoinAndTheStatusFollowsThem) {
  Outcome interrupted;
  interrupted.unexpected.push_back({"s/a", "v", Verdict::Mutation, Verdict::Same});
  const Outcome clean = compute_outcome(std::vector<CaseResult>{}, {});
  Outcome m = merge_outcomes(interrupted, clean);
  EXPECT_EQ(m.status, "unexpected");
  EXPECT_EQ(m.exit_code, 1);
  EXPECT_EQ(m.unexpected.size(), 1u);
  Outcome errors = clean;
  errors.internal_errors = {"dump failed"};
  m = merge_outcomes(interrupted, errors);
  EXPECT_EQ(m.status, "internal_error");
  EXPECT_EQ(m.exit_code, 3);
  m = merge_outcomes(clean, clean);
  EXPECT_EQ(m.status, "as_expected");
  EXPECT_EQ(m.exit_code, 0);
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
