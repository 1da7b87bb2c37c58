// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Broken builders, compiled into this test binary only: sparse-MLA's clamp_ with one more
// fault beside its known one, run through the real CLI, session and runner against the
// checked-in results/expectations.json. Each run keeps the expected verdict class and must
// still fail (exit 1), naming the new finding in the results.

#include <gtest/gtest.h>

#include <functional>

#include "harness/verdicts/expectations.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

namespace fs = std::filesystem;
using Fault = std::function<void(CaseData&, Outputs&)>;

// Every registered suite, with sparse-MLA's clamp_ followed by `fault` after each call.
std::vector<Suite> with_broken_clamp_(const Fault& fault) {
  std::vector<Suite> suites = all_suites();
  for (auto& s : suites) {
    if (s.name != "sparse_mla_slot_mapping") continue;
    for (auto& v : s.variants)
      if (v.name == "clamp_")
        v.fn = [fn = v.fn, fault](CaseData& d, const ParamPoint& p) {
          Outputs o = fn(d, p);
          fault(d, o);
          return o;
        };
  }
  return suites;
}

// Adds 1 to the first element through the raw pointer: no runtime op, so no latent write is
// logged and only the before/after comparison can see it.
void raw_bump(const Tensor& t) {
  if (t.device() != DeviceType::Host) throw std::logic_error("host tensors only");
  if (t.dtype() == DType::Int32) ++*static_cast<std::int32_t*>(t.data_ptr());
  else if (t.dtype() == DType::Int64) ++*static_cast<std::int64_t*>(t.data_ptr());
  else throw std::logic_error("integer tensors only");
}

Tensor output(const Outputs& o, const std::string& name) {
  for (const auto& n : o)
    if (n.name == name) return n.tensor;
  throw std::logic_error("no output " + name);
}

class BrokenBuilder : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::fresh_temp_dir(::testing::UnitTest::GetInstance()->current_test_info()->name());
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs the sparse-MLA cases at `ratio` with holes (padding 2); returns the exit code.
  int run(const std::vector<Suite>& suites, const std::string& ratio) {
    const std::string out = (dir_ / "out.json").string();
    const auto r = testing::cli({"run", "--backend", "host", "--no-timing", "--instructions", "off", "--suite",
                                 "sparse_mla_slot_mapping", "--axis", "ratio=" + ratio, "--axis", "padding=2",
                                 "--expectations", default_expectations_path(), "--out", out},
                                suites);
    doc_ = testing::read_json(out);
    return r.code;
  }

  // Checks every case's clamp_: the verdict as expected, and `name` among its unexpected findings.
  void expect_named(const std::string& verdict, const std::string& kind, const std::string& name) {
    ASSERT_EQ(doc_["cases"].size(), 2u);  // R = 2 and 8 in the quick set
    for (const auto& c : doc_["cases"]) {
      const auto& v = c["variants"][1];
      ASSERT_EQ(v["name"], "clamp_");
      EXPECT_EQ(v["verdict"], verdict) << c["case_id"];
      EXPECT_TRUE(v["expected"].get<bool>()) << "the verdict class alone would pass";
      EXPECT_FALSE(v["findings"]["as_expected"].get<bool>());
      bool named = false;
      for (const auto& f : v["findings"]["unexpected"]) named |= f["kind"] == kind && f["name"] == name;
      EXPECT_TRUE(named) << v["findings"].dump();
    }
    EXPECT_EQ(doc_["outcome"]["status"], "unexpected");
    EXPECT_TRUE(doc_["outcome"]["unexpected"].empty());
    EXPECT_EQ(doc_["outcome"]["unexpected_latent_writes"].size(), 0u) << "a raw write logs no latent write";
    bool listed = false;
    for (const auto& f : doc_["outcome"]["unexpected_findings"]) listed |= f["name"] == name && !f["vanished"];
    EXPECT_TRUE(listed) << doc_["outcome"].dump();
  }

  fs::path dir_;
  nlohmann::json doc_;
};

TEST_F(BrokenBuilder, TheUnbrokenBuilderPassesTheSameCases) {
  EXPECT_EQ(run(all_suites(), "128"), 0);
  EXPECT_EQ(run(all_suites(), "4"), 0);
}

TEST_F(BrokenBuilder, ASecondMismatchingOutputFailsTheRun) {
  const auto suites = with_broken_clamp_([](CaseData&, Outputs& o) { raw_bump(output(o, "req_id_per_token")); });
  EXPECT_EQ(run(suites, "128"), 1);
  expect_named("output_mismatch", "output", "req_id_per_token");
}

TEST_F(BrokenBuilder, ARawWriteIntoSeqLensFailsTheRun) {
  const auto suites = with_broken_clamp_([](CaseData& d, Outputs&) { raw_bump(d.get("seq_lens")); });
  EXPECT_EQ(run(suites, "128"), 1);
  expect_named("output_mismatch", "mutation", "seq_lens");
}

TEST_F(BrokenBuilder, ANewMutationBesideAKnownOneFailsTheRun) {
  const auto suites = with_broken_clamp_([](CaseData& d, Outputs&) { raw_bump(d.get("positions")); });
  EXPECT_EQ(run(suites, "4"), 1);
  expect_named("mutation", "mutation", "positions");
}

}  // namespace
}  // namespace clampbench
