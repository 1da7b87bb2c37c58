// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The instruction figure: callgrind dumps read back, the pass's recipe against a counter that
// tests can script, the hardware counter where the machine has one, and --instructions'
// errors. The callgrind child itself needs the real binary: tests/e2e/check_instructions.py.

#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "harness/instructions/detail/callgrind_dump.h"
#include "harness/instructions/instruction_pass.h"
#include "kernels/runtime.h"
#include "tests/harness/fake_suites.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

namespace fs = std::filesystem;

constexpr const char* kDump = R"(# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 21646
cmd:  /tmp/cgt
part: 1

desc: I1 cache:
desc: Timerange: Basic block 0 - 1004
desc: Trigger: Client Request: fake_same/n=1/clamp_

positions: line
events: Ir
summary: 6015

ob=(1) /tmp/cgt
fn=(0) main
0 6015

totals: 6015
)";

std::int64_t dump_total(const std::string& text, const std::string& label) {
  std::istringstream in(text);
  return detail::callgrind_dump_total(in, label);
}

TEST(CallgrindDump, ReadsTheTotalOfTheLabelledDump) {
  EXPECT_EQ(dump_total(kDump, "fake_same/n=1/clamp_"), 6015);
}

TEST(CallgrindDump, RefusesAnotherTriggerAMissingTotalOrAnotherFormat) {
  EXPECT_THROW(dump_total(kDump, "fake_same/n=1/clamp"), std::runtime_error);
  std::string no_total = kDump;
  for (const char* key : {"summary: 6015", "totals: 6015"}) no_total.replace(no_total.find(key), std::strlen(key), "");
  EXPECT_THROW(dump_total(no_total, "fake_same/n=1/clamp_"), std::runtime_error);
  EXPECT_THROW(dump_total("events: Ir\nsummary: 5\n", "x"), std::runtime_error);
}

// The reader's buffer is fixed: a line longer than it (a deep program path) is skipped whole,
// not read as a key, and the lines after it are read.
TEST(CallgrindDump, SkipsALineLongerThanItsBuffer) {
  std::string dump = kDump;
  dump.replace(dump.find("/tmp/cgt\nfn"), 8, "/" + std::string(10000, 'd') + "\ntotals: 7");
  EXPECT_EQ(dump_total(dump, "fake_same/n=1/clamp_"), 6015);
  std::string last = kDump;
  last.replace(last.find("totals: 6015\n"), 13, std::string(5000, 'x') + "\ntotals: 6016");  // no final newline
  EXPECT_EQ(dump_total(last, "fake_same/n=1/clamp_"), 6016);
}

// Counts scripted per label; records how often each label was counted and whether the call
// really ran inside count().
class ScriptedCounter final : public InstructionCounter {
 public:
  explicit ScriptedCounter(InstructionMethod m) : method_(m) {}
  InstructionMethod method() const override { return method_; }
  std::int64_t count(const std::string& label, const std::function<void()>& call) override {
    call();
    const int n = calls[label]++;
    return 1000 - n;  // later calls count fewer: the pass must keep the smallest
  }
  std::map<std::string, int> calls;

 private:
  InstructionMethod method_;
};

CaseResult fresh_case(const Suite& s) {
  CaseResult r;
  r.suite = s.name;
  r.params = s.points(SizeSet::Quick).front();
  r.case_id = s.name + "/" + r.params.label();
  for (const auto& v : s.variants) r.variants.emplace_back().name = v.name;
  return r;
}

TEST(InstructionPass, CountsEachVariantAfterAWarmUpAndKeepsTheSmallestPerfCount) {
  const Suite s = testing::make_fake_same();
  CaseResult r = fresh_case(s);
  const CaseData inputs = s.make_inputs(r.params, 1, DeviceType::Host);
  ScriptedCounter perf(InstructionMethod::Perf), callgrind(InstructionMethod::Callgrind);
  EXPECT_TRUE(instruction_pass(s, r, inputs, perf).empty());
  for (const auto& v : r.variants) {
    EXPECT_EQ(perf.calls[r.case_id + "/" + v.name], 3) << v.name;
    EXPECT_EQ(v.instructions, 998) << v.name;
  }
  EXPECT_TRUE(instruction_pass(s, r, inputs, callgrind).empty());
  for (const auto& v : r.variants) EXPECT_EQ(callgrind.calls[r.case_id + "/" + v.name], 1) << v.name;
}

