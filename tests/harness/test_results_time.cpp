// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// environment.time, as `merge` and `run --resume` read it: a UTC time exactly as the writer
// writes it (merge takes the earliest shard's by comparing the text, which only one format
// orders), and merge's warning of a shard whose clock runs ahead of its own.

#include <gtest/gtest.h>

#include "harness/merge/detail/shard_file.h"
#include "harness/results/environment.h"
#include "harness/results_json/reader.h"
#include "harness/results_json/writer.h"

namespace clampbench {
namespace {

using json = nlohmann::json;

// The error text of reading an environment whose time is `time`; "" if read.
std::string refusal(const json& time) {
  Environment e;
  e.shard = ShardRecord{1, 3};
  json doc = {{"environment", to_json(e)}};
  doc["environment"]["time"] = time;
  try {
    read_environment(doc["environment"]);
  } catch (const std::exception& err) {
    return read_error_text(err, doc);
  }
  return "";
}

TEST(ResultsTime, TheWritersFormatIsRead) {
  EXPECT_EQ(refusal("2026-12-02T12:00:00Z"), "");
  EXPECT_EQ(refusal("2024-02-29T23:59:59Z"), "");  // a leap day
  EXPECT_EQ(refusal(utc_now_iso8601()), "");
  EXPECT_EQ(parse_utc_iso8601("1970-01-01T00:01:01Z"), std::time_t{61});
  EXPECT_EQ(utc_iso8601(*parse_utc_iso8601("2026-12-02T12:00:00Z")), "2026-12-02T12:00:00Z");
}

TEST(ResultsTime, AnythingElseIsRefusedNamingTheField) {
  for (const json& bad : {json("not a time"), json(""), json("2026-12-02 12:00:00Z"), json("2026-12-02T12:00:00"),
                          json("2026-12-02T12:00:00+00:00"), json("2026-12-02T12:00:00.5Z"), json("2026-12-2T12:00:00Z"),
                          json("2025-02-29T00:00:00Z"), json("2026-13-01T00:00:00Z"), json("2026-12-02T24:00:00Z"),
                          json("2026-12-02T12:60:00Z"), json("+026-12-02T12:00:00Z"), json(20261202), json(nullptr),
                          json(true)}) {
    const std::string text = refusal(bad);
    EXPECT_EQ(text, "environment.time: " + bad.dump() + " is not a UTC time like 2026-12-02T12:00:00Z") << bad.dump();
  }
}

detail::ShardFile shard_started(const std::string& time) {
  detail::ShardFile f;
  f.path = "shards/shard-2-of-3.json";
  f.env.time = time;
  return f;
}

TEST(ResultsTime, MergeWarnsOfAShardAheadOfItsClockByMoreThanFiveMinutes) {
  const std::time_t now = *parse_utc_iso8601("2026-12-07T09:00:00Z");
  EXPECT_EQ(detail::clock_warning(shard_started("2026-12-07T09:05:01Z"), now),
            "merge: 'shards/shard-2-of-3.json' started at 2026-12-07T09:05:01Z, 301 s after this clock's "
            "2026-12-07T09:00:00Z (runner clock ahead?)");
  EXPECT_NE(detail::clock_warning(shard_started("2027-01-01T00:00:00Z"), now), "");
  for (const char* fine : {"2026-12-07T09:05:00Z", "2026-12-07T09:00:00Z", "2026-12-06T02:00:00Z", "1970-01-01T00:00:00Z"})
    EXPECT_EQ(detail::clock_warning(shard_started(fine), now), "") << fine;
}

}  // namespace
}  // namespace clampbench
