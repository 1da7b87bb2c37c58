// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The propose scatter as vLLM writes it (positions clamped to L - 1, existing values blended back, every
// position scattered), on a hand-worked batch (L = 8, K = 2, so three sampled slots per row):
//   row 0  2 tokens, samples 20 21 (count 2)     -> 20 at 2, 21 at 3; slot 2 writes back 4's 0
//   row 1  6 tokens, samples 30 31 32 (count 3)  -> 30 at 6, 31 at 7; 32 would land at 8, is
//          clamped to 7 and masked off, so it writes back 7's old 0 AFTER the 31: the 31 is
//          lost (last write wins, torch on CPU; unspecified on CUDA) -- order dependent
//   row 2  0 tokens, sample 40 (count 1)         -> 40 at 0
//   row 3  5 tokens, samples 50 -1 52 (count 3)  -> 50 at 5, the -1 writes back 6's 0, 52 at 7
//   row 4  7 tokens, nothing sampled, 9 at 7     -> three write-backs of the 9 at 7: harmless
//   row 5  7 tokens, sample 60 (count 1), 60 at 7 -> 60, then 60 written back twice: harmless
// num_tokens_tmp = num_tokens_no_spec + count = 4 9 1 8 7 8; combined_mask = count > 0 and
// num_tokens_tmp >= 1: every row but row 4, which sampled nothing.

#include <gtest/gtest.h>

#include "kernels/write_order.h"
#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

CaseData hand_worked_batch() {
  const std::vector<std::int32_t> tokens = {
      10, 11, 0, 0, 0, 0, 0, 0,  //
      1,  2,  3, 4, 5, 6, 0, 0,  //
      0,  0,  0, 0, 0, 0, 0, 0,  //
      3,  3,  3, 3, 3, 0, 0, 0,  //
      1,  1,  1, 1, 1, 1, 1, 9,  //
      2,  2,  2, 2, 2, 2, 2, 60};
  CaseData data;
  data.device = kDevice;
  data.add("token_ids", from_vector(tokens, {6, 8}, kDevice), Role::PersistentWritable);
  data.add("num_tokens_no_spec", from_vector(std::vector<std::int32_t>{2, 6, 0, 5, 7, 7}, {6}, kDevice),
           Role::Persistent);
  data.add("valid_sampled_token_ids",
           from_vector(std::vector<std::int32_t>{20, 21, -1, 30, 31, 32, 40, -1, -1, 50, -1, 52, -1, -1, -1, 60, -1, -1},
                       {6, 3}, kDevice));
  data.add("valid_sampled_tokens_count", from_vector(std::vector<std::int32_t>{2, 3, 1, 3, 0, 1}, {6}, kDevice));
  return data;
}

TEST(CBT_SUITE(NgramProposeSuite), HandWorkedScatterAllocationsAndOrderDependentWrite) {
  CBT_REQUIRE_DEVICE();
  const Suite& site = suite("ngram_propose");
  const ParamPoint p = point({{"B", 6}, {"L", 8}, {"K", 2}});
  const std::vector<std::int32_t> expected_tokens = {
      10, 11, 20, 21, 0, 0, 0,  0,   //
      1,  2,  3,  4,  5, 6, 30, 0,   //
      40, 0,  0,  0,  0, 0, 0,  0,   //
      3,  3,  3,  3,  3, 50, 0, 52,  //
      1,  1,  1,  1,  1, 1, 1,  9,   //
      2,  2,  2,  2,  2, 2, 2,  60};
  // arange, add, lt, lt, ne, and, and, [clamp], gather, where, add, then the mask's gt, ones,
  // and, ge, and: clamp 16, clamp_ 15; the .long(), .to(int32) of the tokens and of the sum
  // allocate nothing. fused: num_tokens_tmp and combined_mask.
  for (const auto& [variant, allocs, op] : {std::tuple{"clamp", 16u, "scatter_"}, std::tuple{"clamp_", 15u, "scatter_"},
                                            std::tuple{"fused", 2u, "fused_ngram_propose"}}) {
    SCOPED_TRACE(variant);
    CaseData data = hand_worked_batch();
    WriteOrderScope order;
    const Call counted = call(site, variant, data, p);
    const Outputs& outs = counted.outputs;
    const std::vector<OrderDependentWrite> writes = order.close();
    EXPECT_EQ(ints(output(outs, "token_ids")), expected_tokens);
    EXPECT_EQ(ints(data.get("token_ids")), expected_tokens) << "the scatter writes the persistent history";
    EXPECT_EQ(ints(output(outs, "num_tokens_tmp")), (std::vector<std::int32_t>{4, 9, 1, 8, 7, 8}));
    EXPECT_EQ(values(output(outs, "combined_mask")), (Values{1, 1, 1, 1, 0, 1}));
    EXPECT_EQ(ints(data.get("num_tokens_no_spec")), (std::vector<std::int32_t>{2, 6, 0, 5, 7, 7}));
    EXPECT_EQ(counted.allocations, allocs);
    // Only row 1's column 7 gets differing values (31, then 0); rows 4 and 5 repeat one value.
    ASSERT_EQ(writes.size(), 1u);
    EXPECT_EQ(writes[0].storage, data.get("token_ids").storage().get());
    EXPECT_EQ(writes[0].op, op);
    EXPECT_EQ(writes[0].duplicates, 1);
    EXPECT_EQ(writes[0].first_element, 1 * 8 + 7);
  }
}

