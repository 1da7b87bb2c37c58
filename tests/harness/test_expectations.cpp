// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Expectation rules: suite, variant and parameter conditions; first match wins; default same.
// Also the checked-in results/expectations.json against the real suites, finding by finding.

#include <gtest/gtest.h>

#include "harness/dump/detail/npy.h"
#include "harness/verdicts/expectations.h"
#include "kernels/ops.h"
#include "tests/harness/fake_suites.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

TEST(Expectations, ConditionsOnParametersSelectTheRule) {
  const auto dir = testing::fresh_temp_dir("expectations");
  testing::write_text(dir / "e.json", R"({"expectations": [
    {"suite": "fake_mutation", "variant": "clamp_", "when": [{"param": "n", "op": "!=", "value": 0}],
     "verdict": "mutation", "reason": "in place"}]})");
  const auto suites = testing::fake_suites();
  const Expectations e = Expectations::load((dir / "e.json").string(), suites);
  ParamPoint p;
  p.set("n", 3);
  EXPECT_EQ(e.expect("fake_mutation", "clamp_", p).verdict, Verdict::Mutation);
  EXPECT_EQ(e.expect("fake_mutation", "clamp_", p).reason, "in place");
  p = {};
  p.set("n", 0);
  EXPECT_EQ(e.expect("fake_mutation", "clamp_", p).verdict, Verdict::Same);
  EXPECT_EQ(e.expect("fake_mutation", "clamp", p).verdict, Verdict::Same);
  std::filesystem::remove_all(dir);
}

TEST(Expectations, UnknownNamesAreRejected) {
  const auto dir = testing::fresh_temp_dir("expectations_bad");
  const auto suites = testing::fake_suites();
  for (const char* rule : {
           R"({"suite": "fake_same", "variant": "fused", "verdict": "same", "reason": ""})",
           R"({"suite": "fake_same", "variant": "clamp_", "verdict": "odd", "reason": ""})",
           R"({"suite": "fake_same", "variant": "clamp_", "verdict": "same", "reason": "",
               "when": [{"param": "zz", "op": "==", "value": 1}]})",
           R"({"suite": "fake_same", "variant": "clamp_", "verdict": "same", "reason": "",
               "when": [{"param": "n", "op": "~", "value": 1}]})"}) {
    testing::write_text(dir / "e.json", std::string(R"({"expectations": [)") + rule + "]}");
    EXPECT_THROW(Expectations::load((dir / "e.json").string(), suites), std::invalid_argument) << rule;
  }
  std::filesystem::remove_all(dir);
}

TEST(Expectations, TheCheckedInFileMatchesTheRegisteredSuites) {
  const Expectations e = Expectations::load(default_expectations_path(), all_suites());
  ParamPoint p;
  for (auto [k, v] : {std::pair{"R", 8}, {"L", 131072}, {"ratio", 4}, {"padding", 2}, {"Q", 4}}) p.set(k, v);
  EXPECT_EQ(e.expect("sparse_mla_slot_mapping", "clamp_", p).verdict, Verdict::Mutation);
  EXPECT_FALSE(e.expect("sparse_mla_slot_mapping", "clamp_", p).reason.empty());
  EXPECT_EQ(e.expect("sparse_mla_slot_mapping", "clamp", p).verdict, Verdict::Same);
  ParamPoint zero;
  for (auto [k, v] : {std::pair{"R", 8}, {"L", 131072}, {"ratio", 4}, {"padding", 0}, {"Q", 4}}) zero.set(k, v);
  EXPECT_EQ(e.expect("sparse_mla_slot_mapping", "clamp_", zero).verdict, Verdict::Same);
  // Findings, not just classes: the mutation names the table (and the whole table it views).
  EXPECT_EQ(e.expect("sparse_mla_slot_mapping", "clamp_", p).mutations.size(), 2u);
  EXPECT_EQ(e.expect("sparse_mla_slot_mapping", "clamp_", p).mutations[0].buffer, "block_table");
  EXPECT_TRUE(e.expect("sparse_mla_slot_mapping", "clamp_", p).outputs.empty());
  p.set("ratio", 128);  // the C128A decode slots read the clamped table
  EXPECT_EQ(e.expect("sparse_mla_slot_mapping", "clamp_", p).verdict, Verdict::OutputMismatch);
  EXPECT_EQ(e.expect("sparse_mla_slot_mapping", "clamp_", p).outputs,
            (std::vector<std::string>{"c128a_global_decode_topk_indices", "c128a_global_decode_buffer"}));
  ParamPoint u;
  for (auto [k, v] : {std::pair{"R", 8}, {"L", 256}, {"K", 3}}) u.set(k, v);
  EXPECT_EQ(e.expect("ngram_update", "clamp_naive", u).verdict, Verdict::OutputMismatch);
  EXPECT_EQ(e.expect("ngram_update", "clamp_naive", u).outputs, std::vector<std::string>{"next_token_ids"});
  EXPECT_EQ(e.expect("ngram_update", "clamp_", u).verdict, Verdict::Same);
}

TEST(Npy, HeaderIsPaddedToSixtyFourBytes) {
  const HostTensor t = host_view(from_vector<std::int64_t>({1, 2, 3}, {3}, DeviceType::Host));
  const std::string bytes = detail::npy_bytes(t);
  ASSERT_GE(bytes.size(), 10u);
  EXPECT_EQ(bytes.substr(0, 6), "\x93NUMPY");
  const std::size_t header = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
  EXPECT_EQ((10 + header) % 64, 0u);
  EXPECT_NE(bytes.find("'descr': '<i8'"), std::string::npos);
  EXPECT_NE(bytes.find("'shape': (3,)"), std::string::npos);
  EXPECT_EQ(bytes.size(), 10 + header + 24);
}

}  // namespace
}  // namespace clampbench
