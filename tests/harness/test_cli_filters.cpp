// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Case selection for the whole run (--axis, --case) and the Google Benchmark flags that are
// honoured for every pass or refused: exactly the selected cases reach the results, the dump
// and the timing pass; a filter matching nothing and a refused flag exit 2 with one line.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "tests/harness/fake_suites.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

namespace fs = std::filesystem;
using testing::cli;

// fake_same with a second axis R = 1, 8, 64: three cases "fake_grid/n=3,R=..".
Suite make_fake_grid() {
  Suite s = testing::make_fake_same();
  s.name = "fake_grid";
  s.axes.push_back({"R", {1, 8, 64}, {1, 8, 64}, {1, 8, 64}});
  return s;
}

class CliFilterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::fresh_temp_dir(::testing::UnitTest::GetInstance()->current_test_info()->name());
    expectations_ = (dir_ / "expectations.json").string();
    testing::write_text(expectations_, R"({"expectations": []})");
    out_ = (dir_ / "out.json").string();
  }
  void TearDown() override { fs::remove_all(dir_); }
  testing::CliResult run(std::vector<std::string> extra, bool timing = false) const {
    std::vector<std::string> a = {"run", "--backend", "host", "--out", out_, "--expectations", expectations_};
    if (!timing) a.push_back("--no-timing");
    a.insert(a.end(), extra.begin(), extra.end());
    return cli(a, suites_);
  }
  std::vector<std::string> case_ids() const {
    std::vector<std::string> ids;
    const auto doc = testing::read_json(out_);
    for (const auto& c : doc["cases"]) ids.push_back(c["case_id"]);
    return ids;
  }
  fs::path dir_;
  std::string expectations_, out_;
  std::vector<Suite> suites_ = {testing::make_fake_same(), make_fake_grid()};
};

using Ids = std::vector<std::string>;

TEST_F(CliFilterTest, AxisSelectsTheSameCasesInEveryPassTheDumpAndTheResults) {
  const fs::path gb = dir_ / "gb.json", dump = dir_ / "dump";
  const auto r = run({"--axis", "R=8", "--repetitions", "1", "--benchmark_min_time=0.0001",
                      "--benchmark_out=" + gb.string(), "--dump", dump.string()}, true);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(case_ids(), Ids{"fake_grid/n=3,R=8"});
  const auto manifest = testing::read_json(dump / "manifest.json");
  ASSERT_EQ(manifest["cases"].size(), 1u);
  EXPECT_EQ(manifest["cases"][0]["case_id"], "fake_grid/n=3,R=8");
  std::set<std::string> timed;  // the timing pass: runs only, no aggregates with one repetition
  const auto gb_doc = testing::read_json(gb);
  for (const auto& b : gb_doc["benchmarks"]) timed.insert(b["run_name"].get<std::string>());
  EXPECT_EQ(timed, (std::set<std::string>{"fake_grid/n=3,R=8/clamp/repeats:1",
                                          "fake_grid/n=3,R=8/clamp_/repeats:1"}));
}

TEST_F(CliFilterTest, AxisListsAndRepeatedCasesSelectExactlyThoseCases) {
  ASSERT_EQ(run({"--axis", "R=[1,64]"}).code, 0);
  EXPECT_EQ(case_ids(), (Ids{"fake_grid/n=3,R=1", "fake_grid/n=3,R=64"}));
  ASSERT_EQ(run({"--axis", "R=[1,64]", "--axis", "n=3", "--axis", "R=64"}).code, 0);  // all must hold
  EXPECT_EQ(case_ids(), Ids{"fake_grid/n=3,R=64"});
  ASSERT_EQ(run({"--case", "fake_grid/n=3,R=64", "--case", "fake_same/n=3"}).code, 0);
  EXPECT_EQ(case_ids(), (Ids{"fake_same/n=3", "fake_grid/n=3,R=64"}));  // registry order
  ASSERT_EQ(run({"--axis", "n=3"}).code, 0);  // an axis both suites have
  EXPECT_EQ(case_ids().size(), 4u);
}

TEST_F(CliFilterTest, AFilterMatchingNothingExitsTwoWithOneLine) {
  const std::vector<std::vector<std::string>> bad = {
      {"--axis", "R=2"}, {"--axis", "Q=1"}, {"--axis", "R"}, {"--axis", "R=[1,x]"}, {"--axis", "=1"},
      {"--case", "fake_grid/n=3,R=2"}, {"--case", "fake_grid/n=3,R=8", "--axis", "R=1"},
      {"--suite", "fake_same", "--axis", "R=8"}, {"--suite", "fake_same", "--case", "fake_grid/n=3,R=8"}};
  for (const auto& extra : bad) {
    const auto r = run(extra);
    EXPECT_EQ(r.code, 2) << extra[1];
    EXPECT_EQ(r.err.rfind("clampbench: ", 0), 0u) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
  EXPECT_NE(run({"--axis", "R=2"}).err.find("no quick case matches"), std::string::npos);
  EXPECT_NE(run({"--axis", "Q=1"}).err.find("unknown axis 'Q'"), std::string::npos);
  EXPECT_FALSE(fs::exists(out_));
}

TEST_F(CliFilterTest, BenchmarkRepetitionsHoldsForTheWholeRun) {
  const auto r = run({"--suite", "fake_same", "--benchmark_repetitions=3", "--benchmark_min_time=0.0001",
                      "--max-noise", "0.99"}, true);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = testing::read_json(out_);
  EXPECT_EQ(doc["environment"]["repetitions"], 3);
  EXPECT_EQ(doc["cases"][0]["variants"][1]["timing"]["repetitions"], 3);
  EXPECT_EQ(doc["cases"][0]["variants"][1]["timing"]["wall"]["samples"].size(), 3u);
}

TEST_F(CliFilterTest, BenchmarkFlagsThatWouldHoldForOnePassAreRefused) {
  for (const char* flag : {"--benchmark_filter=R=8", "--benchmark_report_aggregates_only=true",
                           "--benchmark_display_aggregates_only", "--benchmark_repetitions=0",
                           "--benchmark_list_tests=maybe"}) {
    const auto r = run({flag});
    EXPECT_EQ(r.code, 2) << flag;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
  EXPECT_NE(run({"--benchmark_filter=x"}).err.find("--case"), std::string::npos);
  // Google Benchmark's run flags: clampbench's loop is its own, so they are refused, not ignored.
  for (const char* flag : {"--benchmark_enable_random_interleaving=true", "--benchmark_min_warmup_time=1"}) {
    const auto r = run({flag});
    EXPECT_EQ(r.code, 2) << flag;
    EXPECT_NE(r.err.find("does not apply: clampbench times with its own interleaved loop"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(out_));
}

TEST_F(CliFilterTest, ListTestsPrintsTheSelectionAndWritesNothing) {
  const fs::path dump = dir_ / "dump";
  const auto r = run({"--axis", "R=8", "--benchmark_list_tests", "--dump", dump.string()}, true);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "fake_grid/n=3,R=8/clamp\nfake_grid/n=3,R=8/clamp_\n");
  EXPECT_FALSE(fs::exists(out_));
  EXPECT_FALSE(fs::exists(dump));
  const std::string all = run({"--benchmark_list_tests=true"}).out;
  EXPECT_EQ(std::count(all.begin(), all.end(), '\n'), 8);  // 4 cases x 2 variants
  EXPECT_EQ(run({"--benchmark_list_tests=false", "--suite", "fake_same"}).code, 0);  // an ordinary run
  EXPECT_TRUE(fs::exists(out_));
}

}  // namespace
}  // namespace clampbench
