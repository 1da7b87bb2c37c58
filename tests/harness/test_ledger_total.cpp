// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// A variant's allocations.ledger.total, as `merge` and `run --resume` read it: a count like
// every other (the reader used to skip it and sum the devices again, so a total of 8.5 or
// "7" was read as whatever the devices said), equal to the devices' sum field by field.

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "harness/results_json/reader.h"
#include "harness/results_json/writer.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

using json = nlohmann::json;
constexpr auto kMost = std::numeric_limits<std::int64_t>::max();
const char* const kFields[] = {"allocations", "frees", "bytes_requested", "bytes_reserved", "peak_bytes",
                               "segments_created", "segments_released", "segment_bytes_created"};

// A case whose second variant allocated on both devices.
CaseResult a_case() {
  VariantResult v;
  v.name = "clamp_";
  v.ledger_valid = true;
  v.ledger[0] = {3, 2, 96, 512, 0, 96, 1, 0, 512};
  v.ledger[1] = {2, 2, 64, 1024, 0, -32, 1, 1, 2048};
  return testing::case_of(v);
}

// The error text of reading the case with each JSON pointer under its ledger set; "" if read.
std::string refusal(std::vector<std::pair<std::string, json>> edits) {
  for (auto& edit : edits) edit.first = "/variants/1/allocations/ledger" + edit.first;
  return testing::read_refusal(a_case(), edits);
}

const std::string kTotal = "cases[0].variants[1].allocations.ledger.total";

TEST(LedgerTotal, IsWrittenAsTheDevicesSumAndReadBackToTheSameText) {
  const json j = to_json(a_case(), false);
  const json& total = j["variants"][1]["allocations"]["ledger"]["total"];
  EXPECT_EQ(total["allocations"], 5);
  EXPECT_EQ(total["peak_bytes"], 64);  // the sum of the devices' peaks
  EXPECT_EQ(to_json(read_case(j), false).dump(2), j.dump(2));
  EXPECT_EQ(read_case(j).variants[1].ledger, a_case().variants[1].ledger);
}

TEST(LedgerTotal, ACountThatIsNotOneIsRefusedByName) {
  const json bad[] = {8.5, 1e300, -1, json::parse("18446744073709551616"), std::uint64_t{1} << 63, "7", true};
  for (const char* field : {"allocations", "bytes_requested", "segment_bytes_created"})
    for (const json& value : bad) {
      const std::string text = refusal({{fmt::format("/total/{}", field), value}});
      EXPECT_EQ(text.rfind(fmt::format("{}.{}: {} is not a count", kTotal, field, value.dump()), 0), 0u) << text;
    }
  for (const json& value : {json(8.5), json("7"), json(true), json(std::uint64_t{1} << 63)})
    EXPECT_EQ(refusal({{"/total/peak_bytes", value}}).rfind(kTotal + ".peak_bytes: ", 0), 0u) << value;
}

TEST(LedgerTotal, ATotalThatIsNotTheDevicesSumIsRefusedNamingTheField) {
  const json j = to_json(a_case(), false)["variants"][1]["allocations"]["ledger"]["total"];
  for (const char* field : kFields) {
    const std::int64_t right = j[field].get<std::int64_t>();
    EXPECT_EQ(refusal({{fmt::format("/total/{}", field), right + 1}}),
              fmt::format("{}.{}: {} is not the sum of the devices' {} ({})", kTotal, field, right + 1, field, right));
  }
  // A device's count changed and the total left as it was.
  EXPECT_EQ(refusal({{"/cuda/allocations", 3}}), kTotal + ".allocations: 5 is not the sum of the devices' allocations (6)");
  EXPECT_NE(refusal({{"/total", nullptr}}), "");
  json no_total = to_json(a_case(), false);
  no_total["variants"][1]["allocations"]["ledger"].erase("total");
  EXPECT_THROW(read_case(no_total), std::exception);
}

TEST(LedgerTotal, ASumBeyond64BitsNeverMatches) {
  // int64 max + 1 wraps to int64 min: an unchecked sum would agree with this total.
  const std::string text = refusal({{"/host/peak_bytes", kMost}, {"/cuda/peak_bytes", 1},
                                    {"/total/peak_bytes", std::numeric_limits<std::int64_t>::min()}});
  EXPECT_EQ(text, fmt::format("{}.peak_bytes: {} is not the sum of the devices' peak_bytes (beyond 64 bits)", kTotal,
                              std::numeric_limits<std::int64_t>::min()));
  // Two counts of int64 max: their sum is beyond every total a count may hold.
  EXPECT_NE(refusal({{"/host/allocations", kMost}, {"/cuda/allocations", kMost}, {"/total/allocations", kMost}})
                .find("is not the sum of the devices' allocations (18446744073709551614)"),
            std::string::npos);
  EXPECT_EQ(refusal({{"/host/allocations", kMost - 2}, {"/total/allocations", kMost}}), "");  // the largest that fits
}

TEST(LedgerTotal, ANullLedgerIsStillNoLedger) {
  json j = to_json(a_case(), false);
  j["variants"][1]["allocations"]["ledger"] = nullptr;
  EXPECT_FALSE(read_case(j).variants[1].ledger_valid);
}

}  // namespace
}  // namespace clampbench