TEST(CBT_SUITE(NgramProposeSuite), GeneratorDeclaresTheHistoryWritableAndIsDeterministic) {
  CBT_REQUIRE_DEVICE();
  const Suite& site = suite("ngram_propose");
  const ParamPoint p = point({{"B", 8}, {"L", 256}, {"K", 3}});
  const CaseData a = site.make_inputs(p, 7, kDevice);
  EXPECT_TRUE(same_contents(a, site.make_inputs(p, 7, kDevice)));
  EXPECT_FALSE(same_contents(a, site.make_inputs(p, 8, kDevice)));
  for (const Buffer& b : a.buffers) {
    if (b.name == "token_ids") {
      EXPECT_EQ(b.role, Role::PersistentWritable);
    } else if (b.name == "num_tokens_no_spec") {
      EXPECT_EQ(b.role, Role::Persistent);
    }
  }
  const std::vector<std::int32_t> lens = ints(a.get("num_tokens_no_spec"));
  const std::vector<std::int32_t> counts = ints(a.get("valid_sampled_tokens_count"));
  EXPECT_EQ(lens[3], 255) << "row 3 writes a valid token at L - 1, then writes the old value back over it";
  EXPECT_EQ(counts[3], 4);
  EXPECT_NE(ints(a.get("valid_sampled_token_ids"))[3 * 4], -1) << "row 3's first sample, written at L - 1";
  EXPECT_EQ(ints(a.get("token_ids"))[3 * 256 + 255], 0) << "the value written back";
  EXPECT_EQ(lens[7], 255) << "row 7: only write-backs at L - 1";
  EXPECT_EQ(counts[7], 0);
  EXPECT_EQ(counts[5], 0) << "row 5 sampled nothing";
  for (std::size_t r = 0; r < lens.size(); ++r) {
    if (r != 3 && r != 7) {
      EXPECT_LE(lens[r] + 4, 256) << "row " << r << " stays inside the history";
    }
  }

  // Every variant writes the same history; the order-dependent write of row 3 is seen by each.
  for (const char* variant : {"clamp", "clamp_", "fused"}) {
    SCOPED_TRACE(variant);
    CaseData x = a.clone();
    WriteOrderScope order;
    call(site, variant, x, p);
    const std::vector<OrderDependentWrite> writes = order.close();
    EXPECT_FALSE(same_contents(x, a));
    EXPECT_EQ(ints(x.get("token_ids"))[3 * 256 + 255], 0) << "the valid token at L - 1 is overwritten";
    ASSERT_EQ(writes.size(), 1u);
    EXPECT_EQ(writes[0].duplicates, 1);
    EXPECT_EQ(writes[0].first_element, 3 * 256 + 255);
    CaseData y = a.clone();
    call(site, "clamp", y, p);
    EXPECT_TRUE(same_contents(x, y));
  }
}

// The floor: one kernel; the draft tokens and the valid counts its allocations.
TEST(CBT_SUITE(NgramProposeSuite), FloorQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("ngram_propose"), [](const ParamPoint&) { return FloorCost{2, 1}; });
}

TEST(CBT_SUITE(NgramProposeSuite), FloorWritesThroughStridedView) {
  CBT_REQUIRE_DEVICE();
  // token_ids' junk columns are compared with clamp's too.
  check_widened("ngram_propose", point({{"B", 8}, {"L", 256}, {"K", 3}}),
                {{"token_ids", Role::PersistentWritable}, {"valid_sampled_token_ids", Role::Fresh}}, FloorCost{2, 1});
}

}  // namespace
}  // namespace clampbench::suite_tests
