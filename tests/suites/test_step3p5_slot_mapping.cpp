// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Site 6 on hand-worked inputs, exact allocation counts, persistent inputs, quick set and
// generator.

#include <algorithm>
#include <vector>

#include "tests/suites/suite_test_util.h"

namespace clampbench::suite_tests {
namespace {

const char* const kSuite = "step3p5_slot_mapping";

// bs = 4, N = 3 (max model length 12), B = 3, G = 2, K = 3: two draft steps. Request 2 is at
// position 10: at the second draft step its position 12 is past the table (block 3 -> clamped
// to 2) and its slot is masked to -1. The tables have round_up(3, 8) = 8 rows; the slot
// buffers hold 10 entries of stale 7s, of which [3, 8) are padded with -1.
CaseData hand_case() {
  CaseData d;
  d.device = kDevice;
  d.add("positions", i64({2, 9, 10, 0, 3, 10, 11, 0, 4, 11, 12, 0}, {3, 4}).narrow(1, 0, 3), Role::Persistent);
  std::vector<std::int32_t> tables(2 * 8 * 3, 0);
  const std::vector<std::int32_t> g0 = {5, 6, 0, 7, 8, 9, 10, 11, 12}, g1 = {20, 21, 0, 30, 31, 32, 40, 41, 42};
  std::copy(g0.begin(), g0.end(), tables.begin());
  std::copy(g1.begin(), g1.end(), tables.begin() + 24);
  d.add("block_tables", i32(tables, {2, 8, 3}), Role::Persistent);
  d.add("slot_mappings", i64(std::vector<std::int64_t>(20, 7), {2, 10}), Role::PersistentWritable);
  return d;
}

const ParamPoint kPoint = point({{"B", 3}, {"G", 2}, {"K", 3}, {"N", 3}, {"bs", 4}});

TEST(CBT_SUITE(Step3p5SlotMapping), HandWorkedBothVariants) {
  CBT_REQUIRE_DEVICE();
  for (const char* variant : {"clamp", "clamp_"}) {
    SCOPED_TRACE(variant);
    CaseData d = hand_case();
    const Call c = call(suite(kSuite), variant, d, kPoint);
    const Tensor& out = output(c.outputs, "slot_mappings");
    EXPECT_TRUE(out.shares_storage_with(d.get("slot_mappings")));  // written in place, by contract
    EXPECT_EQ(out.dtype(), DType::Int64);
    // Last draft step: g0 blocks [6, 9, 12] -> slots [24, 39, masked]; g1 [21, 32, 42] -> [84, 131, masked].
    EXPECT_EQ(values(out), (Values{24, 39, -1, -1, -1, -1, -1, -1, 7, 7,  //
                                   84, 131, -1, -1, -1, -1, -1, -1, 7, 7}));
  }
}

// Counting every op by the spec's rule, per draft step: exceeds = (old + 1) >= L: add 1, ge 1;
// per group: positions // bs 1, clamp 1 (0 in place; .to(long) is a no-op), gather 1,
// block_ids * bs 1, positions % bs 1, + 1. masked_fill_, copy_ and fill_ are in place.
// Per call (K - 1) * (2 + 6 G) with clamp, (K - 1) * (2 + 5 G) with clamp_:
// K = 3, G = 2: 28 / 24; K = 2, G = 1: 8 / 7. Each clamp result is int64[3]: 24 bytes.
TEST(CBT_SUITE(Step3p5SlotMapping), ExactAllocations) {
  CBT_REQUIRE_DEVICE();
  {
    CaseData a = hand_case(), b = hand_case();
    const Call clamp = call(suite(kSuite), "clamp", a, kPoint);
    const Call in_place = call(suite(kSuite), "clamp_", b, kPoint);
    EXPECT_EQ(clamp.allocations, 28u);
    EXPECT_EQ(in_place.allocations, 24u);
    // Per step: add int64[3] 24 + ge bool[3] 3; per group 24 + 24 + 12 (gather int32[3, 1])
    // + 12 (int32 * bs) + 24 + 24.
    EXPECT_EQ(clamp.bytes, 2u * (27u + 2u * 120u));
    EXPECT_EQ(in_place.bytes, 2u * (27u + 2u * 96u));
  }
  {
    // The first draft step of the first group only: views of the hand-worked case.
    const ParamPoint p = point({{"B", 3}, {"G", 1}, {"K", 2}, {"N", 3}, {"bs", 4}});
    auto one_group = [] {
      CaseData d = hand_case();
      d.get("positions") = d.get("positions").narrow(0, 0, 2);
      d.get("block_tables") = d.get("block_tables").narrow(0, 0, 1);
      d.get("slot_mappings") = d.get("slot_mappings").narrow(0, 0, 1);
      return d;
    };
    CaseData a = one_group(), b = one_group();
    const Call clamp = call(suite(kSuite), "clamp", a, p);
    const Call in_place = call(suite(kSuite), "clamp_", b, p);
    EXPECT_EQ(clamp.allocations, 8u);
    EXPECT_EQ(in_place.allocations, 7u);
    // First draft step: g0 blocks [5, 9, 12] -> slots [23, 38, 51].
    EXPECT_EQ(values(output(clamp.outputs, "slot_mappings")), (Values{23, 38, 51, -1, -1, -1, -1, -1, 7, 7}));
  }
}

TEST(CBT_SUITE(Step3p5SlotMapping), PersistentInputsUnchanged) {
  CBT_REQUIRE_DEVICE();
  CaseData d = hand_case();
  const auto before = snapshot(d, Role::Persistent);
  call(suite(kSuite), "clamp", d, kPoint);
  call(suite(kSuite), "clamp_", d, kPoint);
  EXPECT_EQ(snapshot(d, Role::Persistent), before);
}

TEST(CBT_SUITE(Step3p5SlotMapping), QuickSet) {
  CBT_REQUIRE_DEVICE();
  check_quick_set(suite(kSuite), [](const ParamPoint& p) {
    return static_cast<unsigned>((p.get("K") - 1) * p.get("G"));
  });
}

TEST(CBT_SUITE(Step3p5SlotMapping), GeneratorIsDeterministicAndRealistic) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  const ParamPoint p = point({{"B", 64}, {"G", 3}, {"K", 4}, {"N", 256}, {"bs", 16}});
  check_generator_determinism(s, p);
  const CaseData d = s.make_inputs(p, 1, kDevice);
  const Tensor& pos = d.get("positions");
  ASSERT_EQ(pos.shape(), (Dims{4, 64}));
  EXPECT_EQ(d.get("block_tables").shape(), (Dims{3, 64, 256}));
  const Values v = values(pos);
  int past_end = 0;
  for (std::int64_t b = 0; b < 64; ++b) {
    for (std::int64_t s = 1; s < 4; ++s) EXPECT_EQ(v[s * 64 + b], v[b] + s);
    past_end += v[3 * 64 + b] >= 256 * 16;
  }
  EXPECT_GT(past_end, 0);
}

}  // namespace
}  // namespace clampbench::suite_tests
