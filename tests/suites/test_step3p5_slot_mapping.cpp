// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// step3p5_slot_mapping on hand-worked inputs (worked from vLLM's code: the wrap at max_model_len and the
// aliasing of old positions from draft step 2 on), exact allocation counts and persistent
// inputs. The quick set and the generator: test_step3p5_inputs.cpp.

#include <algorithm>
#include <vector>

#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

const char* const kSuite = "step3p5_slot_mapping";

// bs = 4, N = 3 (max_model_len 12), B = 3, G = 2, input_batch_size 8. Step-0 positions
// [11, 9, 2]. Tables (rows 3..7 zero): g0 [5 6 7] [8 9 10] [11 12 0], g1 [20 21 22]
// [30 31 32] [40 41 0]. positions_buffer (self.positions) holds 50..59; the slot buffers
// hold ten stale 7s each, of which [3, 8) become -1 padding.
CaseData hand_case() {
  CaseData d;
  d.device = kDevice;
  d.add("sampled_positions", i64({11, 9, 2}, {3}), Role::Persistent);
  d.add("positions_buffer", i64({50, 51, 52, 53, 54, 55, 56, 57, 58, 59}, {10}), Role::PersistentWritable);
  std::vector<std::int32_t> tables(2 * 8 * 3, 0);
  const std::vector<std::int32_t> g0 = {5, 6, 7, 8, 9, 10, 11, 12, 0}, g1 = {20, 21, 22, 30, 31, 32, 40, 41, 0};
  std::copy(g0.begin(), g0.end(), tables.begin());
  std::copy(g1.begin(), g1.end(), tables.begin() + 24);
  d.add("block_tables", i32(tables, {2, 8, 3}), Role::Persistent);
  d.add("slot_mappings", i64(std::vector<std::int64_t>(20, 7), {2, 10}), Role::PersistentWritable);
  return d;
}

ParamPoint hand_point(std::int64_t k) { return point({{"B", 3}, {"G", 2}, {"K", k}, {"N", 3}, {"bs", 4}}); }

// Worked by hand from step3p5.py:79-119 and the eagle step kernel (utils.py:61-75).
// Step 1: positions 11 9 2 -> 0 10 3 (11 + 1 wraps); old + 1 >= 12 masks row 0.
//   g0: -1, 10*4+2 = 42, 11*4+3 = 47; g1: -1, 32*4+2 = 130, 40*4+3 = 163.
// Step 2: -> 1 11 4. `old_positions_1d` is now self.positions[:3], just rewritten, so the
//   mask tests new + 1 >= 12: row 1 (at 11, a valid position) is masked.
//   g0: 5*4+1 = 21, -1, 12*4+0 = 48; g1: 20*4+1 = 81, -1, 41*4+0 = 164.
// Step 3: -> 2 0 5 (row 1 wraps); the mask tests 3 1 6 >= 12: nothing masked, the wrapped row
//   gets block 0's first slot. g0: 22, 8*4+0 = 32, 12*4+1 = 49; g1: 82, 30*4 = 120, 165.
struct Expected {
  std::int64_t k;
  Values slots, positions;
};
const Expected kHandWorked[] = {
    {2, {-1, 42, 47, -1, -1, -1, -1, -1, 7, 7, -1, 130, 163, -1, -1, -1, -1, -1, 7, 7}, {0, 10, 3}},
    {3, {21, -1, 48, -1, -1, -1, -1, -1, 7, 7, 81, -1, 164, -1, -1, -1, -1, -1, 7, 7}, {1, 11, 4}},
    {4, {22, 32, 49, -1, -1, -1, -1, -1, 7, 7, 82, 120, 165, -1, -1, -1, -1, -1, 7, 7}, {2, 0, 5}},
};

TEST(CBT_SUITE(Step3p5SlotMapping), HandWorkedEveryVariantAndStep) {
  CBT_REQUIRE_DEVICE();
  for (const Expected& e : kHandWorked) {
    for (const char* variant : {"clamp", "clamp_", "fused"}) {
      SCOPED_TRACE(std::string(variant) + " K=" + std::to_string(e.k));
      CaseData d = hand_case();
      const Call c = call(suite(kSuite), variant, d, hand_point(e.k));
      const Tensor& slots = output(c.outputs, "slot_mappings");
      const Tensor& positions = output(c.outputs, "positions");
      EXPECT_TRUE(slots.shares_storage_with(d.get("slot_mappings")));  // written in place, by contract
      EXPECT_TRUE(positions.shares_storage_with(d.get("positions_buffer")));  // self.positions[:B]
      EXPECT_EQ(slots.dtype(), DType::Int64);
      EXPECT_EQ(values(slots), e.slots);
      EXPECT_EQ(values(positions), e.positions);
      Values buffer = e.positions;
      for (std::int64_t v = 53; v < 60; ++v) buffer.push_back(v);  // the rest untouched
      EXPECT_EQ(values(d.get("positions_buffer")), buffer);
      EXPECT_EQ(values(d.get("sampled_positions")), (Values{11, 9, 2}));
    }
  }
}

