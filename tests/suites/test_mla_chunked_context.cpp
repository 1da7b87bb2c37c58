// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// mla_chunked_context on hand-worked inputs (with and without DCP), exact allocation counts, quick set and
// generator. Host tensors: the same on both executables.

#include <algorithm>

#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

const char* const kSuite = "mla_chunked_context";

// P = 3, two with context: chunk = 65536 // 2 = 32768 (a multiple of 64), C = cdiv(70000,
// 32768) = 3. Request 2 (1000 tokens) is done after chunk 0; request 0 has no context.
CaseData hand_case() {
  CaseData d;
  d.device = DeviceType::Host;
  d.add("context_lens", i32({0, 70000, 1000}, {3}, DeviceType::Host));
  d.add("prefill_query_start_loc_cpu", i32({0, 5, 9, 12}, {4}, DeviceType::Host), Role::Persistent);
  return d;
}

ParamPoint at(std::int64_t ranks, std::int64_t interleave) {
  return point({{"P", 3}, {"L", 70000}, {"D", ranks}, {"I", interleave}});
}

void expect_global_plan(const Outputs& outs) {
  EXPECT_EQ(values(output(outs, "seq_lens")), (Values{0, 32768, 1000, 0, 32768, 0, 0, 4464, 0}));
  EXPECT_EQ(values(output(outs, "cu_seq_lens")),
            (Values{0, 0, 32768, 33768, 0, 0, 32768, 32768, 0, 0, 4464, 4464}));
  // vLLM's rows start as torch.zeros: a chunk with fewer tokens than the largest ends in 0s
  // (not P = 3), so the zero tail cannot be told from request 0 by value alone.
  const Tensor& t2s = output(outs, "token_to_seq");
  EXPECT_EQ(t2s.dtype(), DType::Int32);
  EXPECT_EQ(t2s.shape(), (Dims{3, 33768}));
  EXPECT_EQ(values(t2s), concat({runs({{1, 32768}, {2, 1000}}),    // chunk 0: requests 1 and 2
                                 runs({{1, 32768}, {0, 1000}}),    // chunk 1: request 1, then the zero tail
                                 runs({{1, 4464}, {0, 29304}})}));  // chunk 2: request 1's last part, zeros
  EXPECT_EQ(values(output(outs, "max_seq_lens")), (Values{32768, 32768, 4464}));
}

TEST(CBT_SUITE(MlaChunkedContext), HandWorkedWithoutDcp) {
  CBT_REQUIRE_DEVICE();
  for (const char* variant : {"clamp", "clamp_"}) {
    SCOPED_TRACE(variant);
    CaseData d = hand_case();
    const Call c = call(suite(kSuite), variant, d, at(1, 1), DeviceType::Host);
    expect_global_plan(c.outputs);
    EXPECT_EQ(values(output(c.outputs, "chunk_starts")), (Values{0, 0, 0, 32768, 32768, 32768, 65536, 65536, 65536}));
    EXPECT_EQ(values(output(c.outputs, "seq_tot")), (Values{33768, 32768, 4464}));
    // One rank: the local plan is the global one.
    EXPECT_EQ(values(output(c.outputs, "local_seq_lens")), values(output(c.outputs, "seq_lens")));
    EXPECT_EQ(values(output(c.outputs, "local_cu_seq_lens")), values(output(c.outputs, "cu_seq_lens")));
    EXPECT_EQ(values(d.get("context_lens")), (Values{0, 70000, 1000}));
  }
}

// D = 2, I = 16: padded local lengths cdiv(len, 32) * 16 = [0, 35008, 512], local chunk
// cdiv(32768, 32) * 16 = 16384.
TEST(CBT_SUITE(MlaChunkedContext), HandWorkedWithDcp) {
  CBT_REQUIRE_DEVICE();
  for (const char* variant : {"clamp", "clamp_"}) {
    SCOPED_TRACE(variant);
    CaseData d = hand_case();
    const Call c = call(suite(kSuite), variant, d, at(2, 16), DeviceType::Host);
    expect_global_plan(c.outputs);
    EXPECT_EQ(values(output(c.outputs, "chunk_starts")), (Values{0, 0, 0, 16384, 16384, 16384, 32768, 32768, 32768}));
    EXPECT_EQ(values(output(c.outputs, "local_seq_lens")), (Values{0, 16384, 512, 0, 16384, 0, 0, 2240, 0}));
    EXPECT_EQ(values(output(c.outputs, "local_cu_seq_lens")),
              (Values{0, 0, 16384, 16896, 0, 0, 16384, 16384, 0, 0, 2240, 2240}));
    EXPECT_EQ(values(output(c.outputs, "seq_tot")), (Values{16896, 16384, 2240}));
  }
}

