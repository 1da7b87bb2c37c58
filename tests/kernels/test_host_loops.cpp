// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The host loops' fast paths (typed rows, slice-wise folds, long rows first) against values
// worked element by element, on layouts that take each path; and repeat_interleave.

#include "tests/kernels/kernel_test_util.h"

namespace clampbench::test {
namespace {

I32 iota(std::int64_t n, std::int32_t mod) {
  I32 v(n);
  for (std::int64_t i = 0; i < n; ++i) v[i] = static_cast<std::int32_t>((i * 7 + 3) % mod) - mod / 2;
  return v;
}

// Sum, amax and cumsum over the middle dim of [3, 5, 40] (folded per outer block), and a sum
// over a strided view, against per-element loops.
TEST(HostLoops, MiddleDimFoldsMatchElementLoops) {
  const I32 v = iota(3 * 5 * 40, 11);
  const Tensor t = i32(v, Dims{3, 5, 40});
  const I64 s = to_vector<std::int64_t>(sum(t, 1));
  const I32 m = to_vector<std::int32_t>(amax(t, 1));
  const I64 c = to_vector<std::int64_t>(cumsum(t, 1));
  for (int a = 0; a < 3; ++a)
    for (int j = 0; j < 40; ++j) {
      std::int64_t acc = 0;
      std::int32_t best = v[a * 200 + j];
      for (int k = 0; k < 5; ++k) {
        acc += v[a * 200 + k * 40 + j];
        best = std::max(best, v[a * 200 + k * 40 + j]);
        EXPECT_EQ(c[a * 200 + k * 40 + j], acc);
      }
      EXPECT_EQ(s[a * 40 + j], acc);
      EXPECT_EQ(m[a * 40 + j], best);
    }
  const Tensor column = t.select(2, 7);  // [3, 5] with strides (200, 40): strided rows
  const I64 sc = to_vector<std::int64_t>(sum(column, 0));
  for (int k = 0; k < 5; ++k) EXPECT_EQ(sc[k], std::int64_t{v[k * 40 + 7]} + v[200 + k * 40 + 7] + v[400 + k * 40 + 7]);
}

// ngram_find's shape: eq of unfolded windows [B, W, n] against a broadcast suffix, then all
// over the short last dim (whole outputs per k, long rows first).
TEST(HostLoops, UnfoldedWindowsMatchElementLoops) {
  const I32 v = iota(2 * 300, 3);
  const Tensor tokens = i32(v, Dims{2, 300});
  const Tensor suffix = i32({0, 1, -1, 1, 0, 1}, Dims{2, 1, 3});
  const Tensor windows = tokens.unfold(1, 3, 1);  // [2, 298, 3]
  const Tensor matches = all(eq(windows, suffix), -1);
  const B8 got = to_vector<std::uint8_t>(matches);
  const I32 suf = {0, 1, -1, 1, 0, 1};
  for (int b = 0; b < 2; ++b)
    for (int w = 0; w < 298; ++w) {
      bool all_eq = true;
      for (int k = 0; k < 3; ++k) all_eq = all_eq && v[b * 300 + w + k] == suf[b * 3 + k];
      EXPECT_EQ(static_cast<bool>(got[b * 298 + w]), all_eq) << b << "," << w;
    }
}

// int32 against int64 in the typed loops (promoted to int64), output bool.
TEST(HostLoops, MixedIntegerOperands) {
  const Tensor a = arange(100, DType::Int64, DeviceType::Host);
  const Tensor b = i32({10, 50}, Dims{2, 1});
  const B8 got = to_vector<std::uint8_t>(le(a, b));
  for (int r = 0; r < 2; ++r)
    for (int i = 0; i < 100; ++i) EXPECT_EQ(static_cast<bool>(got[r * 100 + i]), i <= (r ? 50 : 10));
}

TEST(HostLoops, RepeatInterleave) {
  const Tensor self = i32({0, 1, 2, 3});
  const Tensor repeats = i32({2, 0, 3, 1});
  Tensor out;
  // ATen's composite: the index (repeat_interleave(repeats), the repeats' dtype), then index_select.
  EXPECT_EQ(host_allocs([&] { out = repeat_interleave(self, repeats); }), 2u);
  EXPECT_EQ(repeat_interleave(repeats).dtype(), DType::Int32);
  EXPECT_EQ(to_vector<std::int32_t>(repeat_interleave(repeats)), (I32{0, 0, 2, 2, 2, 3}));
  EXPECT_EQ(to_vector<std::int32_t>(index_select(i32({5, 6, 7}), 0, i64({2, 2, 0}))), (I32{7, 7, 5}));
  EXPECT_EQ(to_vector<std::int64_t>(index_select(i64({5, 6, 7, 8}).slice(0, 1, 4), 0, i32({2, 0}))), (I64{8, 6}));
  std::string message;
  EXPECT_EQ(error_kind_of([&] { index_select(i32({5, 6, 7}), 0, i64({1, 3})); }, &message), ErrorKind::IndexOutOfRange);
  EXPECT_NE(message.find("index 3"), std::string::npos) << message;
  EXPECT_EQ(out.dtype(), DType::Int32);
  EXPECT_EQ(to_vector<std::int32_t>(out), (I32{0, 0, 2, 2, 2, 3}));  // a zero repeat skips
  const Tensor rows = i64({1, 2, 0, 0, 1, 4}, Dims{2, 3});
  EXPECT_EQ(to_vector<std::int32_t>(repeat_interleave(i32({7, 8, 9}), rows.select(0, 1))), (I32{8, 9, 9, 9, 9}));
  EXPECT_EQ(error_kind_of([&] { repeat_interleave(self, i32({1, -1, 0, 0})); }), ErrorKind::InvalidArgument);
  EXPECT_EQ(error_kind_of([&] { repeat_interleave(self, i32({1, 1})); }), ErrorKind::ShapeMismatch);
}

}  // namespace
}  // namespace clampbench::test
