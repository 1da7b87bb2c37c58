// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// run_cli in-process on the fake suites: exit codes 0/1/2/3, one-line messages for bad input,
// the results file (atomic, schema-valid) and the dump.

#include <gtest/gtest.h>

#include <cstdlib>

#include "harness/version.h"
#include "tests/harness/fake_suites.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

namespace fs = std::filesystem;
using testing::cli;

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::fresh_temp_dir(::testing::UnitTest::GetInstance()->current_test_info()->name());
    expectations_ = (dir_ / "expectations.json").string();
    testing::write_text(expectations_, testing::fake_expectations_json());
    out_ = (dir_ / "out.json").string();
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::vector<std::string> run_args(std::vector<std::string> extra = {}) const {
    std::vector<std::string> a = {"run", "--backend", "host", "--no-timing", "--out", out_, "--expectations", expectations_};
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  }
  // Every file in dir_ other than the inputs this fixture wrote.
  std::vector<std::string> leftovers() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir_))
      if (e.path().filename().string().find(".tmp.") != std::string::npos) out.push_back(e.path().string());
    return out;
  }
  fs::path dir_;
  std::string expectations_, out_;
  std::vector<Suite> suites_ = testing::fake_suites();
};

bool one_line(const std::string& s) { return !s.empty() && s.find('\n') == s.size() - 1; }

TEST_F(CliTest, AllVerdictsAsExpectedExitsZero) {
  const auto r = cli(run_args(), suites_);
  EXPECT_EQ(r.code, 0) << r.err;
  const auto doc = testing::read_json(out_);
  EXPECT_EQ(doc["schema_version"], 1);
  EXPECT_EQ(doc["outcome"]["status"], "as_expected");
  ASSERT_EQ(doc["cases"].size(), 5u);
  EXPECT_EQ(doc["cases"][2]["variants"][1]["verdict"], "mutation");
  EXPECT_EQ(doc["cases"][2]["variants"][1]["checks"]["mutations"][0]["changed"], 2);
  EXPECT_EQ(doc["cases"][0]["variants"][1]["saved_vs_reference"]["allocations"], 1);
  EXPECT_EQ(doc["summary"][0]["variants"]["clamp_"]["allocations_saved_per_call"]["min"], 1);
  EXPECT_EQ(doc["cases"][4]["variants"][1]["verdict"], "error");
  EXPECT_EQ(doc["environment"]["backend"], "host");
  EXPECT_EQ(doc["environment"]["clampbench_version"], version_string());
  EXPECT_TRUE(leftovers().empty());
  EXPECT_NE(r.err.find("[1/5] fake_same n=3"), std::string::npos) << r.err;
}

TEST_F(CliTest, AnUnexpectedVerdictExitsOne) {
  testing::write_text(expectations_, R"({"expectations": []})");  // nothing expected to differ
  const auto r = cli(run_args(), suites_);
  EXPECT_EQ(r.code, 1) << r.err;
  const auto doc = testing::read_json(out_);
  EXPECT_EQ(doc["outcome"]["status"], "unexpected");
  EXPECT_EQ(doc["outcome"]["unexpected"].size(), 4u);  // mismatch, mutation, badwrite, error
}

TEST_F(CliTest, AnExpectedFindingThatVanishesExitsOne) {
  testing::write_text(expectations_, R"({"expectations": [
    {"suite": "fake_same", "variant": "clamp_", "verdict": "mutation", "reason": "not any more"}]})");
  EXPECT_EQ(cli(run_args({"--suite", "fake_same"}), suites_).code, 1);
}

TEST_F(CliTest, ACudaErrorExitsThreeAndStillWritesTheResults) {
  std::vector<Suite> suites = {testing::make_fake_device_error(), testing::make_fake_same()};
  testing::write_text(expectations_, R"({"expectations": []})");
  const auto r = cli(run_args(), suites);
  EXPECT_EQ(r.code, 3) << r.err;
  const auto doc = testing::read_json(out_);
  EXPECT_EQ(doc["outcome"]["status"], "internal_error");
  EXPECT_EQ(doc["cases"].size(), 2u);  // the run went on after the failure
  EXPECT_TRUE(leftovers().empty());
}

