// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The run plan as the CLI builds it: --benchmark_* reporting flags parsed once into typed
// values, the selection and its ids from one function, and the machine conditions that the
// results carry only once the run has ended.

#include <gtest/gtest.h>

#include "harness/selection/case_filter.h"
#include "harness/cli/run_plan.h"
#include "harness/machine/run_conditions.h"
#include "harness/results_json/writer.h"
#include "tests/harness/fake_suites.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

TEST(CliPlan, ReportingFlagsBecomeTypedValues) {
  const RunArgs none = parse_run_args({});
  EXPECT_FALSE(none.config.gbench.requested);
  EXPECT_FALSE(none.config.gbench.display.has_value());
  EXPECT_EQ(none.config.gbench.out_format, GbenchFormat::Json);
  EXPECT_EQ(none.config.gbench.time_unit, GbenchTimeUnit::Nanosecond);

  const GbenchReporting r = parse_run_args({"--benchmark_format=csv", "--benchmark_out=gb.txt",
                                            "--benchmark_out_format=console", "--benchmark_time_unit=ms",
                                            "--benchmark_color=auto", "--benchmark_counters_tabular"})
                                .config.gbench;
  EXPECT_TRUE(r.requested);
  EXPECT_EQ(r.display, GbenchFormat::Csv);
  EXPECT_EQ(r.out_file, "gb.txt");
  EXPECT_EQ(r.out_format, GbenchFormat::Console);
  EXPECT_EQ(r.time_unit, GbenchTimeUnit::Millisecond);
  EXPECT_FALSE(parse_run_args({"--benchmark_format="}).config.gbench.display.has_value());  // no console output
}

TEST(CliPlan, BadReportingValuesAreUsageErrorsAtParseTime) {
  for (const char* flag : {"--benchmark_format=yaml", "--benchmark_out_format=", "--benchmark_time_unit=h",
                           "--benchmark_color=", "--benchmark_out", "--benchmark_time_unit"})
    EXPECT_THROW(parse_run_args({flag}), UsageError) << flag;
}

TEST(CliPlan, ResolvesOnceIntoThePlanAndItsSelection) {
  const auto dir = testing::fresh_temp_dir("CliPlanResolves");
  const std::vector<Suite> suites = testing::fake_suites();
  const RunPlan plan = resolve_run(
      parse_run_args({"--backend", "host", "--no-timing", "--instructions", "off", "--out", (dir / "r.json").string()}),
      suites);
  EXPECT_FALSE(plan.config.use_cuda);
  EXPECT_EQ(plan.config.instructions.method, InstructionMethod::Off);
  EXPECT_FALSE(plan.config.expectations_path.empty());  // the default file, resolved
  std::size_t expected = 0;
  for (const Suite* s : plan.suites) expected += s->points(plan.config.sizes).size();
  const auto cases = selected_cases(plan.suites, plan.config);
  ASSERT_EQ(cases.size(), expected);
  EXPECT_EQ(cases.front().suite, plan.suites.front());
  EXPECT_EQ(cases.front().id, plan.suites.front()->name + "/" + cases.front().point.label());
  EXPECT_EQ(variant_id(cases.front().id, "clamp_"), cases.front().id + "/clamp_");
  std::filesystem::remove_all(dir);
}

TEST(RunConditions, OnlyAnEndedRunCarriesThem) {
  Environment e;
  e.conditions = conditions_at_start(false, std::nullopt);
  nlohmann::json env = to_json(e);
  EXPECT_FALSE(env.contains("machine_load"));  // a checkpoint while the run goes on
  record_end(e.conditions, std::nullopt);
  env = to_json(e);
  EXPECT_TRUE(env.contains("machine_load"));
  EXPECT_FALSE(env.contains("gpu_clocks"));  // a host run reads no clocks
}

}  // namespace
}  // namespace clampbench
