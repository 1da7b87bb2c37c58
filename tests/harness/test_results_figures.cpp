// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The integer figures of a results file (results_json/figures.h), as `merge` and `run
// --resume` read them: a float, a bool, a string, a negative count or a value beyond its
// field's range is refused, naming its place; the JSON library alone read -1 as
// 18446744073709551615, 8.5 as 8 and true as 1.

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "harness/results_json/reader.h"
#include "harness/results_json/writer.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

using json = nlohmann::json;

// A case whose second variant holds a ledger, CUPTI figures, a timing, a mutation, a latent
// write, an instruction count and an allocation trace.
CaseResult a_case() {
  VariantResult v;
  v.name = "clamp_";
  v.ledger_valid = true;
  v.ledger[0].allocations = 3;
  v.ledger[0].peak_bytes = 96;
  v.cupti = CuptiResult{cupti::ScopeStats{}, {}};
  v.cupti->stats.available = true;
  v.cupti->stats.by_kind["device"] = {1, 1, 64, 64};
  v.mutations.push_back({"idx", Role::Persistent, 2, {{{0}, std::int64_t{-1}, std::int64_t{0}}}});
  v.latent_writes.push_back({"idx", "clamp_", "[0:4]", 1, 4, 2, true, "known"});
  v.instructions = 1234;
  v.allocation_trace.push_back({0, "clamp", "", DType::Int64, Dims{4}, 32, DeviceType::Host, -1});
  v.timing = Timing{};
  v.timing->primary = "wall";
  v.timing->rounds = 3;
  return testing::case_of(v);
}

// read_case of a document whose figure at `pointer` is `bad`: the error's text, "" if read.
std::string refusal(const std::string& pointer, const json& bad) { return testing::read_refusal(a_case(), pointer, bad); }

// The second variant's ledger with `field` set to `value` on its one device and in its total,
// which must stay their sum (test_ledger_total.cpp).
json ledger_with(const char* field, const json& value) {
  json ledger = to_json(a_case(), true)["variants"][1]["allocations"]["ledger"];
  ledger["host"][field] = ledger["total"][field] = value;
  return ledger;
}
const char* const kLedger = "/variants/1/allocations/ledger";

TEST(ResultsFigures, AValidCaseReadsBackToTheSameText) {
  const json j = to_json(a_case(), true);
  EXPECT_EQ(to_json(read_case(j), true).dump(2), j.dump(2));
}

TEST(ResultsFigures, EveryCountRefusesWhatIsNotOne) {
  const std::pair<const char*, const char*> counts[] = {  // JSON pointer under the case, the place named
      {"/variants/1/allocations/ledger/host/allocations", "variants[1].allocations.ledger.host.allocations"},
      {"/variants/1/allocations/ledger/host/segments_created", "variants[1].allocations.ledger.host.segments_created"},
      {"/variants/1/instructions", "variants[1].instructions"},
      {"/variants/1/allocations/cupti/by_memory_kind/device/bytes_allocated",
       "variants[1].allocations.cupti.by_memory_kind.device.bytes_allocated"},
      {"/variants/1/allocations/cupti/memcpy/count", "variants[1].allocations.cupti.memcpy.count"},
      {"/variants/1/checks/mutations/0/changed", "variants[1].checks.mutations[0].changed"},
      {"/variants/1/latent_writes/findings/0/elements_written", "variants[1].latent_writes.findings[0].elements_written"},
      {"/variants/1/timing/rounds", "variants[1].timing.rounds"},
      {"/variants/1/allocation_trace/allocations/0/bytes", "variants[1].allocation_trace.allocations[0].bytes"},
      {"/variants/1/allocation_trace/total", "variants[1].allocation_trace.total"}};
  const json bad[] = {-1, 8.5, 1e300, true, "3", std::numeric_limits<std::uint64_t>::max(), std::uint64_t{1} << 63};
  for (const auto& [pointer, place] : counts)
    for (const json& value : bad) {
      const std::string text = refusal(pointer, value);
      EXPECT_EQ(text.rfind(fmt::format("cases[0].{}: {} is not ", place, value.dump()), 0), 0u)
          << pointer << " = " << value.dump() << ": " << text;
    }
}

TEST(ResultsFigures, SignedFiguresTakeNegativesButNotFloatsBoolsOrBeyondInt64) {
  EXPECT_EQ(refusal(kLedger, ledger_with("peak_bytes", -8)), "");
  EXPECT_EQ(refusal("/params/R", -2), "");
  EXPECT_EQ(refusal("/variants/1/checks/mutations/0/first/0/before", std::numeric_limits<std::int64_t>::min()), "");
  for (const json& value : {json(8.5), json(1e300), json(false), json(std::uint64_t{1} << 63)}) {
    EXPECT_NE(refusal("/variants/1/allocations/ledger/host/peak_bytes", value).find("peak_bytes: "), std::string::npos);
    EXPECT_NE(refusal("/params/R", value).find("cases[0].params.R: "), std::string::npos);
  }
  EXPECT_NE(refusal("/variants/1/checks/mutations/0/first/0/before", std::uint64_t{1} << 63).find("first[0].before: "),
            std::string::npos);
}

TEST(ResultsFigures, TheLargestCountAndZeroAreRead) {
  EXPECT_EQ(refusal(kLedger, ledger_with("allocations", std::numeric_limits<std::int64_t>::max())), "");
  EXPECT_EQ(refusal("/variants/1/instructions", 0), "");
  EXPECT_EQ(refusal("/variants/1/instructions", nullptr), "");
}

TEST(ResultsFigures, TheEnvironmentAndTheOutcomeToo) {
  Environment e;
  e.shard = ShardRecord{1, 3};
  e.time = "2026-12-02T12:00:00Z";  // read too: an environment without one is refused
  const json env = to_json(e);
  for (const auto& [pointer, value] : std::vector<std::pair<std::string, json>>{
           {"/seed", -1}, {"/seed", 1.5}, {"/repetitions", true}, {"/shard/index", 1.5}, {"/shard/count", 3e300},
           {"/timing_config/min_samples", -1}, {"/selection/axes", json::array({{{"name", "R"}, {"values", {8.5}}}})}}) {
    json doc = {{"environment", env}};
    doc["environment"][json::json_pointer(pointer)] = value;
    EXPECT_THROW(read_environment(doc["environment"]), FigureError) << pointer;
  }
  json doc = {{"environment", env}};
  doc["environment"]["seed"] = std::numeric_limits<std::uint64_t>::max();  // a seed is any uint64
  EXPECT_EQ(read_environment(doc["environment"]).seed, std::numeric_limits<std::uint64_t>::max());
  json outcome = {{"outcome", to_json(Outcome{})}};
  outcome["outcome"]["exit_code"] = 8.5;
  try {
    read_outcome(outcome["outcome"]);
    ADD_FAILURE() << "read";
  } catch (const std::exception& err) {
    EXPECT_EQ(read_error_text(err, outcome).rfind("outcome.exit_code: 8.5 is not", 0), 0u) << read_error_text(err, outcome);
  }
}

}  // namespace
}  // namespace clampbench
