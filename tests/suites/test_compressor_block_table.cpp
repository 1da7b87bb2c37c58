// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The DeepSeek V4 compressor builder on a hand-worked step, its exact allocations, what clamp_
// writes into the runner's table, the quick set and the generator.

#include <algorithm>

#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

const char* const kSuite = "compressor_block_table";

// R = 3 (row 2 a CUDA-graph padding row), M = 4 columns of 4 tokens, over a 4-row runner
// table whose row 3 lies outside the builder's view:
//   row 0 decode, one token: {0, 0, 7, 8} (blocks 0, 1 left the window: the null block)
//   row 1 prefill, three tokens: {-1, 5, 6, 0} (a -1 hole in column 0)
//   row 2 padding, no token: {-1, -1, -1, -1}; row 3 (spare): {-1, -1, -1, -1}
// query_start_loc {0, 1, 4, 4}: T = 4 tokens, request index {0, 1, 1, 1} into a 6-element
// buffer holding 9s (the last two untouched). block_table clamped: {0, 0, 7, 8, 0, 5, 6, 0,
// 0, 0, 0, 0}; clamp_ changes 5 entries of the view (row 1's hole, row 2), not row 3.
CaseData hand_case() {
  CaseData d;
  d.device = kDevice;
  Tensor base = i32({0, 0, 7, 8, -1, 5, 6, 0, -1, -1, -1, -1, -1, -1, -1, -1}, {4, 4});
  d.add("block_table", base.narrow(0, 0, 3), Role::Persistent);
  d.add("block_table_base", base, Role::Persistent);
  d.add("query_start_loc", i32({0, 1, 4, 4}, {4}), Role::Persistent);
  d.add_host("query_start_loc_cpu", from_numpy<std::int32_t>({0, 1, 4, 4}, {4}), Role::Persistent);
  d.add("slot_mapping", i64({31, 20, 21, 22}, {4}), Role::Persistent);
  d.add("token_to_req_indices_buffer", i32({9, 9, 9, 9, 9, 9}, {6}), Role::PersistentWritable);
  return d;
}

const ParamPoint kPoint = point({{"R", 3}, {"L", 16}, {"ratio", 4}, {"padding", 2}});
const Values kClamped{0, 0, 7, 8, 0, 5, 6, 0, 0, 0, 0, 0};

TEST(CBT_SUITE(CompressorBlockTable), HandWorkedEveryVariant) {
  CBT_REQUIRE_DEVICE();
  for (const char* variant : {"clamp", "clamp_", "fused"}) {
    SCOPED_TRACE(variant);
    CaseData d = hand_case();
    const Call c = call(suite(kSuite), variant, d, kPoint);
    const Tensor& table = output(c.outputs, "block_table");
    EXPECT_EQ(table.dtype(), DType::Int32);
    EXPECT_EQ(table.shape(), (Dims{3, 4}));
    EXPECT_EQ(values(table), kClamped);
    EXPECT_EQ(values(output(c.outputs, "token_to_req_indices")), (Values{0, 1, 1, 1}));
    EXPECT_EQ(values(d.get("token_to_req_indices_buffer")), (Values{0, 1, 1, 1, 9, 9}));
  }
}

// Request index: built on the host and copied into the buffer (no device allocation, as in
// vLLM); clamp's copy of the table int32[3, 4] (48): clamp 1 allocation, 48 bytes; clamp_
// none; fused only the returned table: 1, 48.
TEST(CBT_SUITE(CompressorBlockTable), ExactAllocations) {
  CBT_REQUIRE_DEVICE();
  CaseData a = hand_case(), b = hand_case(), f = hand_case();
  const Call clamp = call(suite(kSuite), "clamp", a, kPoint);
  const Call in_place = call(suite(kSuite), "clamp_", b, kPoint);
  const Call fused = call(suite(kSuite), "fused", f, kPoint);
  EXPECT_EQ(clamp.allocations, 1u);
  EXPECT_EQ(in_place.allocations, 0u);
  EXPECT_EQ(fused.allocations, 1u);
  EXPECT_EQ(clamp.bytes, 48u);
  EXPECT_EQ(in_place.bytes, 0u);
  EXPECT_EQ(fused.bytes, 48u);
}

