// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Spec 2b on a hand-worked batch (L = 8, K = 2, so three sampled slots per row):
//   row 0  2 tokens, samples 20 21 (count 2)        -> written at 2, 3
//   row 1  6 tokens, samples 30 31 32 (count 3)     -> 30 at 6, 31 at 7; 32 would land at 8,
//          out of bounds: masked (clamped to 7, which must not overwrite the 31)
//   row 2  0 tokens, sample 40 (count 1)            -> written at 0
//   row 3  5 tokens, samples 50 -1 52 (count 3)     -> 50 at 5, the -1 skipped, 52 at 7
// num_tokens_tmp = num_tokens_no_spec + count = 4 9 1 8.

#include <gtest/gtest.h>

#include "tests/suites/test_ngram_sparse_support.h"

namespace clampbench::testing {
namespace {

CaseData hand_worked_batch() {
  const std::vector<std::int32_t> tokens = {
      10, 11, 0, 0, 0, 0, 0, 0,  //
      1,  2,  3, 4, 5, 6, 0, 0,  //
      0,  0,  0, 0, 0, 0, 0, 0,  //
      3,  3,  3, 3, 3, 0, 0, 0};
  CaseData data;
  data.device = kTestDevice;
  data.add("token_ids", from_vector(tokens, {4, 8}, kTestDevice), Role::PersistentWritable);
  data.add("num_tokens_no_spec", from_vector(std::vector<std::int32_t>{2, 6, 0, 5}, {4}, kTestDevice),
           Role::Persistent);
  data.add("valid_sampled_token_ids",
           from_vector(std::vector<std::int32_t>{20, 21, -1, 30, 31, 32, 40, -1, -1, 50, -1, 52}, {4, 3},
                       kTestDevice));
  data.add("valid_sampled_tokens_count", from_vector(std::vector<std::int32_t>{2, 3, 1, 3}, {4}, kTestDevice));
  return data;
}

TEST(CB_DEVICE_SUITE(NgramProposeSuite), HandWorkedScatterAndAllocationsOfBothVariants) {
  CB_REQUIRE_TEST_DEVICE();
  const Suite& suite = suite_named("ngram_propose");
  const ParamPoint p = point({{"B", 4}, {"L", 8}, {"K", 2}});
  const std::vector<std::int32_t> expected_tokens = {
      10, 11, 20, 21, 0,  0,  0,  0,   //
      1,  2,  3,  4,  5,  6,  30, 31,  //
      40, 0,  0,  0,  0,  0,  0,  0,   //
      3,  3,  3,  3,  3,  50, 0,  52};
  // arange, add, lt, lt, ne, and, and, [clamp], add: clamp 9, clamp_ 8.
  for (const auto& [variant, allocs] : {std::pair{"clamp", 9u}, std::pair{"clamp_", 8u}}) {
    SCOPED_TRACE(variant);
    CaseData data = hand_worked_batch();
    CallAllocations counted;
    const Outputs outs = run_counted(suite, variant, data, p, &counted);
    EXPECT_EQ(ints(output(outs, "token_ids")), expected_tokens);
    EXPECT_EQ(ints(data.get("token_ids")), expected_tokens) << "the scatter writes the persistent history";
    EXPECT_EQ(ints(output(outs, "num_tokens_tmp")), (std::vector<std::int32_t>{4, 9, 1, 8}));
    EXPECT_EQ(ints(data.get("num_tokens_no_spec")), (std::vector<std::int32_t>{2, 6, 0, 5}));
    EXPECT_EQ(counted.count, allocs);
  }
}

TEST(CB_DEVICE_SUITE(NgramProposeSuite), GeneratorDeclaresTheHistoryWritableAndIsDeterministic) {
  CB_REQUIRE_TEST_DEVICE();
  const Suite& suite = suite_named("ngram_propose");
  const ParamPoint p = point({{"B", 8}, {"L", 256}, {"K", 3}});
  const CaseData a = suite.make_inputs(p, 7, kTestDevice);
  EXPECT_TRUE(same_contents(a, suite.make_inputs(p, 7, kTestDevice)));
  EXPECT_FALSE(same_contents(a, suite.make_inputs(p, 8, kTestDevice)));
  for (const Buffer& b : a.buffers) {
    if (b.name == "token_ids") {
      EXPECT_EQ(b.role, Role::PersistentWritable);
    } else if (b.name == "num_tokens_no_spec") {
      EXPECT_EQ(b.role, Role::Persistent);
    }
  }
  const std::vector<std::int32_t> lens = ints(a.get("num_tokens_no_spec"));
  EXPECT_GT(lens[3] + 4, 256) << "row 3 writes past the end of the history";
  EXPECT_EQ(ints(a.get("valid_sampled_tokens_count"))[5], 0) << "row 5 sampled nothing";

  // Both variants write the same history.
  CaseData x = a.clone();
  CaseData y = a.clone();
  run_counted(suite, "clamp", x, p);
  run_counted(suite, "clamp_", y, p);
  EXPECT_TRUE(same_contents(x, y));
  EXPECT_FALSE(same_contents(x, a));
}

}  // namespace
}  // namespace clampbench::testing