TEST_F(CliTest, BadInputExitsTwoWithOneLine) {
  const std::vector<std::vector<std::string>> bad = {
      {"--suite", "foo"}, {"--variant", "nope"}, {"--sizes", "huge"}, {"--backend", "tpu"},
      {"--allocator", "magic"}, {"--repetitions", "0"}, {"--repetitions", "x"}, {"--seed", "-3"},
      {"--frobnicate"}, {"--out"}, {"--out", (dir_ / "expectations.json" / "x.json").string()},
      {"--out", dir_.string()}, {"--dump", (dir_ / "expectations.json").string()},
      {"--expectations", (dir_ / "missing.json").string()}};
  for (const auto& extra : bad) {
    const auto r = cli(run_args(extra), suites_);
    EXPECT_EQ(r.code, 2) << extra[0];
    EXPECT_TRUE(one_line(r.err)) << r.err;
    EXPECT_EQ(r.err.rfind("clampbench: ", 0), 0u) << r.err;
  }
  EXPECT_FALSE(fs::exists(out_));  // nothing ran, nothing written
  EXPECT_NE(cli(run_args({"--suite", "foo"}), suites_).err.find("unknown suite 'foo' (known: fake_same"), std::string::npos);
  EXPECT_EQ(cli({}, suites_).code, 2);
  EXPECT_EQ(cli({"frob"}, suites_).code, 2);
  EXPECT_EQ(cli({"list", "--yaml"}, suites_).code, 2);
}

TEST_F(CliTest, BadExpectationsOrBenchmarkFlagsExitTwo) {
  testing::write_text(expectations_, R"({"expectations": [{"suite": "nope", "variant": "clamp_", "verdict": "same", "reason": ""}]})");
  EXPECT_EQ(cli(run_args(), suites_).code, 2);
  testing::write_text(expectations_, "{not json");
  EXPECT_EQ(cli(run_args(), suites_).code, 2);
  testing::write_text(expectations_, testing::fake_expectations_json());
  const std::vector<std::string> timed = {"run", "--backend", "host", "--out", out_, "--expectations", expectations_};
  // The empty --benchmark_out_format once crashed the run; the empty --benchmark_color once
  // printed Google Benchmark's usage and exited 0 with no results.
  for (const char* flag : {"--benchmark_bogus=1", "--benchmark_format=yaml", "--benchmark_time_unit=h",
                           "--benchmark_min_time=abc", "--benchmark_min_warmup_time=-1", "--benchmark_format",
                           "--benchmark_out_format=", "--benchmark_color=", "--benchmark_time_unit"}) {
    auto args = timed;
    args.push_back(flag);
    const auto r = cli(args, suites_);
    EXPECT_EQ(r.code, 2) << flag;
    EXPECT_TRUE(one_line(r.err)) << r.err;
  }
}

TEST_F(CliTest, HelpAndListExitZero) {
  const auto help = cli({"--help"}, suites_);
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("exit codes"), std::string::npos);
  EXPECT_EQ(cli({"help"}, suites_).out, help.out);
  // Each command's own usage, however it is asked for.
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"help", "run"}, {"run", "--help"}, {"run", "-h"}, {"run", "--suite", "x", "--help"}}) {
    const auto r = cli(args, suites_);
    EXPECT_EQ(r.code, 0) << args[1];
    EXPECT_EQ(r.out.rfind("usage: clampbench run", 0), 0u) << r.out;
    for (const char* flag : {"--axis", "--case", "--benchmark_list_tests", "--benchmark_repetitions", "--expectations"})
      EXPECT_NE(r.out.find(flag), std::string::npos) << flag;
  }
  for (const auto& args : std::vector<std::vector<std::string>>{{"help", "list"}, {"list", "--help"}}) {
    const auto r = cli(args, suites_);
    EXPECT_EQ(r.code, 0);
    EXPECT_EQ(r.out.rfind("usage: clampbench list [--json]", 0), 0u) << r.out;
  }
  // What help run says of Google Benchmark's other flags is what run does with them: refused.
  const auto run_help = cli({"help", "run"}, suites_).out;
  EXPECT_NE(run_help.find("any other --benchmark_*      refused"), std::string::npos) << run_help;
  EXPECT_EQ(run_help.find("passed to the timing pass"), std::string::npos);
  EXPECT_EQ(cli(run_args({"--benchmark_enable_random_interleaving=true"}), suites_).code, 2);
  // `help NAME` gives every command's usage, the same text as `NAME --help`.
  for (const char* name : {"explain", "merge"}) {
    const auto r = cli({"help", name}, suites_);
    EXPECT_EQ(r.code, 0) << name << r.err;
    EXPECT_EQ(r.out, cli({name, "--help"}, suites_).out) << name;
    EXPECT_EQ(r.out.rfind(std::string("usage: clampbench ") + name, 0), 0u) << r.out;
  }
  const auto frob = cli({"help", "frob"}, suites_);
  EXPECT_EQ(frob.code, 2);
  EXPECT_NE(frob.err.find("no help on 'frob' (run, list, explain or merge)"), std::string::npos) << frob.err;
  EXPECT_EQ(cli({"help", "run", "list"}, suites_).code, 2);
  const auto list = cli({"list"}, suites_);
  EXPECT_EQ(list.code, 0);
  EXPECT_NE(list.out.find("fake_mutation"), std::string::npos);
  const auto json = cli({"list", "--json"}, suites_);
  EXPECT_EQ(json.code, 0);
  const auto doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc.size(), 5u);
  EXPECT_EQ(doc[0]["axes"][0]["name"], "n");
  EXPECT_EQ(doc[2]["variants"][1]["name"], "clamp_");
}

