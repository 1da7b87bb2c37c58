// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Short op chains in the shape of the builders, with literal expected
// values and exact allocation counts for the clamp and clamp_ forms.

#include "suites/detail/builder_ops.h"
#include "tests/kernels/kernel_test_util.h"

namespace clampbench::test {
namespace {

using suites::detail::cdiv;  // vllm.utils.cdiv on tensors, as the builders spell it

struct PrefixIndices {
  Tensor last_computed, first_scheduled, last_scheduled;
};

// mamba_attn 1a with block size 256.
PrefixIndices prefix_indices(const Tensor& nct, const Tensor& seq_lens, bool in_place) {
  PrefixIndices r;
  r.last_computed = sub(cdiv(nct, 256), 1);
  r.first_scheduled = sub(cdiv(add(nct, 1), 256), 1);
  r.last_scheduled = sub(cdiv(seq_lens, 256), 1);
  if (in_place) {
    clamp_(r.last_computed, 0);
    clamp_(r.last_scheduled, 0);
  } else {
    r.last_computed = clamp(r.last_computed, 0);
    r.last_scheduled = clamp(r.last_scheduled, 0);
  }
  return r;
}

TEST(OpsScenarios, MambaPrefixCachingBlockIndices) {
  const Tensor nct = i32({0, 1, 256, 300});
  const Tensor seq = i32({0, 10, 512, 600});
  for (bool in_place : {false, true}) {
    PrefixIndices r;
    EXPECT_EQ(host_allocs([&] { r = prefix_indices(nct, seq, in_place); }), in_place ? 10u : 12u);
    EXPECT_EQ(to_vector<std::int32_t>(r.last_computed), (I32{0, 0, 0, 1}));
    EXPECT_EQ(to_vector<std::int32_t>(r.first_scheduled), (I32{0, 0, 1, 1}));
    EXPECT_EQ(to_vector<std::int32_t>(r.last_scheduled), (I32{0, 0, 1, 2}));
  }
  EXPECT_EQ(to_vector<std::int32_t>(nct), (I32{0, 1, 256, 300}));  // inputs untouched
}

TEST(OpsScenarios, BlockTableGatherAlign) {
  // attention utils: start = (seq - 1) // B clamped at 0; idx = start[:, None] + arange(1 + S)
  const Tensor table = i32({10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33}, Dims{3, 4});
  const Tensor seq = i32({0, 300, 700});
  Tensor out;
  const std::uint64_t n = host_allocs([&] {
    Tensor start = floor_divide(sub(seq, 1), 256);  // 2
    clamp_(start, 0);                               // 0
    const Tensor offsets = arange(2, DType::Int32, DeviceType::Host);  // 1
    const Tensor idx = to(add(start.unsqueeze(1), offsets), DType::Int64);  // 2
    out = gather(table, 1, idx);  // 1
  });
  EXPECT_EQ(n, 6u);
  EXPECT_EQ(out.shape(), (Dims{3, 2}));
  EXPECT_EQ(to_vector<std::int32_t>(out), (I32{10, 11, 21, 22, 32, 33}));
}

TEST(OpsScenarios, NgramSuffixMatch) {
  // token rows of length 6; n = 2; suffix = last 2 tokens of each row's valid prefix.
  const Tensor tokens = i32({1, 2, 3, 1, 2, 0, 5, 6, 7, 8, 9, 9}, Dims{2, 6});
  const Tensor seq_lens = i32({5, 6});
  const Tensor windows = tokens.unfold(1, 2, 1);                      // [2, 5, 2]
  Tensor suffix_indices = add(sub(seq_lens, 2).unsqueeze(1), arange(2, DType::Int64, DeviceType::Host));
  EXPECT_EQ(suffix_indices.dtype(), DType::Int64);
  clamp_(suffix_indices, 0);
  const Tensor suffix = gather(tokens, 1, suffix_indices);             // [[1, 2], [9, 9]]
  EXPECT_EQ(to_vector<std::int32_t>(suffix), (I32{1, 2, 9, 9}));
  const Tensor match = all(eq(windows, suffix.unsqueeze(1)), -1);     // [2, 5]
  EXPECT_EQ(to_vector<std::uint8_t>(match), (B8{1, 0, 0, 1, 0, 0, 0, 0, 0, 1}));
  EXPECT_EQ(to_vector<std::int64_t>(argmax(match, 1)), (I64{0, 4}));
}

TEST(OpsScenarios, ChunkedContextLens) {
  // mla: chunk_starts [C, 1] = arange(C)[:, None] * chunk; ends = minimum(ctx[None], starts + chunk)
  const Tensor ctx = i32({100, 0, 250});
  const Tensor starts = mul(arange(3, DType::Int32, DeviceType::Host).unsqueeze(1), 128);
  const Tensor ends = minimum(ctx.unsqueeze(0), add(starts, 128));
  Tensor lens = sub(ends, starts);
  EXPECT_EQ(to_vector<std::int32_t>(lens), (I32{100, 0, 128, -28, -128, 122, -156, -256, -6}));
  clamp_(lens, 0);
  EXPECT_EQ(to_vector<std::int32_t>(lens), (I32{100, 0, 128, 0, 0, 122, 0, 0, 0}));
  EXPECT_EQ(to_vector<std::int64_t>(cumsum(lens, 1)), (I64{100, 100, 228, 0, 0, 122, 0, 0, 0}));
  EXPECT_EQ(item_int(max(sum(lens, 1))), 228);
}

}  // namespace
}  // namespace clampbench::test
