// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Spec 7 on a hand-worked step: R = 3 (row 2 is a CUDA-graph padding row), M = 4, block size
// 256, Q = 4 (so the output buffer has 12 slots), over a 4-row runner table whose row 3 lies
// outside the builder's view.
//   row 0  seq 10, 3 query tokens (0..2) at positions 7 8 9; ratio 4: only 7 closes a group
//          -> c = 1, block col 0 -> slot table[0][0] * 256 + 1 at token 0
//   row 1  seq 1028, 4 query tokens (3..6) at positions 1024..1027: 1027 closes a group
//          -> c = 256, block col 1 -> slot table[1][1] * 256 + 0 at token 6
//   row 2  padding: no query, no sequence.
// Ratio 128 with row 1 at seq 1025 (positions 1021..1024): 1023 closes a group -> c = 7,
// block col 0 -> slot table[1][0] * 256 + 7 at token 5.

#include <gtest/gtest.h>

#include "tests/suites/test_ngram_sparse_support.h"

namespace clampbench::testing {
namespace {

constexpr std::int32_t X = -1;

// padding: 0 -> 0-filled padding rows; 1 -> -1 padding rows; 2 -> also -1 holes at [0][2]
// (never read) and [1][1] (read by token 6).
CaseData hand_worked_step(int padding, std::int32_t row1_seq_len = 1028) {
  const std::int32_t pad = padding == 0 ? 0 : -1;
  const std::int32_t hole = padding == 2 ? -1 : 0;
  const std::vector<std::int32_t> table = {
      5,   0,   hole, 0,    //
      7,   padding == 2 ? -1 : 9, 0, 0,  //
      pad, pad, pad,  pad,  //
      pad, pad, pad,  pad};
  CaseData data;
  data.device = kTestDevice;
  Tensor base = from_vector(table, {4, 4}, kTestDevice);
  data.add("block_table", base.slice(0, 0, 3), Role::Persistent);
  data.add("block_table_base", base, Role::Persistent);
  data.add("query_start_loc", from_vector(std::vector<std::int32_t>{0, 3, 7, 7}, {4}, kTestDevice),
           Role::Persistent);
  data.add("seq_lens", from_vector(std::vector<std::int32_t>{10, row1_seq_len, 0}, {3}, kTestDevice),
           Role::Persistent);
  data.add("compressed_slot_mapping", from_vector(std::vector<std::int64_t>(12, 77), {12}, kTestDevice),
           Role::PersistentWritable);
  return data;
}

ParamPoint step_point(std::int64_t ratio, std::int64_t padding) {
  return point({{"R", 3}, {"L", 1024}, {"ratio", ratio}, {"padding", padding}, {"Q", 4}});
}

// The eager slot-mapping kernel makes 18 allocations (suites/detail/sparse_mla_slot_mapping.h);
// clamp adds the copy of the table: 3 x 4 int32 = 48 bytes.
constexpr std::uint64_t kKernelAllocs = 18;
constexpr std::uint64_t kTableBytes = 3 * 4 * 4;

TEST(CB_DEVICE_SUITE(SparseMlaSlotMappingSuite), HandWorkedSlotsAndAllocationsOfBothVariants) {
  CB_REQUIRE_TEST_DEVICE();
  const Suite& suite = suite_named("sparse_mla_slot_mapping");
  for (int padding : {0, 1, 2}) {
    SCOPED_TRACE(padding);
    const std::int32_t token6 = padding == 2 ? 0 : 9 * 256;  // a hole reads as block 0
    const std::vector<std::int32_t> expected = {5 * 256 + 1, X, X, X, X, X, token6, X, X, X, X, X};
    CaseData a = hand_worked_step(padding), b = hand_worked_step(padding);
    CallAllocations ca, cb;
    const Outputs out_a = run_counted(suite, "clamp", a, step_point(4, padding), &ca);
    const Outputs out_b = run_counted(suite, "clamp_", b, step_point(4, padding), &cb);
    EXPECT_EQ(ints(output(out_a, "compressed_slot_mapping")), expected);
    EXPECT_EQ(ints(output(out_b, "compressed_slot_mapping")), expected);
    EXPECT_EQ(ca.count, kKernelAllocs + 1);
    EXPECT_EQ(cb.count, kKernelAllocs);
    EXPECT_EQ(ca.bytes - cb.bytes, kTableBytes);
  }
}

TEST(CB_DEVICE_SUITE(SparseMlaSlotMappingSuite), RatioOneTwentyEight) {
  CB_REQUIRE_TEST_DEVICE();
  CaseData data = hand_worked_step(1, 1025);
  const Outputs outs = run_counted(suite_named("sparse_mla_slot_mapping"), "clamp", data, step_point(128, 1));
  EXPECT_EQ(ints(output(outs, "compressed_slot_mapping")),
            (std::vector<std::int32_t>{X, X, X, X, X, 7 * 256 + 7, X, X, X, X, X, X}));
}

TEST(CB_DEVICE_SUITE(SparseMlaSlotMappingSuite), ClampInPlaceRewritesTheSharedTableOnlyWhenItHoldsMinusOne) {
  CB_REQUIRE_TEST_DEVICE();
  const Suite& suite = suite_named("sparse_mla_slot_mapping");
  const std::vector<std::int32_t> spare_row = {X, X, X, X};
  for (int padding : {0, 1, 2}) {
    SCOPED_TRACE(padding);
    CaseData a = hand_worked_step(padding), b = hand_worked_step(padding);
    const std::vector<std::int32_t> original = ints(a.get("block_table_base"));
    run_counted(suite, "clamp", a, step_point(4, padding));
    const Outputs outs_b = run_counted(suite, "clamp_", b, step_point(4, padding));
    EXPECT_EQ(ints(a.get("block_table_base")), original) << "clamp leaves the shared table as it was";
    const std::vector<std::int32_t> after = ints(b.get("block_table_base"));
    if (padding == 0) {
      EXPECT_EQ(after, original) << "a 0-padded table has nothing to clamp";
    } else {
      // View rows: -1 entries now 0; the spare row outside the view keeps its -1.
      const std::vector<std::int32_t> view_after(after.begin(), after.begin() + 12);
      const std::vector<std::int32_t> expected_view = {5, 0, 0, 0, 7, padding == 2 ? 0 : 9, 0, 0, 0, 0, 0, 0};
      EXPECT_EQ(view_after, expected_view);
      EXPECT_EQ(std::vector<std::int32_t>(after.begin() + 12, after.end()), spare_row);
    }
    // Readers of the step see the difference.
    const Reader* negatives = nullptr;
    const Reader* metadata = nullptr;
    for (const Reader& r : suite.readers) {
      if (r.name == "negative_entry_count") negatives = &r;
      if (r.name == "metadata_block_table") metadata = &r;
    }
    ASSERT_NE(negatives, nullptr);
    ASSERT_NE(metadata, nullptr);
    const ParamPoint p = step_point(4, padding);
    const std::vector<std::int32_t> neg_a = ints(output(negatives->fn(a, {}, p), "negative_entries"));
    const std::vector<std::int32_t> neg_b = ints(output(negatives->fn(b, outs_b, p), "negative_entries"));
    EXPECT_EQ(neg_a, (std::vector<std::int32_t>{padding == 2 ? 1 : 0, padding == 2 ? 1 : 0, padding == 0 ? 0 : 4}));
    EXPECT_EQ(neg_b, (std::vector<std::int32_t>{0, 0, 0}));
    EXPECT_EQ(ints(output(metadata->fn(b, outs_b, p), "block_table")),
              std::vector<std::int32_t>(after.begin(), after.begin() + 12));
  }
}

TEST(CB_DEVICE_SUITE(SparseMlaSlotMappingSuite), GeneratorPaddingModesAndDeterminism) {
  CB_REQUIRE_TEST_DEVICE();
  const Suite& suite = suite_named("sparse_mla_slot_mapping");
  for (std::int64_t padding : {0, 1, 2}) {
    SCOPED_TRACE(padding);
    const ParamPoint p = point({{"R", 8}, {"L", 131072}, {"ratio", 4}, {"padding", padding}, {"Q", 4}});
    const CaseData a = suite.make_inputs(p, 5, kTestDevice);
    EXPECT_TRUE(same_contents(a, suite.make_inputs(p, 5, kTestDevice)));
    EXPECT_FALSE(same_contents(a, suite.make_inputs(p, 6, kTestDevice)));
    const Tensor& view = a.get("block_table");
    EXPECT_EQ(view.size(0), 8);
    EXPECT_EQ(view.size(1), 512);
    EXPECT_TRUE(view.shares_storage_with(a.get("block_table_base")));
    const std::vector<std::int32_t> table = ints(view);
    std::int64_t pad_row_negatives = 0, real_row_negatives = 0;
    for (std::size_t i = 0; i < table.size(); ++i) (i >= 6 * 512 ? pad_row_negatives : real_row_negatives) += table[i] < 0;
    EXPECT_EQ(pad_row_negatives, padding == 0 ? 0 : 2 * 512) << "rows 6 and 7 are padding rows";
    if (padding == 2) {
      EXPECT_GE(real_row_negatives, 6) << "every real row has a hole";
    } else {
      EXPECT_EQ(real_row_negatives, 0);
    }
    // The slot mappings of both variants agree.
    CaseData x = a.clone(), y = a.clone();
    const Outputs ox = run_counted(suite, "clamp", x, p);
    const Outputs oy = run_counted(suite, "clamp_", y, p);
    EXPECT_EQ(ints(output(ox, "compressed_slot_mapping")), ints(output(oy, "compressed_slot_mapping")));
  }
}

}  // namespace
}  // namespace clampbench::testing
