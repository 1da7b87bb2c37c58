// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The sparse-MLA builder on a hand-worked step, worked from vLLM's kernels (compressor_utils
// _compressed_slot_mapping_kernel, sparse_mla _build_c128a_topk_metadata_kernel), not from the
// port. R = 3 (row 2 is a CUDA-graph padding row), M = 4 columns of 256 tokens (L = 1024), Q = 4
// (buffers of 12 rows), over a 4-row runner table whose row 3 lies outside the builder's view.
// Table rows: 0 = {5, h0, 6, 0}, 1 = {7, h1, 11, 0}; h0, h1 = 8, 9, or -1 holes (padding 2).
//   row 0  decode: seq 600, one query token (token 0) at position 599
//   row 1  prefill: seq 513, tokens 1..3 at positions 510 511 512
// req_id_per_token = {0, 1, 1, 1}. Storage block size 256 / ratio.
// Ratio 4 (bs 64): 599 closes a group -> c 149, col 2, slot 6 * 64 + 21 = 405 at token 0;
//   511 -> c 127, col 1, slot h1' * 64 + 63 at token 2 (h1' = h1 clamped: 639, or 63 for a hole).
// Ratio 128 (bs 2): only 511 closes -> c 3, col 1, slot h1' * 2 + 1 at token 2 (19, or 1).
//   C128A, W = cdiv(cdiv(1024, 128), 128) * 128 = 128, split (threshold 1): 1 decode row,
//   1 decode token, 3 prefill tokens. Decode token 0: n = 600 // 128 = 4 -> slots
//   {5*2, 5*2+1, h0*2, h0*2+1} = {10, 11, 16, 17}, with a hole {10, 11, -2, -1} as clamp leaves
//   the table and {10, 11, 0, 1} after clamp_; then -1. lens = {4} (slot_mapping[0] = 1623 >= 0).
//   Prefill tokens: n = 511 // 128 = 3, 512 // 128 = 4, 513 // 128 = 4 -> {0, 1, 2, -1...},
//   {0, 1, 2, 3, -1...} twice.

#include <gtest/gtest.h>

#include "tests/suites/fused_test_util.h"
#include "tests/suites/sparse_mla_hand_step.h"

