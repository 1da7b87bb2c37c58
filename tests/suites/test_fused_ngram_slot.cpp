// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused variant of the n-gram proposer builders (ngram_*), the Step3.5 draft slot
// mapping and the sparse-MLA compressed slot mapping: clamp's outputs and
// declared writes bitwise, only the new outputs allocated, inputs read through their views'
// strides and offsets, the shared block table never written.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "kernels/error.h"
#include "suites/fused/ngram_find_fused.h"
#include "suites/fused/ngram_propose_fused.h"
#include "suites/fused/ngram_update_fused.h"
#include "suites/fused/sparse_mla_slot_mapping_fused.h"
#include "suites/fused/sparse_mla_step_fused.h"
#include "suites/fused/step3p5_slot_mapping_fused.h"
#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

namespace fused = clampbench::suites::fused;

const ParamPoint kFindPoint = point({{"B", 8}, {"L", 256}, {"K", 3}, {"ngram_range", 1}});
const ParamPoint kProposePoint = point({{"B", 8}, {"L", 256}, {"K", 3}});
const ParamPoint kUpdatePoint = point({{"R", 8}, {"L", 256}, {"K", 3}});

// Every quick point, seeds 7 and 1234, with the fused call's exact allocations: the draft
// tokens (find, propose), the three outputs of update, none for the builders that write
// their PersistentWritable buffers in place (Step3.5, sparse MLA, its step).
TEST(CBT_SUITE(FusedNgramSlot), QuickSets) {
  CBT_REQUIRE_DEVICE();
  // Allocations, then kernels: one each; sparse_mla_step's, one per builder in its three, one for
// the indexer's decode rows and one per prefill chunk (every quick step has both, one chunk).
  const std::vector<std::tuple<std::string, VariantFn, FloorCost>> floors = {
      {"ngram_find", fused::fused_ngram_find, {1, 1}},
      {"ngram_propose", fused::fused_ngram_propose, {2, 1}},
      {"ngram_update", fused::fused_ngram_update, {3, 1}},
      {"step3p5_slot_mapping", fused::fused_step3p5_slot_mapping, {0, 1}},
      {"sparse_mla_slot_mapping", fused::fused_sparse_mla_slot_mapping, {0, 1}},
      {"sparse_mla_step", fused::fused_sparse_mla_step, {0, 5}}};
  for (const auto& [name, fn, cost] : floors)
    check_fused_quick_set(suite(name), fn, [c = cost](const ParamPoint&) { return c; });
}

// One case at `p` (seed 11) with `widened` buffers replaced by views into junk-padded tensors:
// the fused builder reads (and writes) through strides and offsets.
void check_widened(const std::string& name, const VariantFn& fn, const ParamPoint& p,
                   std::initializer_list<std::pair<const char*, Role>> widened, std::uint64_t allocations) {
  const FloorCost one_kernel{allocations, 1};
  const Suite& s = suite(name);
  CaseData data = s.make_inputs(p, 11, kDevice);
  for (const auto& [buffer, role] : widened) widen_columns(data, buffer, role);
  check_fused_case(s, fn, std::move(data), p, one_kernel, "");
}

TEST(CBT_SUITE(FusedNgramSlot), NgramFindReadsStridedViews) {
  CBT_REQUIRE_DEVICE();
  check_widened("ngram_find", fused::fused_ngram_find, kFindPoint, {{"token_ids", Role::Persistent}}, 1);
}

TEST(CBT_SUITE(FusedNgramSlot), NgramProposeWritesThroughStridedView) {
  CBT_REQUIRE_DEVICE();
  // token_ids' junk columns are compared with clamp's too.
  check_widened("ngram_propose", fused::fused_ngram_propose, kProposePoint,
                {{"token_ids", Role::PersistentWritable}, {"valid_sampled_token_ids", Role::Fresh}}, 2);
}

