// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused variant of the DeepSeek V4 compressor builder: clamp's outputs and request-index
// buffer bitwise, only the returned table allocated, the runner's table read through its
// view's strides and never written.

#include <gtest/gtest.h>

#include "suites/fused/compressor_block_table_fused.h"
#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

namespace fused = clampbench::suites::fused;

TEST(CBT_SUITE(FusedCompressor), QuickSet) {
  CBT_REQUIRE_DEVICE();
  check_fused_quick_set(suite("compressor_block_table"), fused::fused_compressor_block_table,
                        [](const ParamPoint&) { return FloorCost{1, 1}; });
}

TEST(CBT_SUITE(FusedCompressor), ReadsAStridedTable) {
  CBT_REQUIRE_DEVICE();
  const Suite& s = suite("compressor_block_table");
  const ParamPoint p = point({{"R", 8}, {"L", 1024}, {"ratio", 4}, {"padding", 2}});
  CaseData data = s.make_inputs(p, 11, kDevice);
  widen_columns(data, "block_table", Role::Persistent);
  check_fused_case(s, fused::fused_compressor_block_table, std::move(data), p, FloorCost{1, 1}, "");
}

}  // namespace
}  // namespace clampbench::suite_tests
