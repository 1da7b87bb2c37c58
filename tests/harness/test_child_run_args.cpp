// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The callgrind child's command line, from the parent's: pinned byte for byte for the command
// lines that ran before it was read from the option table (a callgrind count depends on the
// child's argv), and each option's value read as a value, not as a flag.

#include <gtest/gtest.h>

#include "harness/cli/child_run_args.h"

namespace clampbench {
namespace {

using Args = std::vector<std::string>;

Args child_of(Args run_args) {
  run_args.insert(run_args.begin(), {"/work/build/clampbench", "run"});
  return child_run_args(run_args);
}

TEST(ChildRunArgs, TheQuickCallgrindRunKeepsItsSelectionAndSettings) {
  EXPECT_EQ(child_of({"--sizes", "quick", "--no-timing", "--instructions", "callgrind", "--out", "/tmp/q.json"}),
            (Args{"--sizes", "quick", "--no-timing", "--instructions", "callgrind"}));
  EXPECT_EQ(child_of({}), Args{});
}

TEST(ChildRunArgs, TheParentsOutputsAndCudaOnlySettingsAreDropped) {
  EXPECT_EQ(child_of({"--suite", "ngram_find,ngram_update", "--out", "r.json", "--dump", "d", "--force", "--shard",
                      "2/3", "--allocator", "raw", "--l2-flush", "--benchmark_out=gb.json", "--resume", "old.json",
                      "--trace-out", "t.json", "--case", "ngram_find/B=1,L=256,K=3,ngram_range=0", "--seed", "5"}),
            (Args{"--suite", "ngram_find,ngram_update", "--case", "ngram_find/B=1,L=256,K=3,ngram_range=0", "--seed",
                  "5"}));
  EXPECT_EQ(child_of({"--out=r.json", "--dump=d", "--shard=1/2", "--allocator=async", "--resume=old.json",
                      "--trace-out=t.json", "--axis", "R=[1,8]", "--variant=clamp_"}),
            (Args{"--axis", "R=[1,8]", "--variant=clamp_"}));
}

TEST(ChildRunArgs, ADelayPlantIsDroppedAndTheOtherPlantsKept) {
  EXPECT_EQ(child_of({"--plant", "delay:2:ngram_find", "--suite", "ngram_find"}), (Args{"--suite", "ngram_find"}));
  EXPECT_EQ(child_of({"--plant=delay:3", "--no-timing"}), (Args{"--no-timing"}));
  EXPECT_EQ(child_of({"--plant", "instructions", "--plant=slowdown"}), (Args{"--plant", "instructions", "--plant=slowdown"}));
}

TEST(ChildRunArgs, TimingAndGoogleBenchmarkFlagsOtherThanTheOutputAreKept) {
  EXPECT_EQ(child_of({"--backend", "host", "--repetitions", "3", "--max-noise", "0.5", "--timing-timeout=1",
                      "--benchmark_min_time=0.01", "--benchmark_format=json", "--benchmark_out_format=csv",
                      "--benchmark_out=gb.json", "--expectations", "e.json", "--trace", "--benchmark_list_tests"}),
            (Args{"--backend", "host", "--repetitions", "3", "--max-noise", "0.5", "--timing-timeout=1",
                  "--benchmark_min_time=0.01", "--benchmark_format=json", "--benchmark_out_format=csv",
                  "--expectations", "e.json", "--trace", "--benchmark_list_tests"}));
}

TEST(ChildRunArgs, AValueThatLooksLikeAFlagIsAValue) {
  // A case id or a file may begin with "--"; it once was taken for the flag it spells, and the
  // child lost it and the argument after it.
  EXPECT_EQ(child_of({"--case", "--out", "--seed", "5"}), (Args{"--case", "--out", "--seed", "5"}));
  EXPECT_EQ(child_of({"--expectations", "--l2-flush", "--no-timing"}), (Args{"--expectations", "--l2-flush", "--no-timing"}));
  EXPECT_EQ(child_of({"--out", "--suite", "--suite", "a"}), (Args{"--suite", "a"}));
}

}  // namespace
}  // namespace clampbench
