// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The n-gram matcher on a hand-worked batch of six rows (L = 12, K = 3):
//   row 0  len 7   1 2 3 4 1 2 3: the 3-gram "1 2 3" recurs at 0 -> draft 4 1 2
//   row 1  len 2   5 5: shorter than every n > 1 (suffix start < 0); n = 1 finds "5" at 0,
//                  leaving one token -> 5 -1 -1
//   row 2  len 5   7 8 7 8 7: "7 8 7" at 0, two tokens left -> 8 7 -1
//   row 3  len 12  ... 9 5 9 5: only the 2-gram "9 5" recurs (at 8); the draft reaches past
//                  the row (indices 12, 13 clamp to 11) -> 9 5 -1; no 3-gram -> -1 -1 -1
//   row 4  len 0   nothing -> -1 -1 -1
//   row 5  len 11  1 2 3 4 5 6 1 2 3 4 5: the 5-gram recurs at 0 -> 6 1 2

#include <gtest/gtest.h>

#include "suites/detail/ngram_find.h"
#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

CaseData hand_worked_batch() {
  const std::vector<std::int32_t> tokens = {
      1, 2, 3, 4, 1, 2, 3, 0, 0, 0, 0, 0,  //
      5, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  //
      7, 8, 7, 8, 7, 9, 9, 9, 9, 9, 9, 9,  //
      1, 2, 3, 4, 5, 6, 7, 8, 9, 5, 9, 5,  //
      4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,  //
      1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 0};
  CaseData data;
  data.device = kDevice;
  data.add("token_ids", from_vector(tokens, {6, 12}, kDevice), Role::Persistent);
  data.add("seq_lengths", from_vector(std::vector<std::int32_t>{7, 2, 5, 12, 0, 11}, {6}, kDevice),
           Role::Persistent);
  return data;
}

struct RangeCase {
  std::int64_t range_index;
  std::vector<std::int32_t> draft;
  std::uint64_t clamp_allocs, clamp_inplace_allocs;
};

// Allocations (see suites/detail/ngram_find.h): 3 before the loop, 16 (clamp) or 15 (clamp_)
// per n-gram size, 22 or 21 after it: clamp 25 + 16 N, clamp_ 24 + 15 N.
const RangeCase kRangeCases[] = {
    // (5, 5): N = 1 -> 41 / 39
    {0, {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 6, 1, 2}, 41, 39},
    // (2, 5): N = 4 -> 89 / 84
    {1, {4, 1, 2, -1, -1, -1, 8, 7, -1, 9, 5, -1, -1, -1, -1, 6, 1, 2}, 89, 84},
    // (3, 5): N = 3 -> 73 / 69
    {2, {4, 1, 2, -1, -1, -1, 8, 7, -1, -1, -1, -1, -1, -1, -1, 6, 1, 2}, 73, 69},
    // (1, 4): N = 4 -> 89 / 84
    {3, {4, 1, 2, 5, -1, -1, 8, 7, -1, 9, 5, -1, -1, -1, -1, 6, 1, 2}, 89, 84},
};

TEST(CBT_SUITE(NgramFindSuite), HandWorkedDraftsAndAllocationsOfBothVariants) {
  CBT_REQUIRE_DEVICE();
  const Suite& site = suite("ngram_find");
  for (const RangeCase& c : kRangeCases) {
    SCOPED_TRACE("ngram_range " + std::to_string(c.range_index));
    const ParamPoint p = point({{"B", 6}, {"L", 12}, {"K", 3}, {"ngram_range", c.range_index}});
    for (const char* variant : {"clamp", "clamp_"}) {
      SCOPED_TRACE(variant);
      CaseData data = hand_worked_batch();
      const CaseData before = data.clone();
      const Call counted = call(site, variant, data, p);
      const Outputs& outs = counted.outputs;
      EXPECT_EQ(ints(output(outs, "draft_tokens")), c.draft);
      EXPECT_EQ(counted.allocations, std::string(variant) == "clamp" ? c.clamp_allocs : c.clamp_inplace_allocs);
      EXPECT_TRUE(same_contents(data, before)) << "token_ids and seq_lengths are persistent";
    }
  }
}

TEST(CBT_SUITE(NgramFindSuite), ArbitraryRangeThroughTheBuilderFunction) {
  CBT_REQUIRE_DEVICE();
  CaseData data = hand_worked_batch();
  // (2, 3): row 3 matches the 2-gram only, row 5 the 3-gram "3 4 5" at 2 -> 6 1 2.
  const Tensor drafts = suites::detail::find_first_and_extract_all_n_parallel(
      data.get("token_ids"), data.get("seq_lengths"), 2, 3, 3, suites::detail::ClampMode::InPlace);
  EXPECT_EQ(ints(drafts), (std::vector<std::int32_t>{4, 1, 2, -1, -1, -1, 8, 7, -1, 9, 5, -1, -1, -1, -1, 6, 1, 2}));
}

