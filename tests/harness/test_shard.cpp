// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// --shard I/N: the parser, the hash rule (fixed values: the split must not change between
// builds), and the environment that records it read back by the one reader.

#include <gtest/gtest.h>

#include "harness/merge/detail/merge_environment.h"
#include "harness/results_json/reader.h"
#include "harness/results_json/writer.h"
#include "harness/selection/shard.h"
#include "harness/usage_error.h"

namespace clampbench {
namespace {

TEST(Shard, ParsesIOfN) {
  const Shard s = parse_shard("2/3");
  EXPECT_EQ(s.index, 2);
  EXPECT_EQ(s.count, 3);
  EXPECT_EQ(parse_shard("1/1").count, 1);
  EXPECT_EQ(parse_shard("1000/1000").index, 1000);
}

TEST(Shard, RefusesEveryBadForm) {
  for (const char* bad : {"", "0/3", "4/3", "1/0", "0/0", "abc", "1/", "/3", "-1/3", "+1/3", "1/3x", " 1/3", "1/3/4",
                          "1.0/3", "1/1001", "99999999999/3"})
    EXPECT_THROW(parse_shard(bad), UsageError) << bad;
}

TEST(Shard, TheRuleIsFnv1a64OfTheCaseId) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);  // the published test vectors
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ull);
  for (int n : {1, 2, 3, 7}) {
    const int s = shard_of("ngram_find/B=1,L=256,K=3,ngram_range=0", n);
    EXPECT_GE(s, 1);
    EXPECT_LE(s, n);
    EXPECT_EQ(s, static_cast<int>(fnv1a64("ngram_find/B=1,L=256,K=3,ngram_range=0") % n) + 1);
  }
}

Environment an_environment() {
  Environment e;
  e.clampbench_version = "0.1.0";
  e.git_commit = "abc";
  e.build_type = "Release";
  e.compiler = "GNU 12.2.0";
  e.device_name = "host";
  e.host_name = "runner-1";
  e.backend = "host";
  e.allocator = "caching";
  e.host_allocator = "pageable";
  e.size_set = "quick";
  e.selection.suites = {"ngram_find"};
  e.selection.axes = {{"R", {1, 8}}};
  e.shard = ShardRecord{2, 3};
  e.seed = 7;
  e.repetitions = 10;
  e.timing = true;
  e.placement.aslr = true;
  e.placement.cpus_allowed = std::vector<int>{0, 1};
  e.expectations = ExpectationsRecord{"results/expectations.json", "0123456789abcdef"};
  e.timing_settings = {10, 0.01, 0.3, 0.002, false};
  e.instructions = {InstructionMethod::Callgrind, "auto", "valgrind callgrind, 1 call"};
  e.time = "2026-12-05T08:00:00Z";
  e.command_line = {"clampbench", "run", "--shard", "2/3"};
  e.conditions.ended = true;
  e.conditions.load = MachineLoad{2, 0.5, 1.5};
  return e;
}

TEST(Shard, TheEnvironmentReadsBackToTheSameText) {
  Environment e = an_environment();
  EXPECT_EQ(to_json(read_environment(to_json(e))).dump(2), to_json(e).dump(2));
  e.shard = ShardRecord{std::nullopt, 3};  // a merged file
  e.conditions.load.reset();
  e.expectations.reset();
  EXPECT_EQ(to_json(read_environment(to_json(e))).dump(2), to_json(e).dump(2));
  nlohmann::json j = to_json(e);
  j["shard"] = {{"index", 4}, {"count", 3}};
  EXPECT_THROW(read_environment(j), std::invalid_argument);
  j.erase("shard");  // an older file: the whole selection
  EXPECT_FALSE(read_environment(j).shard.has_value());
}

TEST(Shard, TheMergedEnvironmentJoinsWhatEachShardMeasured) {
  Environment a = an_environment(), b = an_environment();
  b.shard = ShardRecord{1, 3};
  b.host_name = "runner-2";
  b.time = "2026-12-05T07:59:59Z";
  b.conditions.load = MachineLoad{2, 3.0, 0.25};
  b.placement.cpus_allowed = std::vector<int>{2, 3};
  const Environment m = detail::merged_environment({a, b}, {"clampbench", "merge"});
  EXPECT_FALSE(m.shard->index.has_value());
  EXPECT_EQ(m.shard->count, 2);
  EXPECT_EQ(m.time, "2026-12-05T07:59:59Z");
  EXPECT_EQ(m.host_name, "runner-1,runner-2");
  EXPECT_EQ(m.conditions.load->load_1m_start, 3.0);
  EXPECT_EQ(m.conditions.load->load_1m_end, 1.5);
  EXPECT_EQ(m.placement.aslr, std::optional<bool>(true));
  EXPECT_FALSE(m.placement.cpus_allowed.has_value());
  EXPECT_EQ(m.command_line, (std::vector<std::string>{"clampbench", "merge"}));
}

}  // namespace
}  // namespace clampbench
