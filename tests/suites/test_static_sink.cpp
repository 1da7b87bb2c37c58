// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The static-sink builder on a hand-worked step: what each form writes, its exact allocations,
// the second KV-cache group's build on the written seq_lens, the sampler reading them, the
// quick set and the generator.

#include <algorithm>

#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

const char* const kSuite = "static_sink";

// R = 4 (row 3 a CUDA-graph padding row), G groups, bs 16, a sink of 2 blocks (32 tokens),
// max_seq_len 512 (long 0): 544 with the sink, so cdiv(544, 16) = 34 columns of each runner
// table (64 wide: max_model_len 1024) are copied behind the sink's blocks 1, 2. Runner table
// entry (g, r, c) = 1000 g + 100 r + c + 3 where the row uses it. seq_lens {5, 40, 100, 0};
// prefill_len by request state {3, 60, 100, 0, 0, 0}, the batch in state order.
CaseData hand_case(std::int64_t groups) {
  CaseData d;
  d.device = kDevice;
  std::vector<std::int32_t> table(static_cast<std::size_t>(groups * 4 * 64), 0);
  for (std::int64_t g = 0; g < groups; ++g)
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 40; ++c) table[static_cast<std::size_t>((g * 4 + r) * 64 + c)] = 1000 * g + 100 * r + c + 3;
  std::vector<std::int32_t> sink(static_cast<std::size_t>(groups * 6 * 66), 0);
  for (std::int64_t row = 0; row < groups * 6; ++row) {
    sink[static_cast<std::size_t>(row * 66)] = 1;
    sink[static_cast<std::size_t>(row * 66 + 1)] = 2;
  }
  d.add("seq_lens", i32({5, 40, 100, 0}, {4}), Role::Persistent);
  d.add("block_table", i32(table, {groups, 4, 64}), Role::Persistent);
  d.add("prefill_len", i32({3, 60, 100, 0, 0, 0}, {6}), Role::Persistent);
  d.add("idx_mapping", i32({0, 1, 2}, {3}), Role::Persistent);
  d.add("cu_num_logits", i32({0, 1, 2, 3}, {4}), Role::Persistent);
  d.add("block_table_with_sink", i32(sink, {groups, 6, 66}), Role::PersistentWritable);
  d.add("seq_lens_with_sink", i32(std::vector<std::int32_t>(static_cast<std::size_t>(groups * 6), 0), {groups, 6}),
        Role::PersistentWritable);
  return d;
}

ParamPoint hand_point(std::int64_t groups) {
  return point({{"R", 4}, {"pad", 1}, {"sink", 2}, {"bs", 16}, {"near", 1}, {"G", groups}, {"long", 0}});
}

// Group g's rows of the sink table as the build leaves them: blocks 1, 2, then 34 columns of
// the runner's row (its entries where used, else 0), then 30 zeros.
Values sink_rows(std::int64_t g) {
  Values v;
  for (int r = 0; r < 4; ++r) {
    v.push_back(1);
    v.push_back(2);
    for (int c = 0; c < 64; ++c) v.push_back(r < 3 && c < 34 ? 1000 * g + 100 * r + c + 3 : 0);
  }
  return v;
}

TEST(CBT_SUITE(StaticSink), OneGroupEveryFormSeesTheSameMetadata) {
  CBT_REQUIRE_DEVICE();
  for (const char* variant : {"clamp", "clamp_", "fused"}) {
    SCOPED_TRACE(variant);
    CaseData d = hand_case(1);
    const Call c = call(suite(kSuite), variant, d, hand_point(1));
    EXPECT_EQ(values(output(c.outputs, "seq_lens")), (Values{37, 72, 132, 0}));  // the padded row put back to 0
    EXPECT_EQ(values(output(c.outputs, "max_seq_len")), (Values{544}));
    EXPECT_EQ(output(c.outputs, "block_table").shape(), (Dims{1, 4, 66}));
    EXPECT_EQ(values(output(c.outputs, "block_table")), sink_rows(0));
    EXPECT_EQ(values(d.get("seq_lens")), std::string(variant) == "clamp_" ? (Values{37, 72, 132, 0})
                                                                          : (Values{5, 40, 100, 0}));
    EXPECT_EQ(values(d.get("block_table")), values(hand_case(1).get("block_table")));  // only read
  }
}

