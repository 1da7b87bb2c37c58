// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// What clamp_ does to the shared table (hand-worked step), the generator's step layout,
// and the quick set's allocation counts and C128A difference, variant by variant.

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "kernels/host_cost.h"
#include "kernels/host_planning.h"
#include "kernels/ledger.h"
#include "kernels/runtime.h"
#include "suites/detail/sparse_mla_batch.h"
#include "tests/suites/sparse_mla_hand_step.h"

namespace clampbench::suite_tests {
namespace {

const Reader& reader_named(const Suite& s, const std::string& name) {
  for (const Reader& r : s.readers)
    if (r.name == name) return r;
  throw std::out_of_range("no reader " + name);
}

// The port's split runs vLLM's CPU tensor ops (utils.py:606-634) as host work: by name, no
// launch, no wait, no device allocation; the floors' op-free split agrees with it.
TEST(CBT_SUITE(SparseMlaTable), TheSplitIsVllmsHostWork) {
  using Counts = std::map<std::string, std::int64_t>;
  const std::vector<std::vector<std::int32_t>> batches = {
      {0, 1, 2, 5, 9}, {0, 1, 2, 3}, {0, 4, 5}, {0, 1, 1, 4}, {0, 0, 3}};
  for (const auto& q : batches) {
    const Tensor qsl = from_numpy(q, {static_cast<std::int64_t>(q.size())});
    LedgerScope ledger(Runtime::current().ledger(), "split");
    HostCostScope scope(DeviceType::Host);
    const suites::detail::DecodePrefillSplit split = suites::detail::split_decodes_and_prefills(qsl, 1);
    const HostCost cost = scope.close();
    const PerDevice allocations = ledger.close();
    const suites::detail::DecodePrefillSplit floor = suites::detail::decode_prefill_split(q, 1);
    EXPECT_EQ(std::tie(split.num_decodes, split.num_decode_tokens, split.num_prefill_tokens),
              std::tie(floor.num_decodes, floor.num_decode_tokens, floor.num_prefill_tokens));
    EXPECT_EQ(cost.launches + cost.syncs + cost.h2d_copies + cost.d2h_copies, 0);
    EXPECT_EQ(allocations[0].allocations + allocations[1].allocations, 0u);
    if (q == batches[0]) {  // decodes then prefills: every op of the split
      EXPECT_EQ(cost.by_op, (Counts{{"any", 1}, {"argmax", 1}, {"gt", 1}, {"item", 4}, {"sub", 1}, {"to", 1}}));
      EXPECT_EQ(std::tie(split.num_decodes, split.num_decode_tokens, split.num_prefill_tokens),
                std::make_tuple(std::int64_t{2}, std::int64_t{2}, std::int64_t{7}));
    }
    if (q == batches[1]) {
      EXPECT_TRUE(cost.by_op.empty());  // max_query_len 1: a Python int says so
    }
  }
}

TEST(CBT_SUITE(SparseMlaTable), ClampInPlaceRewritesTheSharedTableOnlyWhenItHoldsMinusOne) {
  CBT_REQUIRE_DEVICE();
  const Suite& site = suite("sparse_mla_slot_mapping");
  for (int padding : {0, 1, 2}) {
    SCOPED_TRACE(padding);
    CaseData a = hand_step(padding, 4), b = hand_step(padding, 4);
    const std::vector<std::int32_t> original = ints(a.get("block_table_base"));
    call(site, "clamp", a, hand_point(4, padding));
    const Outputs outs_b = call(site, "clamp_", b, hand_point(4, padding)).outputs;
    EXPECT_EQ(ints(a.get("block_table_base")), original) << "clamp leaves the shared table as it was";
    const std::vector<std::int32_t> after = ints(b.get("block_table_base"));
    if (padding == 0) {
      EXPECT_EQ(after, original) << "a 0-padded table has nothing to clamp";
    } else {
      // View rows: -1 entries now 0; the spare row outside the view keeps its -1.
      const std::int32_t h0 = padding == 2 ? 0 : 8, h1 = padding == 2 ? 0 : 9;
      EXPECT_EQ(std::vector<std::int32_t>(after.begin(), after.begin() + 12),
                (std::vector<std::int32_t>{5, h0, 6, 0, 7, h1, 11, 0, 0, 0, 0, 0}));
      EXPECT_EQ(std::vector<std::int32_t>(after.begin() + 12, after.end()), std::vector<std::int32_t>(4, X));
    }
    const ParamPoint p = hand_point(4, padding);
    const Reader& negatives = reader_named(site, "negative_entry_count");
    const std::int32_t holes = padding == 2 ? 1 : 0;
    EXPECT_EQ(ints(output(negatives.fn(a, {}, p), "negative_entries")),
              (std::vector<std::int32_t>{holes, holes, padding == 0 ? 0 : 4}));
    EXPECT_EQ(ints(output(negatives.fn(b, outs_b, p), "negative_entries")), (std::vector<std::int32_t>{0, 0, 0}));
    EXPECT_EQ(ints(output(reader_named(site, "metadata_block_table").fn(b, outs_b, p), "block_table")),
              std::vector<std::int32_t>(after.begin(), after.begin() + 12));
  }
}

TEST(CBT_SUITE(SparseMlaTable), GeneratorStepLayoutAndDeterminism) {
  CBT_REQUIRE_DEVICE();
  const Suite& site = suite("sparse_mla_slot_mapping");
  for (std::int64_t padding : {0, 1, 2}) {
    SCOPED_TRACE(padding);
    const ParamPoint p = point({{"R", 8}, {"L", 131072}, {"ratio", 128}, {"padding", padding}, {"Q", 4}});
    const CaseData a = site.make_inputs(p, 5, kDevice);
    EXPECT_TRUE(same_contents(a, site.make_inputs(p, 5, kDevice)));
    EXPECT_FALSE(same_contents(a, site.make_inputs(p, 6, kDevice)));
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
    // 6 real rows: 3 single-token decodes, 3 prefills of 2..4 tokens, then 2 padding rows.
    const std::vector<std::int32_t> qsl = ints(a.get("query_start_loc"));
    for (int r = 0; r < 8; ++r) {
      const std::int32_t qlen = qsl[r + 1] - qsl[r];
      if (r < 3) EXPECT_EQ(qlen, 1) << r;
      else if (r < 6) EXPECT_TRUE(qlen >= 2 && qlen <= 4) << r;
      else EXPECT_EQ(qlen, 0) << r;
    }
    const auto split = suites::detail::split_decodes_and_prefills(a.get("query_start_loc_cpu"), 1);
    EXPECT_EQ(split.num_decodes, 3);
    EXPECT_EQ(split.num_decode_tokens, 3);
    EXPECT_EQ(split.num_decode_tokens + split.num_prefill_tokens, a.get("positions").size(0));
    EXPECT_EQ(a.get("c128a_global_decode_buffer").shape(), (Dims{32, 1024}));
  }
}

// Allocations per call for every variant and quick point: ratio 4 = 3 + 18 (+1 clamp); ratio
// 128 adds C128A 1 + 16 (R = 2: one real row, a decode) + 5 (R = 8: prefill tokens too).
TEST(CBT_SUITE(SparseMlaTable), QuickSetAllocationsAndC128aDifference) {
  CBT_REQUIRE_DEVICE();
  const Suite& site = suite("sparse_mla_slot_mapping");
  for (const ParamPoint& p : site.points(SizeSet::Quick)) {
    for (std::uint64_t seed : {1u, 7u}) {
      SCOPED_TRACE(p.label() + " seed " + std::to_string(seed));
      const CaseData inputs = site.make_inputs(p, seed, kDevice);
      CaseData a = inputs.clone(), b = inputs.clone(), f = inputs.clone();
      const Call ca = call(site, "clamp", a, p);
      const Outputs& out_a = ca.outputs;
      const Call cb = call(site, "clamp_", b, p);
      const Outputs& out_b = cb.outputs;
      const Call cf = call(site, "fused", f, p);
      EXPECT_EQ(ca.allocations, 1u);  // clamp's table copy: vLLM's kernels allocate nothing
      EXPECT_EQ(cb.allocations, 0u);
      EXPECT_EQ(cf.allocations, 0u);
      for (std::size_t i = 0; i < out_a.size(); ++i) {
        const bool differs = ints(out_a[i].tensor) != ints(out_b[i].tensor);
        const bool expected = out_a[i].name == "c128a_global_decode_topk_indices" && p.get("ratio") == 128 &&
                              p.get("padding") == 2;
        EXPECT_EQ(differs, expected) << out_a[i].name;
      }
    }
  }
}

}  // namespace
}  // namespace clampbench::suite_tests
