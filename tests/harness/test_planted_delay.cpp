// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// --plant delay:R[:SUITE]: its parsing, the stall's length for a given ratio, the chase's single
// cycle, its correction, and that the delayed call still calls the builder exactly once per timed call.
#include <set>
#include <stdexcept>

#include <gtest/gtest.h>

#include "harness/runner/planted_delay.h"

namespace clampbench::detail {
namespace {

TEST(PlantedDelay, ParsesRatioAndSuite) {
  EXPECT_FALSE(parse_delay_plant("slowdown").has_value());
  EXPECT_FALSE(parse_delay_plant("").has_value());
  const auto all = parse_delay_plant("delay:2");
  ASSERT_TRUE(all.has_value());
  EXPECT_DOUBLE_EQ(all->ratio, 2.0);
  EXPECT_TRUE(all->applies_to("ngram_find") && all->applies_to("mamba_fallback"));
  const auto one = parse_delay_plant("delay:1.25:ngram_find");
  ASSERT_TRUE(one.has_value());
  EXPECT_DOUBLE_EQ(one->ratio, 1.25);
  EXPECT_TRUE(one->applies_to("ngram_find"));
  EXPECT_FALSE(one->applies_to("mamba_fallback"));
  for (const char* bad : {"delay:", "delay:1", "delay:0.5", "delay:11", "delay:x", "delay:2x", "delay:2:"})
    EXPECT_THROW(parse_delay_plant(bad), std::invalid_argument) << bad;
}

// Every plant is one typed setting, parsed once: what each pass asks of it.
TEST(PlantedDelay, APlantIsParsedOnceIntoWhatEachPassAsks) {
  const Plant none = Plant::parse("");
  EXPECT_EQ(none.kind(), Plant::Kind::None);
  EXPECT_EQ(none.builder_runs(), 1);
  EXPECT_EQ(none.instruction_share(), 0.0);
  EXPECT_FALSE(none.extra_allocation());
  EXPECT_FALSE(none.delay().has_value());
  EXPECT_EQ(Plant::parse("slowdown").builder_runs(), 2);
  EXPECT_EQ(Plant::parse("instructions").instruction_share(), 0.1);
  EXPECT_TRUE(Plant::parse("allocation").extra_allocation());
  const Plant delay = Plant::parse("delay:1.5:ngram_find");
  EXPECT_EQ(delay.kind(), Plant::Kind::Delay);
  ASSERT_TRUE(delay.delay().has_value());
  EXPECT_DOUBLE_EQ(delay.delay()->ratio, 1.5);
  EXPECT_EQ(delay.text(), "delay:1.5:ngram_find");  // recorded as given
  EXPECT_EQ(delay.builder_runs(), 1);
  for (const char* bad : {"slow", "Allocation", "delay:", "instructions "})
    EXPECT_THROW(Plant::parse(bad), std::invalid_argument) << bad;
}

TEST(PlantedDelay, StallLastsRatioMinusOneCalls) {
  EXPECT_DOUBLE_EQ(stall_steps(2.0, 1e-6, 1e-8), 100);    // +100% of a 1 us call at 10 ns a step
  EXPECT_DOUBLE_EQ(stall_steps(1.25, 4e-6, 1e-8), 100);   // +25% of a 4 us call
  EXPECT_NEAR(stall_steps(1.1, 3e-6, 1.5e-8), 20, 1e-9); // +10% of a 3 us call at 15 ns
  EXPECT_DOUBLE_EQ(stall_steps(2.0, 4e-8, 1e-7), 0.4);    // a 40 ns call: 0.4 of a 100 ns step
  EXPECT_EQ(stall_steps(1.0, 1e-6, 1e-8), 0);
  EXPECT_EQ(stall_steps(2.0, 0.0, 1e-8), 0);
}

TEST(PlantedDelay, FractionalStepsAddUpExactly) {
  StepAccumulator acc(0.25);
  std::int64_t total = 0;
  for (int i = 0; i < 400; ++i) total += acc.next();
  EXPECT_EQ(total, 100);
  StepAccumulator whole(3.0);
  EXPECT_EQ(whole.next(), 3);
}

TEST(PlantedDelay, CorrectionRescalesTowardTheRatio) {
  EXPECT_NEAR(corrected_steps(90, 2.0, 1e-6, 2.5e-6), 60, 1e-9); // +150% seen, +100% wanted
  EXPECT_NEAR(corrected_steps(100, 1.25, 4e-6, 4.5e-6), 200, 1e-9);  // +12.5% seen, +25% wanted
  EXPECT_DOUBLE_EQ(corrected_steps(100, 2.0, 1e-6, 1.1e-6), 200);   // at most 2x per round
  EXPECT_DOUBLE_EQ(corrected_steps(100, 2.0, 1e-6, 0.9e-6), 100);   // nothing added: left alone
}

TEST(PlantedDelay, ChaseVisitsEveryLineOnceAroundOneCycle) {
  MemoryStall stall(64 * 1024, 7);
  ASSERT_EQ(stall.lines(), 1024u);
  std::set<std::uint32_t> seen;
  for (std::size_t i = 0; i < stall.lines(); ++i) seen.insert(stall.chase(1));
  EXPECT_EQ(seen.size(), stall.lines());   // a single cycle through every line
  EXPECT_EQ(stall.chase(0), 0u);            // back where it started, at line 0
}

TEST(PlantedDelay, DelayedCallCallsTheBuilderOncePerCall) {
  MemoryStall stall(64 * 1024, 1);
  int calls = 0;
  auto call = delayed_call([&calls] { ++calls; }, stall, 2.0);
  const int after_calibration = calls;
  EXPECT_GT(after_calibration, 0);
  for (int i = 0; i < 3; ++i) call();
  EXPECT_EQ(calls, after_calibration + 3);
}

}  // namespace
}  // namespace clampbench::detail
