// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// mamba_block_table on hand-worked inputs, exact allocation counts, persistent inputs, quick set and
// generator.

#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

const char* const kSuite = "mamba_block_table";

// B = 4, S = 1, M = cdiv(8, 4) + 1 = 3. The table is the first 4 rows of a 6-row runner
// table. start = (seq_len - 1) // 4 = [1, 0, 0, -1]: the padding row's -1 is clamped to 0.
CaseData hand_case() {
  CaseData d;
  d.device = kDevice;
  d.add("block_table",
        i32({10, 11, 12, 20, 21, 0, 30, 31, 0, 0, 0, 0, 77, 78, 79, 87, 88, 89}, {6, 3}).narrow(0, 0, 4),
        Role::Persistent);
  d.add("seq_lens", i32({5, 4, 1, 0}, {4}), Role::Persistent);
  return d;
}

const ParamPoint kPoint = point({{"R", 4}, {"B", 4}, {"S", 1}, {"L", 8}});

TEST(CBT_SUITE(MambaBlockTable), HandWorkedBothVariants) {
  CBT_REQUIRE_DEVICE();
  for (const char* variant : {"clamp", "clamp_"}) {
    SCOPED_TRACE(variant);
    CaseData d = hand_case();
    const Call c = call(suite(kSuite), variant, d, kPoint);
    const Tensor& out = output(c.outputs, "block_table");
    EXPECT_EQ(out.dtype(), DType::Int32);
    EXPECT_EQ(out.shape(), (Dims{4, 2}));
    EXPECT_EQ(values(out), (Values{11, 12, 20, 21, 30, 31, 0, 0}));
  }
}

// Allocations: sub 1 + floor_divide 1 + clamp 1 + arange 1 + add 1 + to(int64) 1 + gather 1 = 7,
// in place 6. Bytes: three int32[4] (16 each), int32[2] arange (8), int32[4, 2] add (32),
// int64[4, 2] (64), int32[4, 2] gather (32).
TEST(CBT_SUITE(MambaBlockTable), ExactAllocations) {
  CBT_REQUIRE_DEVICE();
  CaseData a = hand_case(), b = hand_case();
  const Call clamp = call(suite(kSuite), "clamp", a, kPoint);
  const Call in_place = call(suite(kSuite), "clamp_", b, kPoint);
  EXPECT_EQ(clamp.allocations, 7u);
  EXPECT_EQ(in_place.allocations, 6u);
  EXPECT_EQ(clamp.bytes, 3u * 16u + 8u + 32u + 64u + 32u);
  EXPECT_EQ(in_place.bytes, 2u * 16u + 8u + 32u + 64u + 32u);
}

TEST(CBT_SUITE(MambaBlockTable), PersistentInputsUnchanged) {
  CBT_REQUIRE_DEVICE();
  CaseData d = hand_case();
  const auto before = snapshot(d, Role::Persistent);
  call(suite(kSuite), "clamp", d, kPoint);
  call(suite(kSuite), "clamp_", d, kPoint);
  EXPECT_EQ(snapshot(d, Role::Persistent), before);
}

TEST(CBT_SUITE(MambaBlockTable), QuickSet) {
  CBT_REQUIRE_DEVICE();
  check_quick_set(suite(kSuite), [](const ParamPoint&) { return 1u; });
}

TEST(CBT_SUITE(MambaBlockTable), GeneratorIsDeterministicAndRealistic) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  const ParamPoint p = point({{"R", 64}, {"B", 1024}, {"S", 3}, {"L", 32768}});
  check_generator_determinism(s, p);
  const CaseData d = s.make_inputs(p, 1, kDevice);
  const Tensor& table = d.get("block_table");
  EXPECT_EQ(table.shape(), (Dims{64, 32 + 3}));
  const Values seq = values(d.get("seq_lens")), t = values(table);
  int padding = 0;
  for (std::size_t r = 0; r < seq.size(); ++r) {
    padding += seq[r] == 0;
    // Padding rows hold stale ids in every column, so the clamped start is visible.
    const std::int64_t used = seq[r] == 0 ? 35 : (seq[r] + 1023) / 1024 + 3;
    for (std::int64_t j = 0; j < 35; ++j) EXPECT_EQ(t[r * 35 + j] > 0, j < used) << r << "," << j;
  }
  EXPECT_EQ(padding, 16);
}

// The floor: one kernel, and the read-back of its first column past the table.
TEST(CBT_SUITE(MambaBlockTable), FloorQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("mamba_block_table"), [](const ParamPoint&) { return FloorCost{1, 1, 1}; });
}

// Rows 1..3 of a [5, 6] table, columns 1..4: row and column offsets, row stride 6.
CaseData block_table_case(const std::vector<std::int32_t>& seq_lens) {
  std::vector<std::int32_t> table(5 * 6);
  for (std::size_t i = 0; i < table.size(); ++i) table[i] = static_cast<std::int32_t>(100 + i);
  CaseData data;
  data.device = kDevice;
  data.add("block_table", i32(table, Dims{5, 6}).narrow(0, 1, 3).narrow(1, 1, 4), Role::Persistent);
  data.add("seq_lens", column_view(seq_lens), Role::Persistent);
  return data;
}

TEST(CBT_SUITE(MambaBlockTable), FloorReadsStridedViews) {
  CBT_REQUIRE_DEVICE();
  CaseData data = block_table_case({0, 16, 17});
  const ParamPoint p = point({{"B", 16}, {"S", 1}});
  const Outputs outs = run_floor("mamba_block_table", data, p);
  // Row r of the view starts at table[(r + 1) * 6 + 1].
  EXPECT_EQ(values(output(outs, "block_table")), (Values{107, 108, 113, 114, 120, 121}));
  expect_same_outputs(suite("mamba_block_table").find_variant("clamp")->fn(data, p), outs);
}

TEST(CBT_SUITE(MambaBlockTable), FloorColumnPastTheTableIsTheEagerError) {
  CBT_REQUIRE_DEVICE();
  const ParamPoint p = point({{"B", 16}, {"S", 1}});
  std::string eager, fused_message;
  CaseData a = block_table_case({1, 64, 1});  // row 1: start 3, columns 3 and 4 of 4
  try {
    suite("mamba_block_table").find_variant("clamp")->fn(a, p);
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::IndexOutOfRange);
    eager = e.what();
  }
  CaseData b = block_table_case({1, 64, 1});
  try {
    run_floor("mamba_block_table", b, p);
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::IndexOutOfRange);
    fused_message = e.what();
  }
  EXPECT_FALSE(eager.empty());
  EXPECT_EQ(fused_message, eager);
}

}  // namespace
}  // namespace clampbench::suite_tests