// Counting every op by the spec's rule, per draft step: the parent's position update 0 (an
// allocation-free kernel in vLLM, a loop or kernel writing self.positions here); exceeds =
// (old + 1) >= L: add 1, ge 1; per group: positions // bs 1, clamp 1 (0 in place; .to(long)
// is a no-op), gather 1, block_ids * bs 1, positions % bs 1, + 1; masked_fill_, copy_ and
// fill_ are in place. Per call (K - 1) * (2 + 6 G) with clamp, (K - 1) * (2 + 5 G) with
// clamp_, 0 fused: K = 3, G = 2: 28 / 24 / 0; K = 4, G = 2: 42 / 36 / 0; K = 2, G = 1: 8 / 7 / 0.
// Bytes per step: add int64[3] 24 + ge bool[3] 3; per group 24 (//) + 24 (clamp) + 12 (gather
// int32[3, 1]) + 12 (int32 * bs) + 24 (%) + 24 (+) = 120, 96 in place.
TEST(CBT_SUITE(Step3p5SlotMapping), ExactAllocations) {
  CBT_REQUIRE_DEVICE();
  struct Row {
    std::int64_t k;
    std::uint64_t clamp, clamp_bytes, in_place, in_place_bytes;
  };
  const Row rows[] = {{3, 28, 2 * (27 + 240), 24, 2 * (27 + 192)}, {4, 42, 3 * (27 + 240), 36, 3 * (27 + 192)}};
  for (const Row& r : rows) {
    SCOPED_TRACE(r.k);
    CaseData a = hand_case(), b = hand_case(), f = hand_case();
    const Call clamp = call(suite(kSuite), "clamp", a, hand_point(r.k));
    const Call in_place = call(suite(kSuite), "clamp_", b, hand_point(r.k));
    const Call fused = call(suite(kSuite), "fused", f, hand_point(r.k));
    EXPECT_EQ(clamp.allocations, r.clamp);
    EXPECT_EQ(clamp.bytes, r.clamp_bytes);
    EXPECT_EQ(in_place.allocations, r.in_place);
    EXPECT_EQ(in_place.bytes, r.in_place_bytes);
    EXPECT_EQ(fused.allocations, 0u);
    EXPECT_EQ(fused.bytes, 0u);
  }
  // The first draft step of the first group only: views of the hand-worked case.
  const ParamPoint p = point({{"B", 3}, {"G", 1}, {"K", 2}, {"N", 3}, {"bs", 4}});
  auto one_group = [] {
    CaseData d = hand_case();
    d.get("block_tables") = d.get("block_tables").narrow(0, 0, 1);
    d.get("slot_mappings") = d.get("slot_mappings").narrow(0, 0, 1);
    return d;
  };
  CaseData a = one_group(), b = one_group(), f = one_group();
  const Call clamp = call(suite(kSuite), "clamp", a, p);
  const Call in_place = call(suite(kSuite), "clamp_", b, p);
  const Call fused = call(suite(kSuite), "fused", f, p);
  EXPECT_EQ(clamp.allocations, 8u);
  EXPECT_EQ(clamp.bytes, 27u + 120u);
  EXPECT_EQ(in_place.allocations, 7u);
  EXPECT_EQ(in_place.bytes, 27u + 96u);
  EXPECT_EQ(fused.allocations, 0u);
  EXPECT_EQ(values(output(clamp.outputs, "slot_mappings")), (Values{-1, 42, 47, -1, -1, -1, -1, -1, 7, 7}));
}

TEST(CBT_SUITE(Step3p5SlotMapping), PersistentInputsUnchanged) {
  CBT_REQUIRE_DEVICE();
  CaseData d = hand_case();
  const auto before = snapshot(d, Role::Persistent);
  call(suite(kSuite), "clamp", d, hand_point(3));
  call(suite(kSuite), "clamp_", d, hand_point(3));
  call(suite(kSuite), "fused", d, hand_point(3));
  EXPECT_EQ(snapshot(d, Role::Persistent), before);
}

// The floor: one kernel into the builder's buffers, nothing allocated.
TEST(CBT_SUITE(Step3p5SlotMapping), FloorQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("step3p5_slot_mapping"), [](const ParamPoint&) { return FloorCost{0, 1}; });
}

}  // namespace
}  // namespace clampbench::suite_tests
