// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// mamba_prefix_caching on hand-worked inputs (expected values worked out by hand, cross-checked with
// PyTorch), exact allocation counts, persistent inputs, the quick set and the generator.

#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

const char* const kSuite = "mamba_prefix_caching";

// B = 4. Rows: fresh prefill, decodes across and on block boundaries, a fresh one-token
// prefill, and a padding row (nct 0, seq_len 0).
CaseData hand_case() {
  CaseData d;
  d.device = kDevice;
  d.add("num_computed_tokens", i32({0, 1, 4, 5, 7, 0, 0}, {7}), Role::Persistent);
  d.add("seq_lens", i32({3, 2, 5, 9, 8, 1, 0, 99}, {8}).narrow(0, 0, 7), Role::Persistent);
  return d;
}

TEST(CBT_SUITE(MambaPrefixCaching), HandWorkedBothVariants) {
  CBT_REQUIRE_DEVICE();
  for (const char* variant : {"clamp", "clamp_"}) {
    SCOPED_TRACE(variant);
    CaseData d = hand_case();
    const Call c = call(suite(kSuite), variant, d, point({{"R", 7}, {"B", 4}, {"L", 16}}));
    ASSERT_EQ(c.outputs.size(), 3u);
    for (const auto& o : c.outputs) {
      EXPECT_EQ(o.tensor.dtype(), DType::Int32);
      EXPECT_EQ(o.tensor.device(), kDevice);
    }
    EXPECT_EQ(values(output(c.outputs, "block_idx_last_computed_token")), (Values{0, 0, 0, 1, 1, 0, 0}));
    EXPECT_EQ(values(output(c.outputs, "block_idx_first_scheduled_token")), (Values{0, 0, 1, 1, 1, 0, 0}));
    EXPECT_EQ(values(output(c.outputs, "block_idx_last_scheduled_token")), (Values{0, 0, 1, 2, 1, 0, 0}));
  }
}

// Allocations: clamp (0.25.0's cdiv) 3 + 4 + 3 + two clamps = 12; clamp_ (0.27.0's torch.div
// spelling) 4 + 3 + 4 = 11, the clamps in place; int32[7] = 28 bytes each.
TEST(CBT_SUITE(MambaPrefixCaching), ExactAllocations) {
  CBT_REQUIRE_DEVICE();
  const ParamPoint p = point({{"R", 7}, {"B", 4}, {"L", 16}});
  CaseData a = hand_case(), b = hand_case();
  const Call clamp = call(suite(kSuite), "clamp", a, p);
  const Call in_place = call(suite(kSuite), "clamp_", b, p);
  EXPECT_EQ(clamp.allocations, 12u);
  EXPECT_EQ(in_place.allocations, 11u);
  EXPECT_EQ(clamp.bytes, 12u * 28u);
  EXPECT_EQ(in_place.bytes, 11u * 28u);
}

TEST(CBT_SUITE(MambaPrefixCaching), PersistentInputsUnchanged) {
  CBT_REQUIRE_DEVICE();
  CaseData d = hand_case();
  const auto before = snapshot(d, Role::Persistent);
  const ParamPoint p = point({{"R", 7}, {"B", 4}, {"L", 16}});
  call(suite(kSuite), "clamp", d, p);
  call(suite(kSuite), "clamp_", d, p);
  EXPECT_EQ(snapshot(d, Role::Persistent), before);
}

TEST(CBT_SUITE(MambaPrefixCaching), QuickSet) {
  CBT_REQUIRE_DEVICE();
  // the clamp lines save 2; 0.27.0's torch.div spelling costs 1 back (vLLM's own saving)
  check_quick_set(suite(kSuite), [](const ParamPoint&) { return 1u; });
}

TEST(CBT_SUITE(MambaPrefixCaching), GeneratorIsDeterministicAndRealistic) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  const ParamPoint p = point({{"R", 64}, {"B", 528}, {"L", 32768}});
  check_generator_determinism(s, p);
  const CaseData d = s.make_inputs(p, 1, kDevice);
  const Values nct = values(d.get("num_computed_tokens")), seq = values(d.get("seq_lens"));
  ASSERT_EQ(nct.size(), 64u);
  ASSERT_EQ(seq.size(), 64u);
  int fresh = 0, padding = 0;
  for (std::size_t r = 0; r < nct.size(); ++r) {
    EXPECT_GE(nct[r], 0);
    EXPECT_GE(seq[r], nct[r]);
    EXPECT_LE(seq[r], 32768);
    fresh += nct[r] == 0 && seq[r] > 0;
    padding += seq[r] == 0;
  }
  EXPECT_GT(fresh, 0);
  EXPECT_EQ(padding, 16);
}

// The floor: one kernel, its three outputs.
TEST(CBT_SUITE(MambaPrefixCaching), FloorQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("mamba_prefix_caching"), [](const ParamPoint&) { return FloorCost{3, 1}; });
}

TEST(CBT_SUITE(MambaPrefixCaching), FloorReadsStridedViews) {
  CBT_REQUIRE_DEVICE();
  CaseData data;
  data.device = kDevice;
  data.add("num_computed_tokens", column_view({0, 255, 256, 257, 1000}), Role::Persistent);
  data.add("seq_lens", column_view({1, 256, 300, 257, 0}), Role::Persistent);
  const ParamPoint p = point({{"B", 256}});
  const Outputs outs = run_floor("mamba_prefix_caching", data, p);
  EXPECT_EQ(values(output(outs, "block_idx_last_computed_token")), (Values{0, 0, 0, 1, 3}));
  EXPECT_EQ(values(output(outs, "block_idx_first_scheduled_token")), (Values{0, 0, 1, 1, 3}));
  EXPECT_EQ(values(output(outs, "block_idx_last_scheduled_token")), (Values{0, 0, 1, 1, 0}));
  expect_same_outputs(suite("mamba_prefix_caching").find_variant("clamp")->fn(data, p), outs);
}

}  // namespace
}  // namespace clampbench::suite_tests
