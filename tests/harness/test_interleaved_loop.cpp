// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The timing recipe on scripted calls: rounds interleave the variants in a rotating order,
// paired ratios are per round, sampling stops on noise, on the timeout, or on a failure.

#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "harness/timing/detail/interleaved_loop.h"

namespace clampbench::detail {
namespace {

// Busy for `ns` nanoseconds: a call whose time is known.
void spin(std::int64_t ns) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::nanoseconds(ns);
  while (std::chrono::steady_clock::now() < until) {
  }
}

// Busy for `n` loop iterations: a call whose CPU time is proportional to n, preempted or not.
void burn(std::int64_t n) {
  for (std::int64_t i = 0; i < n; ++i) asm volatile("" ::: "memory");
}

TEST(RelativeNoise, IsTheMediansStandardErrorAndIgnoresOutliers) {
  EXPECT_EQ(relative_noise({}), 0);
  EXPECT_EQ(relative_noise({5}), 0);
  EXPECT_EQ(relative_noise({10, 10, 10, 10}), 0);
  // median 10, MAD 1: 1.2533 * 1.4826 / (10 * sqrt(5)); a preempted sample changes nothing
  const double expected = 1.2533 * 1.4826 / (10 * std::sqrt(5.0));
  EXPECT_NEAR(relative_noise({9, 10, 10, 11, 12}), expected, 1e-12);
  EXPECT_NEAR(relative_noise({9, 10, 10, 11, 1000}), expected, 1e-12);
}

TEST(InterleavedLoop, RotatesTheOrderEachRoundAndPairsEachRoundsRatio) {
  std::string order;
  std::vector<LoopCall> calls;
  for (char name : {'a', 'b', 'c'}) {
    const std::int64_t n = name == 'b' ? 400'000 : 200'000;
    calls.push_back({[&order, name, n] { order += name; burn(n); }, {}});
  }
  LoopConfig config;
  config.min_samples = 4;
  config.max_noise = 0.99;  // met at once: exactly min_samples rounds
  config.sample_time_s = 0;  // batch of 1 call
  const LoopResult r = measure_interleaved(calls, config);
  EXPECT_EQ(r.stop_reason, "converged");
  EXPECT_EQ(r.rounds, 4);
  // one calibration call each, then rounds abc, bca, cab, abc
  EXPECT_EQ(order, "abc" "abc" "bca" "cab" "abc");
  for (const auto& v : r.variants) {
    EXPECT_EQ(v.batch, 1);
    EXPECT_EQ(v.wall_ns.size(), 4u);
    EXPECT_EQ(v.cpu_ns.size(), 4u);
    EXPECT_TRUE(v.device_ns.empty());
    EXPECT_TRUE(v.converged);
  }
  EXPECT_TRUE(r.paired[0].empty());
  ASSERT_EQ(r.paired[1].size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_DOUBLE_EQ(r.paired[1][i], r.variants[1].cpu_ns[i] / r.variants[0].cpu_ns[i]);
  }
}

TEST(InterleavedLoop, CalibratesTheBatchToTheSampleTime) {
  std::vector<LoopCall> calls = {{[] { spin(50'000); }, {}}};
  LoopConfig config;
  config.min_samples = 3;
  config.max_noise = 0.99;
  config.sample_time_s = 0.002;  // 2 ms of 50 us calls: a batch of at least 40
  const LoopResult r = measure_interleaved(calls, config);
  // Bounds wide enough for a loaded machine: the batch grew from 1, and times are per call.
  EXPECT_GE(r.variants[0].batch, 20);
  EXPECT_LE(r.variants[0].batch, 2000);
  EXPECT_GT(r.variants[0].wall_ns[0], 40'000);
  EXPECT_LT(r.variants[0].wall_ns[0], 1'000'000);
}

TEST(InterleavedLoop, StopsAtTheTimeoutWhenTheNoiseTargetIsOutOfReach) {
  std::vector<LoopCall> calls = {{[] { spin(20'000); }, {}}, {[] { spin(20'000); }, {}}};
  LoopConfig config;
  config.min_samples = 5;
  config.max_noise = 1e-15;
  config.timeout_s = 0.01;
  config.sample_time_s = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const LoopResult r = measure_interleaved(calls, config);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 1.0);
  EXPECT_EQ(r.stop_reason, "timeout");
  EXPECT_GE(r.rounds, 5);
  for (const auto& v : r.variants) EXPECT_FALSE(v.converged);
}

TEST(InterleavedLoop, AFailingVariantStopsAloneAndTheOthersGoOn) {
  int calls_made = 0;
  std::vector<LoopCall> calls = {{[] { spin(10'000); }, {}},
                                 {[&calls_made] { if (++calls_made == 3) throw std::runtime_error("boom"); }, {}}};
  LoopConfig config;
  config.min_samples = 5;
  config.max_noise = 0.99;
  config.sample_time_s = 0;
  const LoopResult r = measure_interleaved(calls, config);
  EXPECT_EQ(r.variants[1].error, "boom");
  EXPECT_EQ(r.variants[1].wall_ns.size(), 1u);  // calibration, one sample, then the throw
  EXPECT_EQ(r.variants[0].wall_ns.size(), 5u);
  EXPECT_EQ(r.stop_reason, "converged");
  EXPECT_EQ(r.paired[1].size(), 1u);
}

TEST(InterleavedLoop, ADeviceTimerTimesTheBatch) {
  int batches = 0;
  std::vector<LoopCall> calls = {{[] {}, [&batches](const std::function<void()>& batch) {
                                    ++batches;
                                    batch();
                                    return 1e-3;  // a scripted 1 ms per batch on the "device"
                                  }}};
  LoopConfig config;
  config.min_samples = 3;
  config.max_noise = 0.99;
  config.sample_time_s = 0.0005;
  const LoopResult r = measure_interleaved(calls, config);
  ASSERT_EQ(r.variants[0].device_ns.size(), 3u);
  EXPECT_EQ(r.variants[0].batch, 1);  // 1 ms per call already exceeds the sample time
  EXPECT_DOUBLE_EQ(r.variants[0].device_ns[0], 1e6);
  EXPECT_EQ(&r.variants[0].primary(), &r.variants[0].device_ns);
  EXPECT_EQ(batches, 4);
}

TEST(InterleavedLoop, RunsTheUntimedHookBeforeEverySample) {
  int flushes = 0;
  std::vector<LoopCall> calls = {{[] { spin(20'000); }, {}, [&flushes] {
                                    ++flushes;
                                    spin(50'000'000);  // a slow flush: it must not be timed
                                  }}};
  LoopConfig config;
  config.min_samples = 3;
  config.max_noise = 0.99;
  config.sample_time_s = 0;
  const LoopResult r = measure_interleaved(calls, config);
  EXPECT_EQ(flushes, 4);  // the calibration's sample, then three
  for (double ns : r.variants[0].wall_ns) EXPECT_LT(ns, 25'000'000);
}

}  // namespace
}  // namespace clampbench::detail
