// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// step3p5_slot_mapping's quick set and input generator: the clamp_ saving on every quick point, the edge
// rows that make every quick case meet the wrap and the step-2+ aliasing, determinism, and
// the allocation-free stand-in for the parent's eagle step kernel.

#include <vector>

#include "suites/detail/eagle_step_positions.h"
#include "tests/suites/suite_test_util.h"

namespace clampbench::suite_tests {
namespace {

const char* const kSuite = "step3p5_slot_mapping";

TEST(CBT_SUITE(Step3p5SlotMapping), QuickSet) {
  CBT_REQUIRE_DEVICE();
  check_quick_set(suite(kSuite), [](const ParamPoint& p) {
    return static_cast<unsigned>((p.get("K") - 1) * p.get("G"));
  });
}

// Every quick point (K = 3, max_model_len L = 4096) starts rows 0, 1, 2 at L - 1, L - 2,
// L - 3. After the second draft step: row 0 wrapped at step 1 and sits at 1 (slot 1 of its
// first block); row 1 wrapped at step 2 and is NOT masked (the mask tests 0 + 1); row 2 sits at
// L - 1 and IS masked (the mask tests L - 1 + 1, not its old position L - 2 + 1).
TEST(CBT_SUITE(Step3p5SlotMapping), QuickSetReachesWrapAndAliasing) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  for (const ParamPoint& p : s.points(SizeSet::Quick)) {
    SCOPED_TRACE(p.label());
    ASSERT_EQ(p.get("K"), 3);
    const std::int64_t bs = p.get("bs"), n = p.get("N"), l = n * bs, g_count = p.get("G");
    CaseData d = s.make_inputs(p, 7, kDevice);
    const Values sampled = values(d.get("sampled_positions"));
    ASSERT_GE(sampled.size(), 3u);
    EXPECT_EQ((Values{sampled[0], sampled[1], sampled[2]}), (Values{l - 1, l - 2, l - 3}));
    const Values tables = values(d.get("block_tables"));
    const std::int64_t rows = d.get("block_tables").size(1), width = d.get("slot_mappings").size(1);
    const Call c = call(s, "clamp", d, p);
    const Values slots = values(output(c.outputs, "slot_mappings"));
    const Values positions = values(output(c.outputs, "positions"));
    EXPECT_EQ((Values{positions[0], positions[1], positions[2]}), (Values{1, 0, l - 1}));
    for (std::int64_t g = 0; g < g_count; ++g) {
      const std::int64_t first_block_row0 = tables[(g * rows + 0) * n], first_block_row1 = tables[(g * rows + 1) * n];
      EXPECT_EQ(slots[g * width + 0], first_block_row0 * bs + 1);
      EXPECT_EQ(slots[g * width + 1], first_block_row1 * bs + 0);
      EXPECT_EQ(slots[g * width + 2], -1);
    }
  }
}

TEST(CBT_SUITE(Step3p5SlotMapping), GeneratorIsDeterministicAndRealistic) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  const ParamPoint p = point({{"B", 64}, {"G", 3}, {"K", 4}, {"N", 256}, {"bs", 16}});
  check_generator_determinism(s, p);
  const CaseData d = s.make_inputs(p, 1, kDevice);
  const std::int64_t l = 256 * 16;
  ASSERT_EQ(d.get("sampled_positions").shape(), (Dims{64}));
  EXPECT_GE(d.get("positions_buffer").size(0), 64 + 8);
  EXPECT_EQ(d.get("block_tables").shape(), (Dims{3, 64, 256}));
  EXPECT_EQ(d.get("slot_mappings").shape(), (Dims{3, 64 + 16}));
  EXPECT_FALSE(d.get("sampled_positions").shares_storage_with(d.get("positions_buffer")));
  const Values v = values(d.get("sampled_positions"));
  int crossing = 0;  // requests whose draft steps reach max_model_len (and wrap)
  for (std::int64_t b = 0; b < 64; ++b) {
    EXPECT_GE(v[b], 0);
    EXPECT_LT(v[b], l);
    crossing += v[b] + 3 >= l;
  }
  EXPECT_GT(crossing, 3);  // more than the three edge rows
}

// The stand-in for vLLM's eagle step kernel: +1, 0 at max_model_len, in place, no allocation.
TEST(CBT_SUITE(Step3p5SlotMapping), EagleStepPositionsAllocatesNothing) {
  CBT_REQUIRE_DEVICE();
  Tensor positions = i64({0, 10, 11, 5}, {4});
  Tensor out = i64({9, 9, 9, 9, 9}, {5});
  LedgerScope scope(Runtime::current().ledger(), "eagle_step");
  Tensor head = out.slice(0, 0, 4);
  suites::detail::eagle_step_positions_(head, positions, 12);
  suites::detail::eagle_step_positions_(head, head, 12);  // aliased, as from draft step 2 on
  Runtime::current().synchronize();
  const PerDevice counters = scope.close();
  EXPECT_EQ(counters[static_cast<int>(kDevice)].allocations, 0u);
  EXPECT_EQ(values(out), (Values{2, 0, 1, 7, 9}));
}

}  // namespace
}  // namespace clampbench::suite_tests