// vLLM's released form writes the runner's table; the counterfactual and the floor do not.
TEST(CBT_SUITE(CompressorBlockTable), OnlyClampInPlaceRewritesTheRunnersTable) {
  CBT_REQUIRE_DEVICE();
  for (const char* variant : {"clamp", "fused"}) {
    CaseData d = hand_case();
    const auto before = snapshot(d, Role::Persistent);
    call(suite(kSuite), variant, d, kPoint);
    EXPECT_EQ(snapshot(d, Role::Persistent), before) << variant;
  }
  CaseData d = hand_case();
  const Call c = call(suite(kSuite), "clamp_", d, kPoint);
  EXPECT_EQ(values(d.get("block_table_base")), concat({kClamped, Values{-1, -1, -1, -1}}));
  EXPECT_TRUE(output(c.outputs, "block_table").shares_storage_with(d.get("block_table_base")));
}

// Every quick point: clamp and clamp_ agree bitwise, clamp_ saves exactly the clamp's copy,
// clamp leaves the table alone, and clamp_ changes exactly its view's negative entries.
TEST(CBT_SUITE(CompressorBlockTable), QuickSet) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  const auto pts = s.points(SizeSet::Quick);
  ASSERT_FALSE(pts.empty());
  EXPECT_LE(pts.size(), 8u);
  for (const auto& p : pts) {
    SCOPED_TRACE(p.label());
    CaseData data = s.make_inputs(p, 7, kDevice), second = data.clone();
    const auto persistent = snapshot(data, Role::Persistent);
    const Values view = values(data.get("block_table"));
    const Call ref = call(s, "clamp", data, p), in_place = call(s, "clamp_", second, p);
    expect_same_outputs(ref.outputs, in_place.outputs);
    EXPECT_EQ(ref.allocations, in_place.allocations + 1);
    EXPECT_EQ(snapshot(data, Role::Persistent), persistent);
    const Values after = values(second.get("block_table"));
    const auto negatives = std::count_if(view.begin(), view.end(), [](std::int64_t v) { return v < 0; });
    EXPECT_EQ(negatives > 0, p.get("padding") != 0);
    for (std::size_t i = 0; i < view.size(); ++i) EXPECT_EQ(after[i], std::max<std::int64_t>(view[i], 0)) << i;
  }
}

TEST(CBT_SUITE(CompressorBlockTable), GeneratorIsDeterministicAndRealistic) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  const ParamPoint p = point({{"R", 8}, {"L", 1024}, {"ratio", 128}, {"padding", 1}});
  check_generator_determinism(s, p);
  const CaseData d = s.make_inputs(p, 1, kDevice);
  EXPECT_EQ(d.get("block_table").shape(), (Dims{8, 128}));  // block size 8
  EXPECT_EQ(d.get("block_table_base").shape(), (Dims{10, 128}));
  // 2 padding rows of -1, no token; 3 decodes then 3 prefills of 2..8 tokens.
  const Values qsl = values(d.get("query_start_loc")), t = values(d.get("block_table"));
  for (int r = 0; r < 8; ++r) {
    const std::int64_t q = qsl[r + 1] - qsl[r];
    if (r >= 6) EXPECT_EQ(q, 0) << r;
    else if (r < 3) EXPECT_EQ(q, 1) << r;
    else EXPECT_TRUE(q >= 2 && q <= 8) << r;
    const auto row = t.begin() + r * 128;
    EXPECT_EQ(std::count(row, row + 128, -1), r >= 6 ? 128 : 0) << r;
  }
  EXPECT_EQ(d.get("slot_mapping").size(0), qsl[8]);
}

// The floor: one kernel, its clamped table its one allocation (clamp_ rewrites the runner's).
TEST(CBT_SUITE(CompressorBlockTable), FloorQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("compressor_block_table"), [](const ParamPoint&) { return FloorCost{1, 1}; });
}

TEST(CBT_SUITE(CompressorBlockTable), FloorReadsAStridedTable) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite("compressor_block_table");
  const ParamPoint p = point({{"R", 8}, {"L", 1024}, {"ratio", 4}, {"padding", 2}});
  CaseData data = s.make_inputs(p, 11, kDevice);
  widen_columns(data, "block_table", Role::Persistent);
  check_fused_case(s, std::move(data), p, FloorCost{1, 1}, "");
}

}  // namespace
}  // namespace clampbench::suite_tests
