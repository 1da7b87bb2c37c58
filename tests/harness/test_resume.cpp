// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// --resume: the key two runs must share, what a resumed case lacks that a run measures,
// and the progress line's estimate.

#include <gtest/gtest.h>

#include "harness/results_file/resume.h"
#include "harness/session/run_eta.h"
#include "tests/harness/fake_suites.h"

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

TEST(WhatCaseLacks, WhatThisRunMeasuresAndTheCaseHasNot) {
  const Suite suite = testing::make_fake_same();  // clamp, clamp_
  RunConfig config;
  config.instructions.method = InstructionMethod::Perf;
  CaseResult c;
  c.device = DeviceType::Host;
  for (const char* name : {"clamp", "clamp_"}) {
    VariantResult& v = c.variants.emplace_back();
    v.name = name;
    v.timing.emplace();
    v.instructions = 100;
  }
  EXPECT_EQ(what_case_lacks(c, suite, config), "");
  EXPECT_FALSE(lacks_instructions(c));

  c.variants[1].instructions.reset();
  EXPECT_EQ(what_case_lacks(c, suite, config), "the instruction count of variant 'clamp_'");
  EXPECT_TRUE(lacks_instructions(c));
  config.instructions.method = InstructionMethod::Callgrind;  // counted after the fact: kept
  EXPECT_EQ(what_case_lacks(c, suite, config), "");
  c.variants[1].error = "boom";  // a variant that failed has nothing to count
  EXPECT_FALSE(lacks_instructions(c));

  c.variants[0].timing.reset();
  EXPECT_EQ(what_case_lacks(c, suite, config), "the timing of variant 'clamp'");
  config.timing = false;
  EXPECT_EQ(what_case_lacks(c, suite, config), "");

  c.variants.pop_back();
  EXPECT_EQ(what_case_lacks(c, suite, config), "variant 'clamp_'");
  config.variants = {"clamp"};  // --variant clamp: the reference alone is the selection
  EXPECT_EQ(what_case_lacks(c, suite, config), "");
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