// vLLM's ops, each counted (host allocations), without DCP: max(context_lens) 1;
//   (context_lens > 0) 1 and its sum 1; chunk_starts: empty 1, arange 1 (multiply_ and the
//   copy_ in place); chunk_ends: + chunk 1, minimum 1; ends - starts 1; clamp 1 (0 in place);
//   0.27.0's has_empty_context: == 0 1, any 1; cu_seq_lens: zeros 1 (the cumsum into its view);
//   max of the chunk totals 1; req_indices 1; token_to_seq: zeros 1, per chunk (C = 3)
//   repeat_interleave's index 1 and index_select 1, copies into row views 0;
//   prefill_tokens_with_context: an item; seq_tot (sum) 1; max_seq_lens (.max(dim=1)) 2.
//   = 22 with clamp (0.25.0), 23 with clamp_ (0.27.0).
// DCP adds: the ranks' local lengths (get_dcp_local_seq_lens) 10; padded local lengths cdiv 2
//   and * I 1; local starts 2, ends 2, ends - starts 1, clamp 1 (0 in place); local cu 1 and
//   its max 1; the local token map 1 + 6.  = 50 with clamp, 50 with clamp_.
// Each clamp's result is int32[3, 3]: 36 bytes saved per plan, less has_empty_context's 9 + 3.
// The fused floor allocates its distinct outputs only: 6 without DCP, 8 with it.
TEST(CBT_SUITE(MlaChunkedContext), ExactAllocations) {
  CBT_REQUIRE_DEVICE();
  struct Expected { std::int64_t ranks, interleave; std::uint64_t clamp, in_place, fused; std::int64_t saved_bytes; };
  for (const Expected e : {Expected{1, 1, 22, 23, 6, 24}, Expected{2, 16, 50, 50, 8, 60}}) {
    SCOPED_TRACE(e.ranks);
    CaseData a = hand_case(), b = hand_case(), f = hand_case();
    const Call clamp = call(suite(kSuite), "clamp", a, at(e.ranks, e.interleave), DeviceType::Host);
    const Call in_place = call(suite(kSuite), "clamp_", b, at(e.ranks, e.interleave), DeviceType::Host);
    const Call fused = call(suite(kSuite), "fused", f, at(e.ranks, e.interleave), DeviceType::Host);
    EXPECT_EQ(clamp.allocations, e.clamp);
    EXPECT_EQ(in_place.allocations, e.in_place);
    EXPECT_EQ(fused.allocations, e.fused);
    EXPECT_EQ(clamp.bytes, in_place.bytes + e.saved_bytes);
  }
}

// No prefill with context: vLLM has no chunked-context metadata (0.27.0
// build_mla_chunked_context_metadata returns None; 0.25.0 leaves it None), so every variant
// returns no output. 0.27.0 allocates only the max (clamp_: 1); 0.25.0 has also counted the
// prefills with context (clamp: 3); the fused none, with and without DCP.
TEST(CBT_SUITE(MlaChunkedContext), WithoutContextReturnsNothing) {
  CBT_REQUIRE_DEVICE();
  for (const std::int64_t ranks : {1, 2}) {
    for (const auto& [variant, allocations] : {std::pair{"clamp", 3u}, {"clamp_", 1u}, {"fused", 0u}}) {
      SCOPED_TRACE(std::string(variant) + " D=" + std::to_string(ranks));
      CaseData d;
      d.device = DeviceType::Host;
      d.add("context_lens", i32({0, 0, 0}, {3}, DeviceType::Host));
      const Call c = call(suite(kSuite), variant, d, at(ranks, ranks > 1 ? 16 : 1), DeviceType::Host);
      EXPECT_TRUE(c.outputs.empty());
      EXPECT_EQ(c.allocations, allocations);
      EXPECT_EQ(values(d.get("context_lens")), (Values{0, 0, 0}));
    }
  }
}

TEST(CBT_SUITE(MlaChunkedContext), QuickSet) {
  CBT_REQUIRE_DEVICE();
  // What 0.27.0's build allocates less than 0.25.0's: one per clamp_ (two plans under DCP), less
  // has_empty_context's two; with no context, 0.25.0 alone has counted the prefills with context.
  check_quick_set(suite(kSuite), [](const ParamPoint& p) -> std::int64_t {
    return p.get("L") == 0 ? 2 : (p.get("D") > 1 ? 2 : 1) - 2;
  });
  for (const auto& p : suite(kSuite).points(SizeSet::Full)) {
    EXPECT_TRUE(p.get("D") > 1 || p.get("I") == 1);
    EXPECT_TRUE(p.get("L") > 0 || p.get("D") == 1);
  }
}

// The quick set holds, for every seed, one case where no request has context and cases that
// mix requests with and without context.
TEST(CBT_SUITE(MlaChunkedContext), QuickSetMixesRequestsWithAndWithoutContext) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  std::size_t without_any = 0;
  for (const auto& p : s.points(SizeSet::Quick)) {
    for (const std::uint64_t seed : {1u, 7u, 1234u}) {
      SCOPED_TRACE(p.label() + " seed " + std::to_string(seed));
      const Values c = values(s.make_inputs(p, seed, kDevice).get("context_lens"));
      ASSERT_EQ(c.size(), static_cast<std::size_t>(p.get("P")));
      const auto zeros = std::count(c.begin(), c.end(), 0);
      if (p.get("L") == 0) {
        EXPECT_EQ(zeros, p.get("P"));
        ++without_any;
        continue;
      }
      EXPECT_GT(zeros, 0);
      EXPECT_EQ(*std::max_element(c.begin(), c.end()), p.get("L"));
    }
  }
  EXPECT_EQ(without_any, 3u);  // one quick point, three seeds
}

