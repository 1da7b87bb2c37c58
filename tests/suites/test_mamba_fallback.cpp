// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// mamba_fallback on hand-worked inputs, exact allocation counts, persistent inputs, quick set and
// generator.

#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

const char* const kSuite = "mamba_fallback";

// B = 4. (nct - 1) // 4 = [-1, 0, 0, 1, 2, -1] -> clamped [0, 0, 0, 1, 2, 0]; rows 2 and 4 know
// their previous index (0 and 1) and keep it.
CaseData hand_case() {
  CaseData d;
  d.device = kDevice;
  d.add("num_computed_tokens", i32({0, 1, 4, 5, 9, 0}, {6}), Role::Persistent);
  d.add("prev_last_scheduled_idx", i32({-1, -1, 0, -1, 1, -1}, {6}), Role::Persistent);
  return d;
}

const ParamPoint kPoint = point({{"R", 6}, {"B", 4}, {"L", 16}, {"K", 2}});

TEST(CBT_SUITE(MambaFallback), HandWorkedBothVariants) {
  CBT_REQUIRE_DEVICE();
  for (const char* variant : {"clamp", "clamp_"}) {
    SCOPED_TRACE(variant);
    CaseData d = hand_case();
    const Call c = call(suite(kSuite), variant, d, kPoint);
    ASSERT_EQ(c.outputs.size(), 1u);
    const Tensor& out = output(c.outputs, "block_idx_last_scheduled_token");
    EXPECT_EQ(out.dtype(), DType::Int32);
    EXPECT_EQ(values(out), (Values{0, 0, 0, 1, 1, 0}));
  }
}

// prev = 0 is a known index (vLLM: torch.where(prev_last_scheduled_idx >= 0, ...), 0.25.0
// mamba_attn.py:454, 0.27.0 :508) and wins over a fallback of (6 - 1) // 4 = 1 or (9 - 1) // 4
// = 2; a port testing prev > 0 would return 1 and 2.
TEST(CBT_SUITE(MambaFallback), PreviousIndexZeroIsKnown) {
  CBT_REQUIRE_DEVICE();
  for (const char* variant : {"clamp", "clamp_", "fused"}) {
    SCOPED_TRACE(variant);
    CaseData d;
    d.device = kDevice;
    d.add("num_computed_tokens", i32({6, 9, 6}, {3}), Role::Persistent);
    d.add("prev_last_scheduled_idx", i32({0, 0, -1}, {3}), Role::Persistent);
    const Call c = call(suite(kSuite), variant, d, kPoint);
    EXPECT_EQ(values(output(c.outputs, "block_idx_last_scheduled_token")), (Values{0, 0, 1}));
  }
}

// Every quick case (any seed) holds a row with prev = 0 and a fallback >= 1, and every
// variant keeps the 0 there.
TEST(CBT_SUITE(MambaFallback), QuickSetTellsKnownZeroFromFallback) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  for (const auto& p : s.points(SizeSet::Quick)) {
    for (const std::uint64_t seed : {1u, 7u, 1234u}) {
      SCOPED_TRACE(p.label() + " seed " + std::to_string(seed));
      const CaseData d = s.make_inputs(p, seed, kDevice);
      const Values nct = values(d.get("num_computed_tokens")), prev = values(d.get("prev_last_scheduled_idx"));
      std::vector<std::size_t> rows;
      for (std::size_t r = 0; r < nct.size(); ++r)
        if (prev[r] == 0 && (nct[r] - 1) / p.get("B") > 0) rows.push_back(r);
      ASSERT_FALSE(rows.empty());
      for (const char* variant : {"clamp", "clamp_", "fused"}) {
        CaseData in = d.clone();
        const Values out = values(output(call(s, variant, in, p).outputs, "block_idx_last_scheduled_token"));
        for (const std::size_t r : rows) EXPECT_EQ(out[r], 0) << variant << " row " << r;
      }
    }
  }
}

// Allocations: sub 1, floor_divide 1, clamp 1, ge 1, where 1 = 5; in place 4. The ge result is
// bool[6] (6 bytes), the others int32[6] (24 bytes).
TEST(CBT_SUITE(MambaFallback), ExactAllocations) {
  CBT_REQUIRE_DEVICE();
  CaseData a = hand_case(), b = hand_case();
  const Call clamp = call(suite(kSuite), "clamp", a, kPoint);
  const Call in_place = call(suite(kSuite), "clamp_", b, kPoint);
  EXPECT_EQ(clamp.allocations, 5u);
  EXPECT_EQ(in_place.allocations, 4u);
  EXPECT_EQ(clamp.bytes, 4u * 24u + 6u);
  EXPECT_EQ(in_place.bytes, 3u * 24u + 6u);
}

TEST(CBT_SUITE(MambaFallback), PersistentInputsUnchanged) {
  CBT_REQUIRE_DEVICE();
  CaseData d = hand_case();
  const auto before = snapshot(d, Role::Persistent);
  call(suite(kSuite), "clamp", d, kPoint);
  call(suite(kSuite), "clamp_", d, kPoint);
  EXPECT_EQ(snapshot(d, Role::Persistent), before);
}

TEST(CBT_SUITE(MambaFallback), QuickSet) {
  CBT_REQUIRE_DEVICE();
  check_quick_set(suite(kSuite), [](const ParamPoint&) { return 1u; });
}

TEST(CBT_SUITE(MambaFallback), GeneratorIsDeterministicAndRealistic) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  const ParamPoint p = point({{"R", 64}, {"B", 256}, {"L", 32768}, {"K", 3}});
  check_generator_determinism(s, p);
  const CaseData d = s.make_inputs(p, 1, kDevice);
  const Values nct = values(d.get("num_computed_tokens")), prev = values(d.get("prev_last_scheduled_idx"));
  int unknown = 0, known = 0, fresh = 0;
  for (std::size_t r = 0; r < nct.size(); ++r) {
    EXPECT_GE(prev[r], -1);
    unknown += prev[r] == -1;
    known += prev[r] >= 0;
    fresh += nct[r] == 0;
    if (prev[r] >= 0) {
      EXPECT_LE(prev[r], (nct[r] - 1) / 256);
    }
  }
  EXPECT_GT(unknown, 0);
  EXPECT_GT(known, 0);
  EXPECT_GT(fresh, 0);
}

// The floor: one kernel, its output.
TEST(CBT_SUITE(MambaFallback), FloorQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("mamba_fallback"), [](const ParamPoint&) { return FloorCost{1, 1}; });
}

TEST(CBT_SUITE(MambaFallback), FloorReadsStridedViews) {
  CBT_REQUIRE_DEVICE();
  CaseData data;
  data.device = kDevice;
  data.add("num_computed_tokens", column_view({0, 1, 256, 257, 600}), Role::Persistent);
  data.add("prev_last_scheduled_idx", column_view({-1, -1, -1, 5, -1}), Role::Persistent);
  const ParamPoint p = point({{"B", 256}});
  const Outputs outs = run_floor("mamba_fallback", data, p);
  EXPECT_EQ(values(output(outs, "block_idx_last_scheduled_token")), (Values{0, 0, 0, 5, 2}));
  expect_same_outputs(suite("mamba_fallback").find_variant("clamp")->fn(data, p), outs);
}

}  // namespace
}  // namespace clampbench::suite_tests
