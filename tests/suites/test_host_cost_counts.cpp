// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Host cost per call, worked out by hand from each builder's op sequence: ops by name, the
// kernels a device launches, the syncs. The same counts on host (the device's stand-in) and on
// cuda (the *Gpu build of this file), as allocations are.

#include <map>

#include "tests/suites/suite_test_util.h"

namespace clampbench::suite_tests {
namespace {

using Counts = std::map<std::string, std::int64_t>;

// mamba_prefix_caching, each variant as its release spells it. clamp (0.25.0): three
// cdiv(x, B) = neg(floor_divide(x, -B)) (2 ops each), a sub per index, add(nct, 1) for the
// first scheduled one, and two clamps: 12. clamp_ (0.27.0): torch.div(x + B - 1, B,
// rounding_mode="floor") - 1 (add, sub, div, sub) twice, div(nct + B, B) - 1 (add, div, sub),
// two clamp_: 13, as vLLM's code (upstream.py cost). Each op one kernel; nothing read back.
TEST(CBT_SUITE(HostCostCounts), MambaPrefixCaching) {
  CBT_REQUIRE_DEVICE();
  const ParamPoint p = point({{"R", 7}, {"B", 4}, {"L", 16}});
  const std::map<std::string, Counts> by_op = {
      {"clamp", Counts{{"add", 1}, {"clamp", 2}, {"floor_divide", 3}, {"neg", 3}, {"sub", 3}}},
      {"clamp_", Counts{{"add", 3}, {"clamp_", 2}, {"div", 3}, {"sub", 5}}}};
  for (const char* variant : {"clamp", "clamp_"}) {
    SCOPED_TRACE(variant);
    CaseData d;
    d.device = kDevice;
    d.add("num_computed_tokens", i32({0, 1, 4, 5, 7, 0, 0}, {7}), Role::Persistent);
    d.add("seq_lens", i32({3, 2, 5, 9, 8, 1, 0}, {7}), Role::Persistent);
    const HostCost c = call(suite("mamba_prefix_caching"), variant, d, p).cost;
    const std::int64_t ops = std::string(variant) == "clamp" ? 12 : 13;
    EXPECT_EQ(c.by_op, by_op.at(variant));
    EXPECT_EQ(c.ops, ops);
    EXPECT_EQ(c.launches, ops);
    EXPECT_EQ(c.syncs, 0);
    EXPECT_EQ(c.h2d_copies + c.d2h_copies + c.check_syncs, 0);
  }
  CaseData d;
  d.device = kDevice;
  d.add("num_computed_tokens", i32({0, 1, 4, 5, 7, 0, 0}, {7}), Role::Persistent);
  d.add("seq_lens", i32({3, 2, 5, 9, 8, 1, 0}, {7}), Role::Persistent);
  const HostCost fused = call(suite("mamba_prefix_caching"), "fused", d, p).cost;
  EXPECT_EQ(fused.ops, 0);      // its outputs come from Tensor::empty, not a dispatched op
  EXPECT_EQ(fused.launches, 1); // one kernel for the three indices
}

// static_sink, per KV-cache group: copy_(seen, add(seq_lens, sink)), masked_fill_(seen,
// eq(seen, sink), 0), copy_ of the block table: 5 ops, each one kernel (a copy_ on one device
// is an elementwise copy); max_seq_len is a Python int in vLLM, host-side values here. Both forms are the same sequence; only
// where the lengths go differs.
TEST(CBT_SUITE(HostCostCounts), StaticSinkPerGroup) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite("static_sink");
  for (std::int64_t groups : {1, 2}) {
    const ParamPoint p = point({{"R", 8}, {"pad", 0}, {"sink", 2}, {"bs", 16}, {"near", 0}, {"G", groups}, {"long", 0}});
    for (const char* variant : {"clamp", "clamp_"}) {
      SCOPED_TRACE(std::string(variant) + " G=" + std::to_string(groups));
      CaseData d = s.make_inputs(p, 1, kDevice);
      const HostCost c = call(s, variant, d, p).cost;
      EXPECT_EQ(c.by_op, (Counts{{"add", groups}, {"copy_", 2 * groups}, {"eq", groups},
                                 {"masked_fill_", groups}}));
      EXPECT_EQ(c.ops, 5 * groups);
      EXPECT_EQ(c.launches, 5 * groups);
      EXPECT_EQ(c.syncs, 0);
    }
    CaseData d = s.make_inputs(p, 1, kDevice);
    const HostCost fused = call(s, "fused", d, p).cost;
    EXPECT_EQ(fused.ops, 0);
    EXPECT_EQ(fused.launches, groups);  // one kernel per group
  }
}

// mla_chunked_context (host tensors in vLLM, C = 3 chunks), vLLM's ops: max + item, gt + sum +
// item, the chunk plan (empty, arange, mul_, copy_, add, minimum, sub and its clamp; 0.27.0's
// has_empty_context eq + any), zeros + cumsum into it, max + item of the totals, req_indices
// (arange), token_to_request (zeros, then per chunk repeat_interleave + index_select + copy_),
// prefill_tokens_with_context's item, the totals' sum and .max(dim=1): 31 ops (0.25.0), 33
// (0.27.0). Host tensors: the four scalar reads wait for nothing, and nothing is launched.
TEST(CBT_SUITE(HostCostCounts), MlaChunkedContextOnHostTensors) {
  for (const char* variant : {"clamp", "clamp_"}) {
    SCOPED_TRACE(variant);
    const bool release_0_27 = std::string(variant) == "clamp_";
    CaseData d;
    d.device = DeviceType::Host;
    d.add("context_lens", i32({0, 70000, 1000}, {3}, DeviceType::Host));
    d.add("prefill_query_start_loc_cpu", i32({0, 5, 9, 12}, {4}, DeviceType::Host), Role::Persistent);
    const HostCost c =
        call(suite("mla_chunked_context"), variant, d, point({{"P", 3}, {"L", 70000}, {"D", 1}, {"I", 1}}),
             DeviceType::Host)
            .cost;
    Counts want{{"add", 1}, {"arange", 2}, {std::string(variant), 1}, {"copy_", 4}, {"cumsum", 1}, {"empty", 1},
                {"full", 2}, {"gt", 1}, {"index_select", 3}, {"item", 4}, {"max", 3}, {"minimum", 1}, {"mul_", 1},
                {"repeat_interleave", 3}, {"sub", 1}, {"sum", 2}};
    if (release_0_27) want.insert({{"any", 1}, {"eq", 1}});
    EXPECT_EQ(c.by_op, want);
    EXPECT_EQ(c.ops, release_0_27 ? 33 : 31);
    EXPECT_EQ(c.launches, 0);
    EXPECT_EQ(c.syncs, 0);
  }
}

}  // namespace
}  // namespace clampbench::suite_tests