TEST(CBT_SUITE(MlaChunkedContext), GeneratorIsDeterministicAndRealistic) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  const ParamPoint p = point({{"P", 32}, {"L", 131072}, {"D", 1}, {"I", 1}});
  check_generator_determinism(s, p);
  const CaseData d = s.make_inputs(p, 1, kDevice);
  EXPECT_EQ(d.device, DeviceType::Host);
  const Values c = values(d.get("context_lens"));
  ASSERT_EQ(c.size(), 32u);
  EXPECT_EQ(*std::max_element(c.begin(), c.end()), 131072);
  EXPECT_GT(std::count(c.begin(), c.end(), 0), 0);  // prefills without cached context
  EXPECT_GT(std::count_if(c.begin(), c.end(), [](std::int64_t v) { return v > 0 && v < 2048; }), 0);
}

// The floor's inputs: the context lengths through a strided view, and one new token per
// prefill (vLLM reads one offset).
CaseData mla_case(const std::vector<std::int32_t>& lens) {
  CaseData data;
  data.device = DeviceType::Host;
  data.add("context_lens", column_view(lens, DeviceType::Host));
  std::vector<std::int32_t> query_start(lens.size() + 1);
  for (std::size_t i = 0; i < query_start.size(); ++i) query_start[i] = static_cast<std::int32_t>(i);
  data.add("prefill_query_start_loc_cpu", i32(query_start, Dims{static_cast<std::int64_t>(query_start.size())},
                                              DeviceType::Host), Role::Persistent);
  return data;
}

// The floor: only the distinct outputs. Without DCP the eager builder returns the global
// plan's tensors as the local ones.
TEST(CBT_SUITE(MlaChunkedContext), FloorQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("mla_chunked_context"), [](const ParamPoint& p) {
    return p.get("L") == 0 ? 0u : p.get("D") > 1 ? 8u : 6u;  // L = 0: no request has context, no outputs
  });
}

// Two requests with context, so chunks of 65536 / 2 = 32768 tokens: chunk 1 holds only
// request 1's last 7232 tokens, and its token map ends in a tail past cu[1, P] = 7232.
TEST(CBT_SUITE(MlaChunkedContext), FloorTokenMapTailIsZero) {
  CBT_REQUIRE_DEVICE();
  CaseData data = mla_case({10, 40000});
  const ParamPoint p = point({{"D", 1}, {"I", 1}});
  const Outputs outs = run_floor("mla_chunked_context", data, p);
  EXPECT_EQ(values(output(outs, "cu_seq_lens")), (Values{0, 10, 32778, 0, 0, 7232}));
  EXPECT_EQ(values(output(outs, "token_to_seq")),
            concat({runs({{0, 10}, {1, 32768}}), runs({{1, 7232}, {0, 32778 - 7232}})}));
  expect_same_outputs(suite("mla_chunked_context").find_variant("clamp")->fn(data, p), outs);
}

TEST(CBT_SUITE(MlaChunkedContext), FloorDcpReadsStridedView) {
  CBT_REQUIRE_DEVICE();
  CaseData data = mla_case({0, 100, 70000, 33});
  const ParamPoint p = point({{"D", 2}, {"I", 16}});
  const Outputs outs = run_floor("mla_chunked_context", data, p);
  expect_same_outputs(suite("mla_chunked_context").find_variant("clamp")->fn(data, p), outs);
  // chunk 65536 / 3 rounded down to 64: 21824; local chunk cdiv(21824, 32) * 16 = 10912.
  EXPECT_EQ(values(output(outs, "chunk_starts")), concat({runs({{0, 4}}), runs({{10912, 4}}), runs({{21824, 4}}),
                                                          runs({{32736, 4}})}));
}

// vLLM's None: no outputs from the eager builder, none from the floor, with or without DCP.
TEST(CBT_SUITE(MlaChunkedContext), FloorWithoutContextReturnsNothing) {
  CBT_REQUIRE_DEVICE();
  for (const ParamPoint& p : {point({{"D", 1}, {"I", 1}}), point({{"D", 2}, {"I", 16}})}) {
    CaseData data = mla_case({0, 0});
    EXPECT_TRUE(suite("mla_chunked_context").find_variant("clamp")->fn(data, p).empty());
    const Call f = call(suite("mla_chunked_context"), "fused", data, p, DeviceType::Host);
    EXPECT_TRUE(f.outputs.empty());
    EXPECT_EQ(f.allocations, 0u);
  }
}

TEST(CBT_SUITE(MlaChunkedContext), FloorRefusesACudaCase) {
  CaseData data = mla_case({5});
  data.device = DeviceType::Cuda;
  try {
    run_floor("mla_chunked_context", data, point({{"D", 1}, {"I", 1}}));
    ADD_FAILURE() << "no error";
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Device);
  }
}

}  // namespace
}  // namespace clampbench::suite_tests
