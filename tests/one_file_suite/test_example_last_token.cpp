// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The one-file suite of example_last_token.cpp: registered by its own file alone, it shows up
// in all_suites(), `clampbench list` and `clampbench run`; its hand-worked case and exact
// allocation counts, as every suite's test has them.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "harness/cli/cli.h"
#include "kernels/ledger.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"
#include "suites/suite.h"

namespace clampbench {
namespace {

constexpr const char* kName = "example_last_token";

std::pair<int, std::string> cli(std::vector<std::string> args) {
  args.insert(args.begin(), "clampbench");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  std::ostringstream out, err;
  const int code = run_cli(static_cast<int>(argv.size()), argv.data(), all_suites(), out, err);
  return {code, out.str() + err.str()};
}

TEST(OneFileSuite, RegistersItselfInItsPlaceByName) {
  const Suite* s = find_suite(kName);
  ASSERT_NE(s, nullptr);
  const auto& all = all_suites();
  EXPECT_GT(all.size(), 1u);
  // Beside the real suites, where its name puts it: no order was chosen by hand.
  for (std::size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1].name, all[i].name);
}

// seq_lens [0, 1, 5, 0] -> seq_lens - 1 = [-1, 0, 4, -1] -> clamped [0, 0, 4, 0].
// clamp: sub + clamp = 2 allocations of int32[4] (16 bytes each); clamp_: sub only = 1;
// fused: the output only = 1.
TEST(OneFileSuite, HandWorkedCaseAndExactAllocations) {
  const Suite& s = *find_suite(kName);
  for (const auto& [variant, allocations] : {std::pair{"clamp", 2u}, {"clamp_", 1u}, {"fused", 1u}}) {
    SCOPED_TRACE(variant);
    CaseData d;
    d.add("seq_lens", from_vector<std::int32_t>({0, 1, 5, 0}, Dims{4}, DeviceType::Host), Role::Persistent);
    LedgerScope scope(Runtime::current().ledger(), variant);
    const Outputs outs = s.find_variant(variant)->fn(d, ParamPoint{});
    const PerDevice counts = scope.close();
    EXPECT_EQ(counts[0].allocations, allocations);
    EXPECT_EQ(counts[0].bytes_requested, 16u * allocations);
    ASSERT_EQ(outs.size(), 1u);
    const Tensor& out = outs[0].tensor;
    ASSERT_EQ(out.dtype(), DType::Int32);
    const auto* v = static_cast<const std::int32_t*>(out.data_ptr());
    EXPECT_EQ(std::vector<std::int32_t>(v, v + 4), (std::vector<std::int32_t>{0, 0, 4, 0}));
    const auto* lens = static_cast<const std::int32_t*>(d.get("seq_lens").data_ptr());
    EXPECT_EQ(std::vector<std::int32_t>(lens, lens + 4), (std::vector<std::int32_t>{0, 1, 5, 0}));  // persistent
  }
}

TEST(OneFileSuite, ShowsUpInListAndRun) {
  const auto [list_code, list] = cli({"list"});
  EXPECT_EQ(list_code, 0);
  EXPECT_NE(list.find("example_last_token  (host; 2 quick / 2 nightly / 3 full cases)"), std::string::npos) << list;
  const auto out = std::filesystem::temp_directory_path() / ("one_file_suite_" + std::to_string(::getpid()) + ".json");
  const auto [run_code, log] = cli({"run", "--suite", kName, "--backend", "host", "--no-timing", "--out", out.string()});
  ASSERT_EQ(run_code, 0) << log;
  std::ifstream in(out);
  const auto doc = nlohmann::json::parse(in);
  std::filesystem::remove(out);
  ASSERT_EQ(doc["cases"].size(), 2u);
  EXPECT_EQ(doc["cases"][0]["case_id"], "example_last_token/R=4");
  for (const auto& v : doc["cases"][1]["variants"]) EXPECT_EQ(v["verdict"], "same") << v["name"];
  EXPECT_EQ(doc["cases"][1]["variants"][1]["saved_vs_reference"]["allocations"], 1);
}

}  // namespace
}  // namespace clampbench