TEST(CBT_SUITE(FusedNgramSlot), NgramUpdateReadsStridedViews) {
  CBT_REQUIRE_DEVICE();
  check_widened("ngram_update", fused::fused_ngram_update, kUpdatePoint,
                {{"token_ids", Role::Persistent}, {"sampled_token_ids", Role::Fresh}}, 3);
}

// Hand-worked rows, range (1, 4), K = 3. Row 0: n = 2 matches [1, 2] at 3 -> [5, 1, 2], while
// n = 1 would match at 0 -> [4, 7, 1]: the longest n wins. Row 1: [1, 2] at 0 and at 3 -> the
// earliest, [3, 1, 2]. Row 2: only n <= 2 matches, at 0 -> one token left, then -1. Row 3: no
// earlier occurrence of any trailing n-gram -> all -1.
TEST(CBT_SUITE(FusedNgramSlot), NgramFindLongestEarliestMatch) {
  CBT_REQUIRE_DEVICE();
  CaseData data;
  data.device = kDevice;
  data.add("token_ids", i32({2, 4, 7, 1, 2, 5, 1, 2,  //
                             1, 2, 3, 1, 2, 4, 1, 2,  //
                             9, 9, 9, 0, 0, 0, 0, 0,  //
                             1, 2, 3, 4, 5, 6, 7, 8},
                            Dims{4, 8}),
           Role::Persistent);
  data.add("seq_lengths", i32({8, 8, 3, 8}, Dims{4}), Role::Persistent);
  const ParamPoint p = point({{"B", 4}, {"L", 8}, {"K", 3}, {"ngram_range", 3}});
  const Outputs outs = fused::fused_ngram_find(data, p);
  EXPECT_EQ(values(output(outs, "draft_tokens")), (Values{5, 1, 2, 3, 1, 2, 9, -1, -1, -1, -1, -1}));
  check_fused_case(suite("ngram_find"), fused::fused_ngram_find, std::move(data), p, FloorCost{1, 1}, "");
}

// The fused builder reads -1 entries as block 0 for the slot mapping and as -1 for the C128A
// decode slots (as clamp's step sees them) and leaves them in the shared table: the later reader
// counting negative entries sees what it sees after clamp, not after clamp_.
TEST(CBT_SUITE(FusedNgramSlot), SparseMlaLeavesSharedTableNegative) {
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
    const Outputs outs = fused::fused_sparse_mla_slot_mapping(data, p);
    expect_same_outputs(ref, outs);
    EXPECT_EQ(values(data.get("block_table")), table_before);
    for (const Reader& r : s.readers) {
      SCOPED_TRACE(r.name);
      expect_same_outputs(r.fn(data, {}, p), r.fn(after_clamp, {}, p));
    }
  }
}

#ifndef CLAMPBENCH_TEST_ON_CUDA
// What the eager form rejects, the host loop rejects (the kernels skip those elements).
TEST(FusedNgramSlot, NgramFindRejectsSeqLengthPastRow) {
  CaseData data;
  data.add("token_ids", i32({1, 2, 3, 4}, Dims{1, 4}), Role::Persistent);
  data.add("seq_lengths", i32({5}, Dims{1}), Role::Persistent);
  const ParamPoint p = point({{"K", 2}, {"ngram_range", 3}});
  try {
    (void)fused::fused_ngram_find(data, p);
    FAIL() << "no error";
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::IndexOutOfRange);
  }
}

TEST(FusedNgramSlot, SparseMlaRejectsDecreasingQueryStarts) {
  const Suite& s = suite("sparse_mla_slot_mapping");
  const ParamPoint p = point({{"R", 2}, {"L", 131072}, {"ratio", 4}, {"padding", 0}, {"Q", 4}});
  CaseData data = s.make_inputs(p, 5, DeviceType::Host);
  data.get("query_start_loc") = i32({0, 3, 1}, Dims{3});
  try {
    (void)fused::fused_sparse_mla_slot_mapping(data, p);
    FAIL() << "no error";
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
  }
}
#endif

}  // namespace
}  // namespace clampbench::suite_tests
