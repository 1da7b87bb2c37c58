// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The host cost's launches and copies against synthetic CUPTI figures of the same scope.

#include <gtest/gtest.h>

#include "harness/cupti/launch_check.h"

namespace clampbench::cupti {
namespace {

ScopeStats seen(std::uint64_t kernels, std::uint64_t memcpy_count) {
  ScopeStats s;
  s.available = true;
  s.kernels = kernels;
  s.memcpy_count = memcpy_count;
  return s;
}

HostCost cost(std::int64_t launches, std::int64_t d2h, std::int64_t checks) {
  HostCost c;
  c.launches = launches;
  c.syncs = c.d2h_copies = d2h;
  c.check_syncs = checks;
  return c;
}

TEST(CuptiLaunchCheck, EqualKernelsAndEnoughCopiesAgree) {
  const CrossCheck c = cross_check_launches(seen(12, 3), cost(12, 1, 1));
  EXPECT_EQ(c.status, CrossCheckStatus::Agree);
  EXPECT_EQ(c.detail, "kernels: CUPTI 12, host cost 12; memcpy records: CUPTI 3, host cost at least 2");
}

TEST(CuptiLaunchCheck, AKernelTheCountMissedDisagrees) {
  EXPECT_EQ(cross_check_launches(seen(13, 0), cost(12, 0, 0)).status, CrossCheckStatus::Disagree);
  EXPECT_EQ(cross_check_launches(seen(11, 0), cost(12, 0, 0)).status, CrossCheckStatus::Disagree);
}

TEST(CuptiLaunchCheck, FewerCopiesThanTheCountSaysDisagree) {
  EXPECT_EQ(cross_check_launches(seen(5, 1), cost(5, 1, 1)).status, CrossCheckStatus::Disagree);
}

TEST(CuptiLaunchCheck, NoCuptiOrDroppedRecordsAreNotComparable) {
  ScopeStats none;
  none.reason = "no CUDA device";
  EXPECT_EQ(cross_check_launches(none, cost(1, 0, 0)).status, CrossCheckStatus::NotComparable);
  EXPECT_EQ(cross_check_launches(none, cost(1, 0, 0)).detail, "CUPTI unavailable: no CUDA device");
  ScopeStats dropped = seen(1, 0);
  dropped.dropped_records = 2;
  EXPECT_EQ(cross_check_launches(dropped, cost(1, 0, 0)).status, CrossCheckStatus::NotComparable);
}

}  // namespace
}  // namespace clampbench::cupti
