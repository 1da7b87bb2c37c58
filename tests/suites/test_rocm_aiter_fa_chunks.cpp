// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// rocm_aiter_fa_chunks on hand-worked inputs, exact allocation counts, quick set and generator. Host
// tensors: the same on both executables.

#include <algorithm>

#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

const char* const kSuite = "rocm_aiter_fa_chunks";

// E = 2: chunk = 32768 // 2 = 16384, C = cdiv(40000, 16384) = 3. The 5000-token request is
// done after chunk 0, so chunks 1 and 2 start past its context (5000 - 16384 < 0 -> 0).
CaseData hand_case() {
  CaseData d;
  d.device = DeviceType::Host;
  d.add("computed_kv_lens", i32({40000, 5000}, {2}, DeviceType::Host));
  return d;
}

const ParamPoint kPoint = point({{"E", 2}, {"L", 40000}});

TEST(CBT_SUITE(RocmAiterFaChunks), HandWorkedBothVariants) {
  CBT_REQUIRE_DEVICE();
  for (const char* variant : {"clamp", "clamp_"}) {
    SCOPED_TRACE(variant);
    CaseData d = hand_case();
    const Call c = call(suite(kSuite), variant, d, kPoint, DeviceType::Host);
    EXPECT_EQ(values(output(c.outputs, "chunk_starts")), (Values{0, 0, 16384, 16384, 32768, 32768}));
    EXPECT_EQ(values(output(c.outputs, "seq_lens")), (Values{16384, 5000, 16384, 0, 7232, 0}));
    EXPECT_EQ(values(output(c.outputs, "cu_seq_lens")), (Values{0, 16384, 21384, 0, 16384, 16384, 0, 7232, 7232}));
    const Tensor& t2b = output(c.outputs, "token_to_batch");
    EXPECT_EQ(t2b.dtype(), DType::Int64);  // cumsum of a sum of bools, as in vLLM
    EXPECT_EQ(t2b.shape(), (Dims{3, 21384}));
    EXPECT_EQ(values(t2b), concat({runs({{0, 16384}, {1, 5000}}),    // chunk 0: both requests
                                   runs({{0, 16384}, {2, 5000}}),    // chunk 1: only request 0
                                   runs({{0, 7232}, {2, 14152}})}));  // chunk 2: request 0's tail
    EXPECT_EQ(values(output(c.outputs, "seq_tot")), (Values{21384, 16384, 7232}));
    EXPECT_EQ(values(output(c.outputs, "max_seq_lens")), (Values{16384, 16384, 7232}));
    EXPECT_EQ(values(d.get("computed_kv_lens")), (Values{40000, 5000}));
  }
}

// vLLM's ops, each counted (host allocations):
//   max(computed) 1; chunk_starts: arange 1, * chunk 1; chunk_ends: + chunk 1, minimum 1;
//   ends - starts 1; clamp 1 (0 in place); cu_seq_lens: zeros 1 (the cumsum written into
//   cu[:, 1:]); max of the chunk totals 1; token_to_batch: arange 1, == 1, sum (int64) 1,
//   cumsum (int64) 1; seq_tot: cu[:, -1], a view; max_seq_lens: .max(dim=1), values and
//   indices 2.  = 15 with clamp, 14 with clamp_.
// The clamp's result is int32[3, 2]: 24 bytes saved.
TEST(CBT_SUITE(RocmAiterFaChunks), ExactAllocations) {
  CBT_REQUIRE_DEVICE();
  CaseData a = hand_case(), b = hand_case();
  const Call clamp = call(suite(kSuite), "clamp", a, kPoint, DeviceType::Host);
  const Call in_place = call(suite(kSuite), "clamp_", b, kPoint, DeviceType::Host);
  EXPECT_EQ(clamp.allocations, 15u);
  EXPECT_EQ(in_place.allocations, 14u);
  EXPECT_EQ(clamp.bytes, in_place.bytes + 24u);
}

TEST(CBT_SUITE(RocmAiterFaChunks), QuickSet) {
  CBT_REQUIRE_DEVICE();
  check_quick_set(suite(kSuite), [](const ParamPoint&) { return 1u; });
}

TEST(CBT_SUITE(RocmAiterFaChunks), GeneratorIsDeterministicAndRealistic) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite(kSuite);
  const ParamPoint p = point({{"E", 16}, {"L", 131072}});
  check_generator_determinism(s, p);
  const CaseData d = s.make_inputs(p, 1, kDevice);
  EXPECT_EQ(d.device, DeviceType::Host);
  const Values c = values(d.get("computed_kv_lens"));
  ASSERT_EQ(c.size(), 16u);
  std::int64_t max = 0, below_chunk = 0;
  for (auto v : c) {
    EXPECT_GE(v, 1);
    max = std::max(max, v);
    below_chunk += v < 32768 / 16;
  }
  EXPECT_EQ(max, 131072);
  EXPECT_GT(below_chunk, 0);  // some chunks start past a context
}

CaseData rocm_case(const std::vector<std::int32_t>& lens) {
  CaseData data;
  data.device = DeviceType::Host;
  data.add("computed_kv_lens", column_view(lens, DeviceType::Host));
  return data;
}

// The floor: only its outputs; seq_tot is a view of cu, as vLLM's.
TEST(CBT_SUITE(RocmAiterFaChunks), FloorQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("rocm_aiter_fa_chunks"), [](const ParamPoint&) { return 5u; });
}

// E = 2: chunks of 16384 tokens; chunk 1 holds request 1's last 3616, then the tail holds E.
TEST(CBT_SUITE(RocmAiterFaChunks), FloorTokenMapIsInt64WithExtendCountInTheTail) {
  CBT_REQUIRE_DEVICE();
  CaseData data = rocm_case({7, 20000});
  const Outputs outs = run_floor("rocm_aiter_fa_chunks", data, ParamPoint{});
  const Tensor& map = output(outs, "token_to_batch");
  EXPECT_EQ(map.dtype(), DType::Int64);
  EXPECT_EQ(values(map), concat({runs({{0, 7}, {1, 16384}}), runs({{1, 3616}, {2, 16391 - 3616}})}));
  expect_same_outputs(suite("rocm_aiter_fa_chunks").find_variant("clamp")->fn(data, ParamPoint{}), outs);
}

TEST(CBT_SUITE(RocmAiterFaChunks), FloorRefusesACudaCase) {
  CaseData data = rocm_case({5});
  data.device = DeviceType::Cuda;
  try {
    run_floor("rocm_aiter_fa_chunks", data, ParamPoint{});
    ADD_FAILURE() << "no error";
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Device);
  }
}

}  // namespace
}  // namespace clampbench::suite_tests