// Two KV-cache groups: each gets a fresh metadata object over the same seq_lens, so vLLM's
// in-place form adds the sink twice, and both groups' kernels read seq_len + 64 with a
// max_seq_len of 544.
TEST(CBT_SUITE(StaticSink), TwoGroupsAddTheSinkTwiceInPlace) {
  CBT_REQUIRE_DEVICE();
  CaseData a = hand_case(2), b = hand_case(2);
  const Call clamp = call(suite(kSuite), "clamp", a, hand_point(2));
  const Call in_place = call(suite(kSuite), "clamp_", b, hand_point(2));
  EXPECT_EQ(values(output(clamp.outputs, "seq_lens")), (Values{37, 72, 132, 0, 37, 72, 132, 0}));
  EXPECT_EQ(values(output(in_place.outputs, "seq_lens")), (Values{69, 104, 164, 0, 69, 104, 164, 0}));
  for (const Call* c : {&clamp, &in_place}) {
    EXPECT_EQ(values(output(c->outputs, "max_seq_len")), (Values{544, 544}));
    EXPECT_EQ(values(output(c->outputs, "block_table")), concat({sink_rows(0), sink_rows(1)}));
  }
}

// Per group: add int32[4] (16 bytes) and eq bool[4] (4) in both forms; the masked store, the
// copies and the fill allocate nothing; fused nothing at all.
TEST(CBT_SUITE(StaticSink), ExactAllocations) {
  CBT_REQUIRE_DEVICE();
  for (const std::int64_t groups : {1, 2}) {
    SCOPED_TRACE(groups);
    const auto u = static_cast<std::size_t>(groups);
    for (const char* variant : {"clamp", "clamp_"}) {
      CaseData d = hand_case(groups);
      const Call c = call(suite(kSuite), variant, d, hand_point(groups));
      EXPECT_EQ(c.allocations, 2 * u) << variant;
      EXPECT_EQ(c.bytes, 20 * u) << variant;
    }
    CaseData f = hand_case(groups);
    EXPECT_EQ(call(suite(kSuite), "fused", f, hand_point(groups)).allocations, 0u);
  }
}

// The sampler after the forward: row 1 (40 of a 60-token prompt) is still prefilling; with
// the sink written into seq_lens it reads 72 >= 60 and samples a token mid-prompt.
TEST(CBT_SUITE(StaticSink), TheSamplerReadsTheWrittenSeqLens) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  const Reader& sampler = s.readers.at(0);
  for (const char* variant : {"clamp", "clamp_"}) {
    CaseData d = hand_case(1);
    const Call c = call(s, variant, d, hand_point(1));
    const Outputs seen = sampler.fn(d, c.outputs, hand_point(1));
    const bool in_place = std::string(variant) == "clamp_";
    EXPECT_EQ(values(output(seen, "num_sampled")), in_place ? (Values{1, 1, 1}) : (Values{1, 0, 1})) << variant;
    EXPECT_EQ(values(output(seen, "num_rejected")), (Values{0, 0, 0})) << variant;
  }
}

TEST(CBT_SUITE(StaticSink), GeneratorIsDeterministicAndRealistic) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  const ParamPoint p = point({{"R", 64}, {"pad", 2}, {"sink", 2}, {"bs", 16}, {"near", 1}, {"G", 2}, {"long", 1}});
  check_generator_determinism(s, p);
  const CaseData d = s.make_inputs(p, 1, kDevice);
  const Values seq = values(d.get("seq_lens")), prefill = values(d.get("prefill_len")),
               idx = values(d.get("idx_mapping"));
  EXPECT_EQ(seq[0], 1024);  // the longest row at max_model_len
  EXPECT_EQ(seq[62], 0);
  EXPECT_EQ(seq[63], 0);
  int near = 0, boundary = 0;
  for (int r = 0; r < 62; ++r) {
    EXPECT_TRUE(seq[r] >= 1 && seq[r] <= 1024) << r;
    const std::int64_t pre = prefill[static_cast<std::size_t>(idx[r])];
    EXPECT_TRUE(pre >= 1 && pre <= 1024) << r;
    near += seq[r] < pre && pre <= seq[r] + 32;
    boundary += seq[r] + 32 == pre;
  }
  EXPECT_GE(near, 10);
  EXPECT_EQ(boundary >= 1, true);
}

TEST(CBT_SUITE(StaticSink), QuickSet) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  EXPECT_EQ(s.points(SizeSet::Quick).size(), 16u);
  for (const auto& p : s.points(SizeSet::Quick)) {
    SCOPED_TRACE(p.label());
    CaseData data = s.make_inputs(p, 7, kDevice), second = data.clone();
    const Call ref = call(s, "clamp", data, p), in_place = call(s, "clamp_", second, p);
    EXPECT_EQ(ref.allocations, in_place.allocations);  // the in-place form saves nothing
    if (p.get("G") == 1) expect_same_outputs(ref.outputs, in_place.outputs);
  }
}

// The floor: one kernel per KV-cache group, nothing allocated.
TEST(CBT_SUITE(StaticSink), FloorQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("static_sink"), [](const ParamPoint& p) { return FloorCost{0, p.get("G")}; });
}

}  // namespace
}  // namespace clampbench::suite_tests