TEST(CBT_SUITE(NgramFindSuite), GeneratorIsDeterministicAndHasMatchesAndShortRows) {
  CBT_REQUIRE_DEVICE();
  const Suite& site = suite("ngram_find");
  const ParamPoint p = point({{"B", 16}, {"L", 256}, {"K", 3}, {"ngram_range", 1}});
  const CaseData a = site.make_inputs(p, 42, kDevice);
  const CaseData b = site.make_inputs(p, 42, kDevice);
  const CaseData c = site.make_inputs(p, 43, kDevice);
  EXPECT_TRUE(same_contents(a, b));
  EXPECT_FALSE(same_contents(a, c));
  const std::vector<std::int32_t> lens = ints(a.get("seq_lengths"));
  EXPECT_LT(lens[1], 5);   // shorter than max_n
  EXPECT_EQ(lens[3], 256);  // a full row
  CaseData run = a.clone();
  const std::vector<std::int32_t> drafts =
      ints(output(call(site, "clamp", run, p).outputs, "draft_tokens"));
  int found = 0;
  for (std::size_t r = 0; r < 16; ++r) found += drafts[r * 3] != -1 ? 1 : 0;
  EXPECT_GE(found, 8) << "repetitive histories must give matches in most rows";
}

// The floor: one kernel (a warp per row), the draft tokens its one allocation.
TEST(CBT_SUITE(NgramFindSuite), FloorQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("ngram_find"), [](const ParamPoint&) { return FloorCost{1, 1}; });
}

TEST(CBT_SUITE(NgramFindSuite), FloorReadsStridedViews) {
  CBT_REQUIRE_DEVICE();
  check_widened("ngram_find", point({{"B", 8}, {"L", 256}, {"K", 3}, {"ngram_range", 1}}),
                {{"token_ids", Role::Persistent}}, FloorCost{1, 1});
}

// Hand-worked rows, range (1, 4), K = 3. Row 0: n = 2 matches [1, 2] at 3 -> [5, 1, 2], while
// n = 1 would match at 0 -> [4, 7, 1]: the longest n wins. Row 1: [1, 2] at 0 and at 3 -> the
// earliest, [3, 1, 2]. Row 2: only n <= 2 matches, at 0 -> one token left, then -1. Row 3: no
// earlier occurrence of any trailing n-gram -> all -1.
TEST(CBT_SUITE(NgramFindSuite), FloorLongestEarliestMatch) {
  CBT_REQUIRE_DEVICE();
  CaseData data;
  data.device = kDevice;
  data.add("token_ids", i32({2, 4, 7, 1, 2, 5, 1, 2,  //
                             1, 2, 3, 1, 2, 4, 1, 2,  //
                             9, 9, 9, 0, 0, 0, 0, 0,  //
                             1, 2, 3, 4, 5, 6, 7, 8},
                            Dims{4, 8}),
           Role::Persistent);
  data.add("seq_lengths", i32({8, 8, 3, 8}, Dims{4}), Role::Persistent);
  const ParamPoint p = point({{"B", 4}, {"L", 8}, {"K", 3}, {"ngram_range", 3}});
  const Outputs outs = run_floor("ngram_find", data, p);
  EXPECT_EQ(values(output(outs, "draft_tokens")), (Values{5, 1, 2, 3, 1, 2, 9, -1, -1, -1, -1, -1}));
  check_fused_case(suite("ngram_find"), std::move(data), p, FloorCost{1, 1}, "");
}

#ifndef CLAMPBENCH_TEST_ON_CUDA
// What the eager form rejects, the host loop rejects (the kernel skips those rows).
TEST(NgramFindSuite, FloorRejectsSeqLengthPastRow) {
  CaseData data;
  data.add("token_ids", i32({1, 2, 3, 4}, Dims{1, 4}), Role::Persistent);
  data.add("seq_lengths", i32({5}, Dims{1}), Role::Persistent);
  const ParamPoint p = point({{"K", 2}, {"ngram_range", 3}});
  try {
    (void)run_floor("ngram_find", data, p);
    FAIL() << "no error";
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::IndexOutOfRange);
  }
}
#endif

}  // namespace
}  // namespace clampbench::suite_tests