TEST(InstructionPass, SkipsFailedVariantsThrowingBuildersAndCudaCases) {
  const Suite s = testing::make_fake_throw();
  CaseResult r = fresh_case(s);
  const CaseData inputs = s.make_inputs(r.params, 1, DeviceType::Host);
  ScriptedCounter counter(InstructionMethod::Callgrind);
  r.variants.front().error = "failed in the allocation pass";
  EXPECT_TRUE(instruction_pass(s, r, inputs, counter).empty());
  for (const auto& v : r.variants) EXPECT_FALSE(v.instructions.has_value()) << v.name;  // clamp: error; clamp_: throws
  CaseResult cuda = fresh_case(testing::make_fake_same());
  cuda.device = DeviceType::Cuda;
  const Suite same = testing::make_fake_same();
  EXPECT_TRUE(instruction_pass(same, cuda, same.make_inputs(cuda.params, 1, DeviceType::Host), counter).empty());
  for (const auto& v : cuda.variants) EXPECT_FALSE(v.instructions.has_value()) << v.name;
}

TEST(PerfCounter, CountsInProportionToTheWork) {
  std::string why_not;
  auto counter = make_perf_counter(why_not);
  if (!counter) GTEST_SKIP() << why_not;
  volatile std::int64_t sink = 0;
  auto loop = [&](int n) { return [&sink, n] { for (int i = 0; i < n; ++i) sink = sink + i; }; };
  const std::int64_t small = counter->count("1e5", loop(100000)), large = counter->count("2e5", loop(200000));
  EXPECT_GT(small, 100000);
  EXPECT_NEAR(static_cast<double>(large) / static_cast<double>(small), 2.0, 0.05);
}

class InstructionsCliTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testing::fresh_temp_dir("instructions_cli"); }
  void TearDown() override { fs::remove_all(dir_); }
  testing::CliResult run(const std::string& mode) {
    const std::string expectations = (dir_ / "expectations.json").string();
    testing::write_text(expectations, testing::fake_expectations_json());
    return testing::cli({"run", "--suite", "fake_same", "--backend", "host", "--no-timing", "--out", out(),
                         "--expectations", expectations, "--instructions", mode}, suites_);
  }
  std::string out() const { return (dir_ / "out.json").string(); }
  fs::path dir_;
  std::vector<Suite> suites_ = testing::fake_suites();
};

TEST_F(InstructionsCliTest, ABadModeOrAnUnavailableOneExitsTwoWithOneLine) {
  auto bad = run("cycles");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("bad instruction counter 'cycles'"), std::string::npos) << bad.err;
  auto callgrind = run("callgrind");  // in process: no binary to re-run under valgrind
  EXPECT_EQ(callgrind.code, 2);
  EXPECT_NE(callgrind.err.find("--instructions callgrind:"), std::string::npos) << callgrind.err;
  std::string why_not;
  if (make_perf_counter(why_not) == nullptr) {
    auto perf = run("perf");
    EXPECT_EQ(perf.code, 2);
    EXPECT_NE(perf.err.find("--instructions perf: no hardware instruction counter"), std::string::npos) << perf.err;
  }
  EXPECT_FALSE(fs::exists(out()));
}

TEST_F(InstructionsCliTest, AutoRecordsItsMethodAndCountsWhenItHasOne) {
  ASSERT_EQ(run("auto").code, 0);
  const auto doc = testing::read_json(out());
  const auto& env = doc["environment"]["instructions"];
  std::string why_not;
  const bool perf = make_perf_counter(why_not) != nullptr;
  EXPECT_EQ(env["method"], perf ? "perf" : "off") << env.dump();
  EXPECT_EQ(env["requested"], "auto");
  for (const auto& v : doc["cases"][0]["variants"]) EXPECT_EQ(v["instructions"].is_number_integer(), perf) << v.dump();
  ASSERT_EQ(run("off").code, 0);
  EXPECT_EQ(testing::read_json(out())["environment"]["instructions"]["method"], "off");
}

}  // namespace
}  // namespace clampbench
