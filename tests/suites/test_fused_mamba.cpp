// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused variant of the three mamba builders: clamp's outputs bitwise,
// only the outputs allocated, inputs read through their views' strides and offsets.

#include <gtest/gtest.h>

#include "kernels/error.h"
#include "suites/fused/mamba_block_table_fused.h"
#include "suites/fused/mamba_fallback_fused.h"
#include "suites/fused/mamba_prefix_caching_fused.h"
#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

namespace fused = clampbench::suites::fused;

// A strided, offset view of `v`: column 1 of a [n, 3] tensor whose other columns hold junk.
Tensor column_view(const std::vector<std::int32_t>& v) {
  std::vector<std::int32_t> wide;
  for (auto x : v) wide.insert(wide.end(), {-77, x, 99999});
  return i32(wide, Dims{static_cast<std::int64_t>(v.size()), 3}).select(1, 1);
}

TEST(CBT_SUITE(FusedMamba), PrefixCachingQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("mamba_prefix_caching"), fused::fused_mamba_prefix_caching,
                        [](const ParamPoint&) { return FloorCost{3, 1}; });
}

TEST(CBT_SUITE(FusedMamba), FallbackQuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("mamba_fallback"), fused::fused_mamba_fallback,
                        [](const ParamPoint&) { return FloorCost{1, 1}; });
}

TEST(CBT_SUITE(FusedMamba), BlockTableQuickSet) {
  CBT_REQUIRE_DEVICE();
  // One kernel, and the read-back of its first column past the table.
  check_fused_quick_set(suite("mamba_block_table"), fused::fused_mamba_block_table,
                        [](const ParamPoint&) { return FloorCost{1, 1, 1}; });
}

TEST(CBT_SUITE(FusedMamba), VariantsAreClampClampAndFused) {
  CBT_REQUIRE_DEVICE();
  EXPECT_EQ(variant_names(suite("mamba_prefix_caching")), (std::vector<std::string>{"clamp", "clamp_", "fused"}));
  EXPECT_EQ(variant_names(suite("mamba_fallback")), (std::vector<std::string>{"clamp", "clamp_", "fused"}));
  EXPECT_EQ(variant_names(suite("mamba_block_table")), (std::vector<std::string>{"clamp", "clamp_", "fused"}));
}

TEST(CBT_SUITE(FusedMamba), PrefixCachingReadsStridedViews) {
  CBT_REQUIRE_DEVICE();
  CaseData data;
  data.device = kDevice;
  data.add("num_computed_tokens", column_view({0, 255, 256, 257, 1000}), Role::Persistent);
  data.add("seq_lens", column_view({1, 256, 300, 257, 0}), Role::Persistent);
  const ParamPoint p = point({{"B", 256}});
  const Outputs outs = fused::fused_mamba_prefix_caching(data, p);
  EXPECT_EQ(values(output(outs, "block_idx_last_computed_token")), (Values{0, 0, 0, 1, 3}));
  EXPECT_EQ(values(output(outs, "block_idx_first_scheduled_token")), (Values{0, 0, 1, 1, 3}));
  EXPECT_EQ(values(output(outs, "block_idx_last_scheduled_token")), (Values{0, 0, 1, 1, 0}));
  expect_same_outputs(suite("mamba_prefix_caching").find_variant("clamp")->fn(data, p), outs);
}

TEST(CBT_SUITE(FusedMamba), FallbackReadsStridedViews) {
  CBT_REQUIRE_DEVICE();
  CaseData data;
  data.device = kDevice;
  data.add("num_computed_tokens", column_view({0, 1, 256, 257, 600}), Role::Persistent);
  data.add("prev_last_scheduled_idx", column_view({-1, -1, -1, 5, -1}), Role::Persistent);
  const ParamPoint p = point({{"B", 256}});
  const Outputs outs = fused::fused_mamba_fallback(data, p);
  EXPECT_EQ(values(output(outs, "block_idx_last_scheduled_token")), (Values{0, 0, 0, 5, 2}));
  expect_same_outputs(suite("mamba_fallback").find_variant("clamp")->fn(data, p), outs);
}

// Rows 1..3 of a [5, 6] table, columns 1..4: row and column offsets, row stride 6.
CaseData block_table_case(const std::vector<std::int32_t>& seq_lens) {
  std::vector<std::int32_t> table(5 * 6);
  for (std::size_t i = 0; i < table.size(); ++i) table[i] = static_cast<std::int32_t>(100 + i);
  CaseData data;
  data.device = kDevice;
  data.add("block_table", i32(table, Dims{5, 6}).narrow(0, 1, 3).narrow(1, 1, 4), Role::Persistent);
  data.add("seq_lens", column_view(seq_lens), Role::Persistent);
  return data;
}

TEST(CBT_SUITE(FusedMamba), BlockTableReadsStridedViews) {
  CBT_REQUIRE_DEVICE();
  CaseData data = block_table_case({0, 16, 17});
  const ParamPoint p = point({{"B", 16}, {"S", 1}});
  const Outputs outs = fused::fused_mamba_block_table(data, p);
  // Row r of the view starts at table[(r + 1) * 6 + 1].
  EXPECT_EQ(values(output(outs, "block_table")), (Values{107, 108, 113, 114, 120, 121}));
  expect_same_outputs(suite("mamba_block_table").find_variant("clamp")->fn(data, p), outs);
}

TEST(CBT_SUITE(FusedMamba), BlockTableColumnPastTheTableIsTheEagerError) {
  CBT_REQUIRE_DEVICE();
  const ParamPoint p = point({{"B", 16}, {"S", 1}});
  std::string eager, fused_message;
  CaseData a = block_table_case({1, 64, 1});  // row 1: start 3, columns 3 and 4 of 4
  try {
    suite("mamba_block_table").find_variant("clamp")->fn(a, p);
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::IndexOutOfRange);
    eager = e.what();
  }
  CaseData b = block_table_case({1, 64, 1});
  try {
    fused::fused_mamba_block_table(b, p);
  } catch (const TensorError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::IndexOutOfRange);
    fused_message = e.what();
  }
  EXPECT_FALSE(eager.empty());
  EXPECT_EQ(fused_message, eager);
}

}  // namespace
}  // namespace clampbench::suite_tests