namespace clampbench::suite_tests {
namespace {

// Allocations per call, as vLLM's code: the request index is host work and one copy, the
// slot-mapping and C128A kernels allocate nothing; only clamp's copy of the 3 x 4 table (48
// bytes) remains: clamp 1, clamp_ 0.
constexpr std::uint64_t kTableBytes = 3 * 4 * 4;

TEST(CBT_SUITE(SparseMlaSlotMappingSuite), HandWorkedRatioFourAndAllocationsOfEveryVariant) {
  CBT_REQUIRE_DEVICE();
  const Suite& site = suite("sparse_mla_slot_mapping");
  for (int padding : {0, 1, 2}) {
    SCOPED_TRACE(padding);
    const std::vector<std::int32_t> expected = {405, X, padding == 2 ? 63 : 639, X, X, X, X, X, X, X, X, X};
    CaseData a = hand_step(padding, 4), b = hand_step(padding, 4), f = hand_step(padding, 4);
    const Call ca = call(site, "clamp", a, hand_point(4, padding));
    const Call cb = call(site, "clamp_", b, hand_point(4, padding));
    const Call cf = call(site, "fused", f, hand_point(4, padding));
    for (const Outputs* o : {&ca.outputs, &cb.outputs, &cf.outputs}) {
      EXPECT_EQ(ints(output(*o, "compressed_slot_mapping")), expected);
      EXPECT_EQ(ints(output(*o, "req_id_per_token")), (std::vector<std::int32_t>{0, 1, 1, 1}));
      EXPECT_EQ(output(*o, "c128a_global_decode_topk_indices").numel(), 0) << "None at ratio 4";
      EXPECT_EQ(output(*o, "c128a_decode_topk_lens").numel(), 0);
      EXPECT_EQ(output(*o, "c128a_prefill_topk_indices").numel(), 0);
    }
    EXPECT_EQ(ca.allocations, 1u);
    EXPECT_EQ(cb.allocations, 0u);
    EXPECT_EQ(cf.allocations, 0u);
    EXPECT_EQ(ca.bytes - cb.bytes, kTableBytes);
  }
}

TEST(CBT_SUITE(SparseMlaSlotMappingSuite), HandWorkedRatioOneTwentyEightC128a) {
  CBT_REQUIRE_DEVICE();
  const Suite& site = suite("sparse_mla_slot_mapping");
  for (int padding : {0, 1, 2}) {
    SCOPED_TRACE(padding);
    const bool hole = padding == 2;
    CaseData a = hand_step(padding, 128), b = hand_step(padding, 128), f = hand_step(padding, 128);
    const Call ca = call(site, "clamp", a, hand_point(128, padding));
    const Call cb = call(site, "clamp_", b, hand_point(128, padding));
    const Call cf = call(site, "fused", f, hand_point(128, padding));
    const std::vector<std::int32_t> slots = {X, X, hole ? 1 : 19, X, X, X, X, X, X, X, X, X};
    const std::vector<std::int32_t> prefill =
        concat({c128a_row({0, 1, 2}), c128a_row({0, 1, 2, 3}), c128a_row({0, 1, 2, 3})});
    for (const Outputs* o : {&ca.outputs, &cb.outputs, &cf.outputs}) {
      EXPECT_EQ(ints(output(*o, "compressed_slot_mapping")), slots);
      EXPECT_EQ(ints(output(*o, "req_id_per_token")), (std::vector<std::int32_t>{0, 1, 1, 1}));
      EXPECT_EQ(output(*o, "c128a_global_decode_topk_indices").shape(), (Dims{1, 1, 128}));
      EXPECT_EQ(ints(output(*o, "c128a_decode_topk_lens")), (std::vector<std::int32_t>{4}));
      EXPECT_EQ(output(*o, "c128a_prefill_topk_indices").shape(), (Dims{3, 128}));
      EXPECT_EQ(ints(output(*o, "c128a_prefill_topk_indices")), prefill);
    }
    // clamp (and fused) read the table as it is; clamp_ reads it clamped.
    const std::vector<std::int32_t> as_is = c128a_row({10, 11, hole ? -2 : 16, hole ? -1 : 17});
    const std::vector<std::int32_t> clamped = c128a_row({10, 11, hole ? 0 : 16, hole ? 1 : 17});
    EXPECT_EQ(ints(output(ca.outputs, "c128a_global_decode_topk_indices")), as_is);
    EXPECT_EQ(ints(output(cf.outputs, "c128a_global_decode_topk_indices")), as_is);
    EXPECT_EQ(ints(output(cb.outputs, "c128a_global_decode_topk_indices")), clamped);
    // The buffers' rows beyond the step keep what they held.
    EXPECT_EQ(ints(a.get("c128a_decode_lens_buffer").slice(0, 1, 12)), std::vector<std::int32_t>(11, kStale));
    EXPECT_EQ(ints(a.get("req_id_per_token_buffer").slice(0, 4, 12)), std::vector<std::int32_t>(8, kStale));
    EXPECT_EQ(ca.allocations, 1u);
    EXPECT_EQ(cb.allocations, 0u);
    EXPECT_EQ(cf.allocations, 0u);
    EXPECT_EQ(ca.bytes - cb.bytes, kTableBytes);
  }
}

// A decode token whose uncompressed slot is negative (a padded token) gets lens 0; its slot ids
// are still written.
TEST(CBT_SUITE(SparseMlaSlotMappingSuite), NegativeSlotMappingZeroesDecodeLens) {
  CBT_REQUIRE_DEVICE();
  for (const char* variant : {"clamp", "clamp_", "fused"}) {
    SCOPED_TRACE(variant);
    CaseData data = hand_step(0, 128);
    data.get("slot_mapping") = from_vector(std::vector<std::int64_t>{-1, 2558, 2559, 2816}, {4}, kDevice);
    const Outputs outs = call(suite("sparse_mla_slot_mapping"), variant, data, hand_point(128, 0)).outputs;
    EXPECT_EQ(ints(output(outs, "c128a_decode_topk_lens")), (std::vector<std::int32_t>{0}));
    EXPECT_EQ(ints(output(outs, "c128a_global_decode_topk_indices")), c128a_row({10, 11, 16, 17}));
  }
}

// The floor: one kernel into the builder's buffers, nothing allocated.
TEST(CBT_SUITE(SparseMlaSlotMappingSuite), FloorQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("sparse_mla_slot_mapping"), [](const ParamPoint&) { return FloorCost{0, 1}; });
}

// The floor reads -1 entries as block 0 for the slot mapping and as -1 for the C128A decode
// slots (as clamp's step sees them) and leaves them in the shared table: the later reader
// counting negative entries sees what it sees after clamp, not after clamp_.
TEST(CBT_SUITE(SparseMlaSlotMappingSuite), FloorLeavesSharedTableNegative) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite("sparse_mla_slot_mapping");
  for (const std::int64_t ratio : {4, 128}) {
    SCOPED_TRACE(ratio);
    const ParamPoint p = point({{"R", 8}, {"L", 131072}, {"ratio", ratio}, {"padding", 2}, {"Q", 4}});
    CaseData data = s.make_inputs(p, 5, kDevice);
    const Values table_before = values(data.get("block_table"));
    std::int64_t negatives = 0;
    for (auto v : table_before) negatives += v < 0 ? 1 : 0;
    ASSERT_GT(negatives, 0);
    CaseData after_clamp = data.clone();
    const Outputs ref = s.find_variant("clamp")->fn(after_clamp, p);
    const Outputs outs = run_floor("sparse_mla_slot_mapping", data, p);
    expect_same_outputs(ref, outs);
    EXPECT_EQ(values(data.get("block_table")), table_before);
    for (const Reader& r : s.readers) {
      SCOPED_TRACE(r.name);
      expect_same_outputs(r.fn(data, {}, p), r.fn(after_clamp, {}, p));
    }
  }
}

#ifndef CLAMPBENCH_TEST_ON_CUDA
// What the eager form rejects, the host loop rejects (the kernel trusts it, as vLLM's does).
TEST(SparseMlaSlotMappingSuite, FloorRejectsDecreasingQueryStarts) {
  const Suite& s = suite("sparse_mla_slot_mapping");
  const ParamPoint p = point({{"R", 2}, {"L", 131072}, {"ratio", 4}, {"padding", 0}, {"Q", 4}});
  CaseData data = s.make_inputs(p, 5, DeviceType::Host);
  data.get("query_start_loc") = i32({0, 3, 1}, Dims{3});
  try {
    (void)run_floor("sparse_mla_slot_mapping", data, p);
    FAIL() << "no error";
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
  }
}
#endif

}  // namespace
}  // namespace clampbench::suite_tests
