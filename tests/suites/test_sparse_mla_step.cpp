// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// One step of group 0's builders on a hand-worked table, worked from vLLM's kernels
// (compressor_utils _compressed_slot_mapping_kernel, sparse_mla _build_c128a_topk_metadata_kernel)
// and the runner's order, not from the port. R = 3 (row 2 a CUDA-graph padding row), M = 4
// columns of 256 tokens (L = 1024), Q = 4 (buffers of 12 rows, W = 128), over a 4-row runner
// table whose row 3 lies outside the view. Table rows: 0 = {5, h0, 6, 0}, 1 = {7, 8, h1, 0};
// h0, h1 = 3, 9, or -1 holes (padding 2); rows 2, 3 all 0 (padding 0) or -1.
//   row 0  decode: seq 600, token 0 at position 599
//   row 1  prefill: seq 524, tokens 1..3 at positions 521 522 523
// Split (threshold 1): 1 decode row, 1 decode token, 3 prefill tokens.
// Ratio 4, storage block size 64 (C4A and the indexer): 599 closes a group -> c 149, column 2,
//   slot 6 * 64 + 21 = 405 at token 0; 523 -> c 130, column 2, slot h1 * 64 + 2 at token 3:
//   9 * 64 + 2 = 578, or with the hole -62 as the table holds it and 2 once clamped.
//   C4A clamps: 2. The indexer reads the raw table: -62, unless C128A's clamp_ ran first
//   (order 1, clamp_): 2.
// Ratio 128, block size 2 (C128A): no token closes a group: all -1. Decode token 0: n = 600 //
//   128 = 4 -> {5*2, 5*2+1, h0*2, h0*2+1} = {10, 11, 6, 7}; with the hole {10, 11, -2, -1} as
//   clamp leaves the table, {10, 11, 0, 1} after clamp_ (in both orders a clamp_ has run before
//   C128A reads: its own or C4A's); lens {4} (slot_mapping[0] >= 0). Prefill tokens: n = 522,
//   523, 524 // 128 = 4 -> {0, 1, 2, 3, -1...} each.
// Indexer decode view: table[:1] = {5, h0, 6, 0}, read after the step: {5, 0, 6, 0} after clamp_.
// Indexer metadata (indexer.py, compress ratio 4): its uniform split gives the same 1 decode row
// (query lens {1, 3, 0}: row 1 is the first that differs from row 0). Decode: decode_lens {1},
// seq_lens {{600 // 4}} = {{150}}. Prefill: rows 1, 2 with compressed lens 131, 0 fit one
// chunk (131 <= 40 * 1024 tokens, 3 * 131 logits); cu_seq_lens {0, 131, 131}; row 1's tokens
// start at 524 - 3 = 521, so cu_seqlen_ks {0, 0, 0} and ke {522 // 4, 523 // 4, 524 // 4} =
// {130, 130, 131}.
// req_id_per_token = {0, 1, 1, 1}, in the buffer of the first sparse-MLA builder only.

#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "tests/suites/fused_test_util.h"
#include "tests/suites/sparse_mla_hand_step.h"