TEST_F(CliTest, VersionExitsZero) {
  for (const char* flag : {"--version", "version"}) {
    const auto r = cli({flag}, suites_);
    EXPECT_EQ(r.code, 0);
    EXPECT_EQ(r.out, "clampbench " + version_string() + "\n");
  }
  EXPECT_EQ(version_string().rfind(CLAMPBENCH_PROJECT_VERSION, 0), 0u) << version_string();
}

TEST_F(CliTest, TimingPassFillsRepetitionSamples) {
  // A noise target any two samples meet: sampling stops at the fewest samples, 2.
  const auto r = cli({"run", "--backend", "host", "--suite", "fake_same,fake_throw", "--repetitions", "2",
                      "--max-noise", "0.99", "--benchmark_min_time=0.0001", "--out", out_, "--expectations",
                      expectations_}, suites_);
  EXPECT_EQ(r.code, 0) << r.err;
  const auto doc = testing::read_json(out_);
  const auto& t = doc["cases"][0]["variants"][1]["timing"];
  ASSERT_TRUE(t.is_object()) << t.dump();
  EXPECT_EQ(t["primary"], "cpu");
  EXPECT_EQ(t["repetitions"], 2);
  EXPECT_EQ(t["wall"]["samples"].size(), 2u);
  EXPECT_EQ(t["cpu"]["samples"].size(), 2u);
  EXPECT_TRUE(t["device"].is_null());
  EXPECT_EQ(t["converged"], true);
  EXPECT_EQ(t["stop_reason"], "converged");
  EXPECT_EQ(t["rounds"], 2);
  EXPECT_EQ(t["paired"]["vs"], "clamp");  // clamp_ against the reference, round by round
  EXPECT_EQ(t["paired"]["ratio"]["samples"].size(), 2u);
  EXPECT_TRUE(doc["cases"][0]["variants"][0]["timing"]["paired"].is_null());
  EXPECT_TRUE(doc["cases"][1]["variants"][1]["timing"].is_null());  // the throwing variant is not timed
  const auto& config = doc["environment"]["timing_config"];
  EXPECT_EQ(config["min_samples"], 2);
  EXPECT_EQ(config["max_noise"], 0.99);
}

