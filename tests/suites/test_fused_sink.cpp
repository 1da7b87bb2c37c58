// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused variant of the static-sink builder: clamp's outputs and builder buffers bitwise,
// nothing allocated, the runner's seq_lens and table read and never written.

#include <gtest/gtest.h>

#include "suites/fused/static_sink_fused.h"
#include "tests/suites/fused_test_util.h"

namespace clampbench::suite_tests {
namespace {

namespace fused = clampbench::suites::fused;

TEST(CBT_SUITE(FusedStaticSink), QuickSet) {
  CBT_REQUIRE_DEVICE();
  // One kernel per KV-cache group.
  check_fused_quick_set(suite("static_sink"), fused::fused_static_sink,
                        [](const ParamPoint& p) { return FloorCost{0, p.get("G")}; });
}

}  // namespace
}  // namespace clampbench::suite_tests