namespace clampbench::suite_tests {
namespace {

const Suite& step_suite() { return suite("sparse_mla_step"); }

CaseData hand_case(int padding) {
  const std::int32_t pad = padding == 0 ? 0 : -1;
  const std::int32_t h0 = padding == 2 ? -1 : 3, h1 = padding == 2 ? -1 : 9;
  const std::vector<std::int32_t> table = {5, h0, 6, 0, 7, 8, h1, 0, pad, pad, pad, pad, pad, pad, pad, pad};
  CaseData data;
  data.device = kDevice;
  Tensor base = from_vector(table, {4, 4}, kDevice);
  data.add("block_table", base.slice(0, 0, 3), Role::Persistent);
  data.add("block_table_base", base, Role::Persistent);
  data.add("query_start_loc", i32({0, 1, 4, 4}, {4}), Role::Persistent);
  data.add_host("query_start_loc_cpu", from_numpy<std::int32_t>({0, 1, 4, 4}, {4}), Role::Persistent);
  data.add("seq_lens", i32({600, 524, 0}, {3}), Role::Persistent);
  data.add("positions", i64({599, 521, 522, 523}, {4}), Role::Persistent);
  data.add("slot_mapping", i64({6 * 256 + 87, h1 * 256 + 9, h1 * 256 + 10, h1 * 256 + 11}, {4}), Role::Persistent);
  for (const char* builder : {"c4a_", "c128a_"}) {
    data.add(std::string(builder) + "compressed_slot_mapping", full({12}, kStale, DType::Int64, kDevice),
             Role::PersistentWritable);
    data.add(std::string(builder) + "req_id_per_token_buffer", full({12}, kStale, DType::Int32, kDevice),
             Role::PersistentWritable);
  }
  data.add("c128a_global_decode_buffer", full({12, kHandWidth}, kStale, DType::Int32, kDevice),
           Role::PersistentWritable);
  data.add("c128a_decode_lens_buffer", full({12}, kStale, DType::Int32, kDevice), Role::PersistentWritable);
  data.add("c128a_prefill_buffer", full({12, kHandWidth}, kStale, DType::Int32, kDevice), Role::PersistentWritable);
  data.add("indexer_compressed_slot_mapping", full({12}, kStale, DType::Int64, kDevice), Role::PersistentWritable);
  data.add_host("seq_lens_cpu", from_numpy<std::int32_t>({600, 524, 0}, {3}), Role::Persistent);
  for (const char* name : {"indexer_decode_lens_buffer", "indexer_expanded_seq_lens_buffer"})
    data.add(name, full({12}, kStale, DType::Int32, kDevice), Role::PersistentWritable);
  for (const char* name : {"indexer_floor_cu_seq_lens", "indexer_floor_cu_seqlen_ks", "indexer_floor_cu_seqlen_ke"})
    data.add(name, full({3}, kStale, DType::Int32, kDevice), Role::PersistentWritable);
  return data;
}

ParamPoint hand_point(std::int64_t padding, std::int64_t order) {
  return point({{"R", 3}, {"L", 1024}, {"padding", padding}, {"Q", 4}, {"order", order}});
}

// Allocations per call: the request index is host work and one copy (once: the second sparse
// builder gets the cache), vLLM's slot-mapping and C128A kernels allocate nothing, clamp copies
// the 3 x 4 table (48 bytes) per sparse builder x 2; the indexer makes 7: seq_lens // 4, one
// prefill chunk's four tensors and its relative query_start_loc, and the decode seq_lens // 4.
constexpr std::uint64_t kClampAllocs = 9;
constexpr std::uint64_t kTableBytes = 3 * 4 * 4;

TEST(CBT_SUITE(SparseMlaStepSuite), HandWorkedBothOrdersEveryVariant) {
  CBT_REQUIRE_DEVICE();
  for (int padding : {0, 1, 2}) {
    for (std::int64_t order : {0, 1}) {
      SCOPED_TRACE(testing::Message() << "padding " << padding << " order " << order);
      const bool hole = padding == 2;
      CaseData a = hand_case(padding), b = hand_case(padding), f = hand_case(padding);
      const Call ca = call(step_suite(), "clamp", a, hand_point(padding, order));
      const Call cb = call(step_suite(), "clamp_", b, hand_point(padding, order));
      const Call cf = call(step_suite(), "fused", f, hand_point(padding, order));
      const std::int32_t raw = hole ? -62 : 578, clamped = hole ? 2 : 578;
      const std::vector<std::int32_t> h0_raw = c128a_row({10, 11, hole ? -2 : 6, hole ? -1 : 7});
      const std::vector<std::int32_t> h0_clamped = c128a_row({10, 11, hole ? 0 : 6, hole ? 1 : 7});
      const std::vector<std::int32_t> prefill = concat({c128a_row({0, 1, 2, 3}), c128a_row({0, 1, 2, 3}),
                                                        c128a_row({0, 1, 2, 3})});
      for (const Call* c : {&ca, &cb, &cf}) {
        const Outputs& o = c->outputs;
        EXPECT_EQ(ints(output(o, "c4a_compressed_slot_mapping")), (std::vector<std::int32_t>{405, X, X, clamped}));
        EXPECT_EQ(ints(output(o, "c128a_compressed_slot_mapping")), (std::vector<std::int32_t>{X, X, X, X}));
        EXPECT_EQ(ints(output(o, "req_id_per_token")), (std::vector<std::int32_t>{0, 1, 1, 1}));
        EXPECT_EQ(output(o, "c128a_global_decode_topk_indices").shape(), (Dims{1, 1, kHandWidth}));
        EXPECT_EQ(ints(output(o, "c128a_decode_topk_lens")), (std::vector<std::int32_t>{4}));
        EXPECT_EQ(ints(output(o, "c128a_prefill_topk_indices")), prefill);
        EXPECT_EQ(output(o, "indexer_decode_block_table").shape(), (Dims{1, 4}));
        EXPECT_EQ(output(o, "indexer_decode_seq_lens").shape(), (Dims{1, 1}));
        EXPECT_EQ(ints(output(o, "indexer_decode_seq_lens")), (std::vector<std::int32_t>{150}));
        EXPECT_EQ(ints(output(o, "indexer_decode_lens")), (std::vector<std::int32_t>{1}));
        EXPECT_EQ(ints(output(o, "indexer_prefill_0_cu_seqlen_ks")), (std::vector<std::int32_t>{0, 0, 0}));
        EXPECT_EQ(ints(output(o, "indexer_prefill_0_cu_seqlen_ke")), (std::vector<std::int32_t>{130, 130, 131}));
        EXPECT_EQ(ints(output(o, "indexer_prefill_0_cu_seq_lens")), (std::vector<std::int32_t>{0, 131, 131}));
        EXPECT_TRUE(step_suite().declares_outputs(output_names(o)));
      }
      // clamp and fused read the table as it is; clamp_ as the first clamp_ left it.
      for (const Call* c : {&ca, &cf}) {
        EXPECT_EQ(ints(output(c->outputs, "indexer_compressed_slot_mapping")),
                  (std::vector<std::int32_t>{405, X, X, raw}));
        EXPECT_EQ(ints(output(c->outputs, "c128a_global_decode_topk_indices")), h0_raw);
        EXPECT_EQ(ints(output(c->outputs, "indexer_decode_block_table")),
                  (std::vector<std::int32_t>{5, hole ? -1 : 3, 6, 0}));
      }
      EXPECT_EQ(ints(output(cb.outputs, "indexer_compressed_slot_mapping")),
                (std::vector<std::int32_t>{405, X, X, order == 1 ? clamped : raw}));
      EXPECT_EQ(ints(output(cb.outputs, "c128a_global_decode_topk_indices")), h0_clamped);
      EXPECT_EQ(ints(output(cb.outputs, "indexer_decode_block_table")),
                (std::vector<std::int32_t>{5, hole ? 0 : 3, 6, 0}));
      EXPECT_EQ(ca.allocations, kClampAllocs);
      EXPECT_EQ(cb.allocations, kClampAllocs - 2);
      EXPECT_EQ(cf.allocations, 0u);
      EXPECT_EQ(ca.bytes - cb.bytes, 2 * kTableBytes);
    }
  }
}

// Which persistent inputs each variant changes: clamp_ rewrites the view's -1 entries (the
// padding row 2, the holes) in the runner's table; row 3, outside the view, stays -1. The
// request index goes to the first sparse-MLA builder's buffer only; buffer rows past the step
// keep their stale values.
TEST(CBT_SUITE(SparseMlaStepSuite), PersistentInputsEachVariantChanges) {
  CBT_REQUIRE_DEVICE();
  for (int padding : {0, 1, 2}) {
    for (std::int64_t order : {0, 1}) {
      SCOPED_TRACE(testing::Message() << "padding " << padding << " order " << order);
      const std::int32_t pad = padding == 0 ? 0 : -1, h0 = padding == 2 ? -1 : 3, h1 = padding == 2 ? -1 : 9;
      const std::vector<std::int32_t> before = {5, h0, 6, 0, 7, 8, h1, 0, pad, pad, pad, pad, pad, pad, pad, pad};
      const std::vector<std::int32_t> after = {5, std::max(h0, 0), 6, 0, 7, 8, std::max(h1, 0), 0,
                                               0, 0, 0, 0, pad, pad, pad, pad};
      for (const char* variant : {"clamp", "clamp_", "fused"}) {
        SCOPED_TRACE(variant);
        CaseData d = hand_case(padding);
        call(step_suite(), variant, d, hand_point(padding, order));
        EXPECT_EQ(ints(d.get("block_table_base")), std::string(variant) == "clamp_" ? after : before);
        const char* written = order == 0 ? "c4a_req_id_per_token_buffer" : "c128a_req_id_per_token_buffer";
        const char* untouched = order == 0 ? "c128a_req_id_per_token_buffer" : "c4a_req_id_per_token_buffer";
        EXPECT_EQ(ints(d.get(written).slice(0, 0, 4)), (std::vector<std::int32_t>{0, 1, 1, 1}));
        EXPECT_EQ(ints(d.get(written).slice(0, 4, 12)), std::vector<std::int32_t>(8, kStale));
        EXPECT_EQ(ints(d.get(untouched)), std::vector<std::int32_t>(12, kStale));
        EXPECT_EQ(ints(d.get("indexer_compressed_slot_mapping").slice(0, 4, 12)), std::vector<std::int32_t>(8, X));
        EXPECT_EQ(ints(d.get("c128a_decode_lens_buffer").slice(0, 1, 12)), std::vector<std::int32_t>(11, kStale));
      }
    }
  }
}

// Every quick case: the exact allocations of each variant (every quick step has decode and
// prefill tokens), clamp_ saving one table copy per sparse-MLA builder; outputs equal except
// the ones clamp_ changes, the table changed exactly where it held -1; one seed gives one step.
TEST(CBT_SUITE(SparseMlaStepSuite), QuickSetAllocationsAndChanges) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = step_suite();
  const auto pts = s.points(SizeSet::Quick);
  ASSERT_EQ(pts.size(), 6u);
  for (const ParamPoint& p : pts) {
    SCOPED_TRACE(p.label());
    CaseData data = s.make_inputs(p, 7, kDevice);
    const std::vector<std::int32_t> before = ints(data.get("block_table_base"));
    CaseData second = data.clone();
    const Call ref = call(s, "clamp", data, p);
    const Call in_place = call(s, "clamp_", second, p);
    EXPECT_EQ(ref.allocations, kClampAllocs);
    EXPECT_EQ(in_place.allocations, kClampAllocs - 2);
    EXPECT_EQ(ref.bytes - in_place.bytes, 2u * 8 * 512 * 4);  // R x L / 256 int32, twice
    EXPECT_EQ(ints(data.get("block_table_base")), before);
    std::vector<std::int32_t> clamped = before;
    for (std::size_t i = 0; i < clamped.size() && i < 8 * 512; ++i) clamped[i] = std::max(clamped[i], 0);
    EXPECT_EQ(ints(second.get("block_table_base")), clamped);
    ASSERT_TRUE(s.declares_outputs(output_names(ref.outputs)));
    for (std::size_t i = 0; i < ref.outputs.size(); ++i) {
      const std::string& name = ref.outputs[i].name;
      const bool c128a_first = p.get("order") == 1;
      const bool may_differ = p.get("padding") == 2 && (name == "c128a_global_decode_topk_indices" ||
                                                        name == "indexer_decode_block_table" ||
                                                        (name == "indexer_compressed_slot_mapping" && c128a_first));
      EXPECT_EQ(ints(ref.outputs[i].tensor) != ints(in_place.outputs[i].tensor), may_differ) << name;
    }
  }
  check_generator_determinism(s, pts.front());
}

// The floor: nothing allocated; one kernel per builder of the three, one for the indexer's
// decode rows and one per prefill chunk (every quick step has both, one chunk).
TEST(CBT_SUITE(SparseMlaStepSuite), FloorQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("sparse_mla_step"), [](const ParamPoint&) { return FloorCost{0, 5}; });
}

}  // namespace
}  // namespace clampbench::suite_tests
