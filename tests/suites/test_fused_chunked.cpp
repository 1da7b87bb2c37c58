// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused variant of the two chunked-context builders (MLA and ROCm AITER, host only): clamp's
// outputs bitwise, including MLA's zero tail and ROCm's int64 map with E in the tail, only the
// outputs allocated, inputs read through their views.

#include <gtest/gtest.h>

#include "kernels/error.h"
#include "suites/fused/mla_chunked_context_fused.h"
#include "suites/fused/rocm_aiter_fa_chunks_fused.h"
#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

namespace fused = clampbench::suites::fused;

// Column 1 of a host [n, 2] tensor: a strided, offset view.
Tensor host_column(const std::vector<std::int32_t>& v) {
  std::vector<std::int32_t> wide;
  for (auto x : v) wide.insert(wide.end(), {-5, x});
  return i32(wide, Dims{static_cast<std::int64_t>(v.size()), 2}, DeviceType::Host).select(1, 1);
}

CaseData host_case(const std::string& name, const std::vector<std::int32_t>& lens) {
  CaseData data;
  data.device = DeviceType::Host;
  data.add(name, host_column(lens));
  return data;
}

// MLA's inputs: the context lengths, and one new token per prefill (vLLM reads one offset).
CaseData mla_case(const std::vector<std::int32_t>& lens) {
  CaseData data = host_case("context_lens", lens);
  std::vector<std::int32_t> query_start(lens.size() + 1);
  for (std::size_t i = 0; i < query_start.size(); ++i) query_start[i] = static_cast<std::int32_t>(i);
  data.add("prefill_query_start_loc_cpu", i32(query_start, Dims{static_cast<std::int64_t>(query_start.size())},
                                              DeviceType::Host), Role::Persistent);
  return data;
}

TEST(CBT_SUITE(FusedChunked), MlaQuickSet) {
  CBT_REQUIRE_DEVICE();
  // Without DCP the eager builder returns the global plan's tensors as the local ones.
  check_fused_quick_set(suite("mla_chunked_context"), fused::fused_mla_chunked_context, [](const ParamPoint& p) {
    return p.get("L") == 0 ? 0u : p.get("D") > 1 ? 8u : 6u;  // L = 0: no request has context, no outputs
  });
}

TEST(CBT_SUITE(FusedChunked), RocmQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("rocm_aiter_fa_chunks"), fused::fused_rocm_aiter_fa_chunks,
                        [](const ParamPoint&) { return 5u; });  // seq_tot is a view of cu, as vLLM's
}

TEST(CBT_SUITE(FusedChunked), VariantsAreClampClampAndFused) {
  CBT_REQUIRE_DEVICE();
  EXPECT_EQ(variant_names(suite("mla_chunked_context")), (std::vector<std::string>{"clamp", "clamp_", "fused"}));
  EXPECT_EQ(variant_names(suite("rocm_aiter_fa_chunks")), (std::vector<std::string>{"clamp", "clamp_", "fused"}));
}

// Two requests with context, so chunks of 65536 / 2 = 32768 tokens: chunk 1 holds only
// request 1's last 7232 tokens, and its token map ends in a tail past cu[1, P] = 7232.
TEST(CBT_SUITE(FusedChunked), MlaTokenMapTailIsZero) {
  CBT_REQUIRE_DEVICE();
  CaseData data = mla_case({10, 40000});
  const ParamPoint p = point({{"D", 1}, {"I", 1}});
  const Outputs outs = fused::fused_mla_chunked_context(data, p);
  EXPECT_EQ(values(output(outs, "cu_seq_lens")), (Values{0, 10, 32778, 0, 0, 7232}));
  EXPECT_EQ(values(output(outs, "token_to_seq")),
            concat({runs({{0, 10}, {1, 32768}}), runs({{1, 7232}, {0, 32778 - 7232}})}));
  expect_same_outputs(suite("mla_chunked_context").find_variant("clamp")->fn(data, p), outs);
}

TEST(CBT_SUITE(FusedChunked), MlaDcpReadsStridedView) {
  CBT_REQUIRE_DEVICE();
  CaseData data = mla_case({0, 100, 70000, 33});
  const ParamPoint p = point({{"D", 2}, {"I", 16}});
  const Outputs outs = fused::fused_mla_chunked_context(data, p);
  expect_same_outputs(suite("mla_chunked_context").find_variant("clamp")->fn(data, p), outs);
  // chunk 65536 / 3 rounded down to 64: 21824; local chunk cdiv(21824, 32) * 16 = 10912.
  EXPECT_EQ(values(output(outs, "chunk_starts")), concat({runs({{0, 4}}), runs({{10912, 4}}), runs({{21824, 4}}),
                                                          runs({{32736, 4}})}));
}

// vLLM's None: no outputs from the eager builder, none from the fused one, with or without DCP.
TEST(CBT_SUITE(FusedChunked), MlaWithoutContextReturnsNothing) {
  CBT_REQUIRE_DEVICE();
  for (const ParamPoint& p : {point({{"D", 1}, {"I", 1}}), point({{"D", 2}, {"I", 16}})}) {
    CaseData data = mla_case({0, 0});
    EXPECT_TRUE(suite("mla_chunked_context").find_variant("clamp")->fn(data, p).empty());
    const Call f = call_fn(fused::fused_mla_chunked_context, "mla/fused", data, p, DeviceType::Host);
    EXPECT_TRUE(f.outputs.empty());
    EXPECT_EQ(f.allocations, 0u);
  }
}

// E = 2: chunks of 16384 tokens; chunk 1 holds request 1's last 3616, then the tail holds E.
TEST(CBT_SUITE(FusedChunked), RocmTokenMapIsInt64WithExtendCountInTheTail) {
  CBT_REQUIRE_DEVICE();
  CaseData data = host_case("computed_kv_lens", {7, 20000});
  const Outputs outs = fused::fused_rocm_aiter_fa_chunks(data, ParamPoint{});
  const Tensor& map = output(outs, "token_to_batch");
  EXPECT_EQ(map.dtype(), DType::Int64);
  EXPECT_EQ(values(map), concat({runs({{0, 7}, {1, 16384}}), runs({{1, 3616}, {2, 16391 - 3616}})}));
  expect_same_outputs(suite("rocm_aiter_fa_chunks").find_variant("clamp")->fn(data, ParamPoint{}), outs);
}

TEST(CBT_SUITE(FusedChunked), HostOnlyBuildersRefuseCudaCases) {
  CaseData mla = host_case("context_lens", {5});
  mla.device = DeviceType::Cuda;
  CaseData rocm = host_case("computed_kv_lens", {5});
  rocm.device = DeviceType::Cuda;
  try {
    fused::fused_mla_chunked_context(mla, point({{"D", 1}, {"I", 1}}));
    ADD_FAILURE() << "no error";
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Device);
  }
  try {
    fused::fused_rocm_aiter_fa_chunks(rocm, ParamPoint{});
    ADD_FAILURE() << "no error";
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Device);
  }
}

}  // namespace
}  // namespace clampbench::suite_tests
