// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The next-token update on a hand-worked step: R = 4 requests of a 5-row runner buffer (L = 6, K = 2,
// vocabulary 32).
//   row 0  history 5 6 7 (3 tokens), samples 30 31 -1      -> 2 valid, next 31
//   row 1  history empty (0 tokens: backup index -1 -> 0), samples all -1
//          -> no valid sample, next = backup token 8
//   row 2  history 1 2 3 4, samples 20 21 22 but the request is discarded
//          -> no valid sample, next = backup token 4
//   row 3  history 11 12, samples 17 40 -1; 40 >= vocab   -> 1 valid, next 17
// clamp_naive clamps last_valid (-1 -> 0) before testing != -1 and so returns the row's first
// sample, -1, for rows 1 and 2.

#include <gtest/gtest.h>

#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

CaseData hand_worked_step() {
  const std::vector<std::int32_t> tokens = {
      5,  6,  7,  0,  0,  0,   //
      8,  9,  0,  0,  0,  0,   //
      1,  2,  3,  4,  0,  0,   //
      11, 12, 13, 0,  0,  0,   //
      21, 22, 23, 24, 25, 26};
  CaseData data;
  data.device = kDevice;
  data.add("token_ids", from_vector(tokens, {5, 6}, kDevice), Role::Persistent);
  data.add("num_tokens_no_spec", from_vector(std::vector<std::int32_t>{3, 0, 4, 2, 6}, {5}, kDevice),
           Role::Persistent);
  data.add("discard_request_mask",
           ne(from_vector(std::vector<std::int32_t>{0, 0, 1, 0, 0}, {5}, kDevice), 0), Role::Persistent);
  data.add("sampled_token_ids",
           from_vector(std::vector<std::int32_t>{30, 31, -1, -1, -1, -1, 20, 21, 22, 17, 40, -1}, {4, 3},
                       kDevice));
  return data;
}

// Per call, op by op: sub, [clamp], .long() (3 | 2); gather (1); clone, ne, lt, and (4);
// sum, .to(int32) (2); sub, ne, [clamp] (3 | 2); gather, where (2).
struct VariantCase {
  const char* name;
  std::vector<std::int32_t> next_tokens;
  std::uint64_t allocs;
};
const VariantCase kVariants[] = {
    {"clamp", {31, 8, 4, 17}, 15},
    {"clamp_", {31, 8, 4, 17}, 13},
    {"clamp_naive", {31, -1, -1, 17}, 13},
};

TEST(CBT_SUITE(NgramUpdateSuite), HandWorkedNextTokensAndAllocationsOfEveryVariant) {
  CBT_REQUIRE_DEVICE();
  const Suite& site = suite("ngram_update");
  const ParamPoint p = point({{"R", 4}, {"L", 6}, {"K", 2}});
  for (const VariantCase& v : kVariants) {
    SCOPED_TRACE(v.name);
    CaseData data = hand_worked_step();
    const CaseData before = data.clone();
    const Call counted = call(site, v.name, data, p);
    const Outputs& outs = counted.outputs;
    EXPECT_EQ(ints(output(outs, "next_token_ids")), v.next_tokens);
    EXPECT_EQ(ints(output(outs, "valid_sampled_tokens_count")), (std::vector<std::int32_t>{2, 0, 0, 1}));
    EXPECT_EQ(ints(output(outs, "valid_sampled_token_ids")),
              (std::vector<std::int32_t>{30, 31, -1, -1, -1, -1, -1, -1, -1, 17, 40, -1}));
    EXPECT_EQ(counted.allocations, v.allocs);
    EXPECT_TRUE(same_contents(data, before)) << "history, lengths, mask and samples are left as they were";
  }
}

TEST(CBT_SUITE(NgramUpdateSuite), GeneratedStepHasRowsWithoutValidSamplesThatTheNaiveFormBreaks) {
  CBT_REQUIRE_DEVICE();
  const Suite& site = suite("ngram_update");
  for (std::int64_t reqs : {1, 8}) {
    SCOPED_TRACE(reqs);
    const ParamPoint p = point({{"R", reqs}, {"L", 256}, {"K", 3}});
    const CaseData inputs = site.make_inputs(p, 11, kDevice);
    EXPECT_TRUE(same_contents(inputs, site.make_inputs(p, 11, kDevice)));
    EXPECT_FALSE(same_contents(inputs, site.make_inputs(p, 12, kDevice)));
    CaseData a = inputs.clone(), b = inputs.clone(), c = inputs.clone();
    const auto next = [&](CaseData& d, const char* v) {
      return ints(output(call(site, v, d, p).outputs, "next_token_ids"));
    };
    const std::vector<std::int32_t> reference = next(a, "clamp");
    EXPECT_EQ(next(b, "clamp_"), reference);
    const std::vector<std::int32_t> naive = next(c, "clamp_naive");
    EXPECT_NE(naive, reference) << "the last request is discarded, so the naive form returns -1 there";
    EXPECT_EQ(naive.back(), -1);
    EXPECT_NE(reference.back(), -1);
  }
}

// The floor: one kernel, its three outputs.
TEST(CBT_SUITE(NgramUpdateSuite), FloorQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("ngram_update"), [](const ParamPoint&) { return FloorCost{3, 1}; });
}

TEST(CBT_SUITE(NgramUpdateSuite), FloorReadsStridedViews) {
  CBT_REQUIRE_DEVICE();
  check_widened("ngram_update", point({{"R", 8}, {"L", 256}, {"K", 3}}),
                {{"token_ids", Role::Persistent}, {"sampled_token_ids", Role::Fresh}}, FloorCost{3, 1});
}

}  // namespace
}  // namespace clampbench::suite_tests