TEST_F(CliTest, AnUnreachableNoiseTargetStopsAtTheTimeoutUnconverged) {
  const auto r = cli({"run", "--backend", "host", "--suite", "fake_same", "--repetitions", "3", "--max-noise",
                      "1e-12", "--timing-timeout", "0.02", "--benchmark_min_time=0.0001", "--out", out_,
                      "--expectations", expectations_}, suites_);
  ASSERT_EQ(r.code, 0) << r.err;
  for (const auto& v : testing::read_json(out_)["cases"][0]["variants"]) {
    EXPECT_EQ(v["timing"]["converged"], false) << v.dump();
    EXPECT_EQ(v["timing"]["stop_reason"], "timeout");
    EXPECT_GE(v["timing"]["repetitions"], 3);
    EXPECT_GT(v["timing"]["noise"], 1e-12);
  }
  for (const char* bad : {"0", "1.5", "x"})
    EXPECT_EQ(cli({"run", "--max-noise", bad, "--out", out_}, suites_).code, 2) << bad;
  EXPECT_EQ(cli({"run", "--timing-timeout", "-1", "--out", out_}, suites_).code, 2);
  const auto flush = cli({"run", "--backend", "host", "--l2-flush", "--out", out_}, suites_);
  EXPECT_EQ(flush.code, 2);
  EXPECT_NE(flush.err.find("--l2-flush: this run has no cuda cases"), std::string::npos) << flush.err;
}

TEST_F(CliTest, DumpWritesNpyFilesAndAManifest) {
  const fs::path dump = dir_ / "dump";
  ASSERT_EQ(cli(run_args({"--suite", "fake_mutation", "--dump", dump.string()}), suites_).code, 0);
  const auto m = testing::read_json(dump / "manifest.json");
  ASSERT_EQ(m["cases"].size(), 1u);
  const auto& c = m["cases"][0];
  EXPECT_EQ(c["case_id"], "fake_mutation/n=3");
  EXPECT_EQ(c["inputs"][0]["name"], "x");
  EXPECT_EQ(c["inputs"][0]["role"], "persistent");
  EXPECT_EQ(c["inputs"][0]["shape"], nlohmann::json::array({2, 3}));
  for (const auto& f : {c["inputs"][0]["file"], c["variants"][1]["outputs"][0]["file"], c["variants"][1]["inputs_after"][0]["file"]})
    EXPECT_TRUE(fs::is_regular_file(dump / f.get<std::string>())) << f;
  // 128-byte npy header (magic, version, padded dict) then 6 int32 values.
  EXPECT_EQ(fs::file_size(dump / c["inputs"][0]["file"].get<std::string>()), 128u + 24u);
}

// A builder that returns no outputs: verdict same, outputs equal in the results, an empty
// output list in the dump, and a schema-valid results file.
TEST_F(CliTest, NoOutputsAreAValidCall) {
  const fs::path dump = dir_ / "dump";
  std::vector<Suite> suites = suites_;  // the expectations file names the happy-path suites
  suites.push_back(testing::make_fake_empty());
  const auto r = cli(run_args({"--suite", "fake_empty", "--dump", dump.string()}), suites);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = testing::read_json(out_);
  ASSERT_EQ(doc["cases"].size(), 1u);
  for (const auto& v : doc["cases"][0]["variants"]) {
    EXPECT_EQ(v["verdict"], "same") << v.dump();
    EXPECT_EQ(v["checks"]["outputs"]["equal"], true) << v.dump();
  }
  const auto m = testing::read_json(dump / "manifest.json");
  for (const auto& v : m["cases"][0]["variants"]) EXPECT_EQ(v["outputs"], nlohmann::json::array()) << v.dump();
  if (std::system("/usr/bin/python3 -c 'import jsonschema' >/dev/null 2>&1") != 0) return;
  const std::string cmd = "/usr/bin/python3 -c \"import json,jsonschema,sys; jsonschema.validate(json.load(open(sys.argv[1])),"
                          " json.load(open(sys.argv[2])))\" '" + out_ + "' '" CLAMPBENCH_SOURCE_DIR "/results/schema-v1.json'";
  EXPECT_EQ(std::system(cmd.c_str()), 0);
}

TEST_F(CliTest, ResultsValidateAgainstTheJsonSchema) {
  if (std::system("/usr/bin/python3 -c 'import jsonschema' >/dev/null 2>&1") != 0) GTEST_SKIP() << "no jsonschema";
  ASSERT_EQ(cli(run_args(), suites_).code, 0);
  const std::string cmd = "/usr/bin/python3 -c \"import json,jsonschema,sys; jsonschema.validate(json.load(open(sys.argv[1])),"
                          " json.load(open(sys.argv[2])))\" '" + out_ + "' '" CLAMPBENCH_SOURCE_DIR "/results/schema-v1.json'";
  EXPECT_EQ(std::system(cmd.c_str()), 0);
}

}  // namespace
}  // namespace clampbench
