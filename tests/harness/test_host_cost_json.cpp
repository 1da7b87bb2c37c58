// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The "host_cost" block of a variant: written and read back unchanged, absent in older files
// (read as not counted), and refused, naming its place, where its parts contradict each other
// or a count is not one.

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "harness/results_json/reader.h"
#include "harness/results_json/writer.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

using json = nlohmann::json;

CaseResult a_case() {
  VariantResult v;
  v.name = "clamp_";
  v.host_cost = HostCost{3, {{"clamp_", 1}, {"item", 2}}, 1, 3, {{"item", 2}, {"synchronize", 1}}, 1, 2, 1};
  return testing::case_of(v);
}

// The error text of reading the case with `pointer` (under the block) set to `bad`; "" if read.
std::string refusal(const std::string& pointer, const json& bad) {
  return testing::read_refusal(a_case(), "/variants/1/host_cost" + pointer, bad);
}

bool says(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(HostCostJson, ReadsBackUnchanged) {
  const json j = to_json(a_case(), false);
  EXPECT_EQ(j["variants"][0]["host_cost"], nullptr);
  EXPECT_EQ(j["variants"][1]["host_cost"]["version"], 1);
  const CaseResult back = read_case(j);
  EXPECT_FALSE(back.variants[0].host_cost.has_value());
  EXPECT_EQ(back.variants[1].host_cost, a_case().variants[1].host_cost);
}

TEST(HostCostJson, AnOlderFileWithoutTheBlockReadsAsNotCounted) {
  json j = to_json(a_case(), false);
  j["variants"][1].erase("host_cost");
  EXPECT_FALSE(read_case(j).variants[1].host_cost.has_value());
}

TEST(HostCostJson, CountsThatAreNotCountsAreRefusedByPlace) {
  for (const char* field : {"/ops", "/launches", "/syncs", "/h2d_copies", "/d2h_copies", "/check_syncs", "/by_op/item"}) {
    SCOPED_TRACE(field);
    for (const json& bad : {json(-1), json(1.5), json("3"), json(true), json(nullptr)}) {
      const std::string text = refusal(field, bad);
      EXPECT_TRUE(says(text, "host_cost")) << bad.dump() << ": " << text;
    }
  }
}

TEST(HostCostJson, PartsThatContradictTheTotalsAreRefused) {
  EXPECT_TRUE(says(refusal("/ops", 4), "by_op does not add up to its ops (4)")) << refusal("/ops", 4);
  EXPECT_TRUE(says(refusal("/syncs", 2), "sync_ops does not add up"));
  EXPECT_TRUE(says(refusal("/by_op/clamp_", 0), "a zero count"));
  EXPECT_TRUE(says(refusal("/d2h_copies", 4), "more copies to host than syncs"));
  EXPECT_TRUE(says(refusal("/by_op", json::array()), "expected an object"));
}

TEST(HostCostJson, CountsWhoseSumWrapsAroundToTheTotalAreRefused) {
  // int64 max twice and 5 wrap to 3, the block's ops and syncs: read unchecked, they passed.
  constexpr auto most = std::numeric_limits<std::int64_t>::max();
  for (const char* block : {"/by_op", "/sync_ops"}) {
    const std::string text = refusal(block, {{"a", most}, {"b", most}, {"c", 5}});
    EXPECT_EQ(text.rfind(fmt::format("cases[0].variants[1].host_cost{}: its counts add up to more than {}",
                                      std::string(block).replace(0, 1, "."), most), 0), 0u) << text;
  }
  EXPECT_EQ(refusal("/by_op", {{"a", 1}, {"b", 2}}), "");
  // A sum of int64 max fits: it is compared with ops as any other.
  EXPECT_TRUE(says(refusal("/by_op", {{"a", most - 1}, {"b", 1}}), "does not add up to its ops (3)"));
}

TEST(HostCostJson, AnotherVersionIsRefused) {
  EXPECT_TRUE(says(refusal("/version", 2), "host_cost version 2; this build reads version 1")) << refusal("/version", 2);
  EXPECT_NE(refusal("/version", nullptr), "");
}

}  // namespace
}  // namespace clampbench
