// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/runner/planted_delay.h"

#include <time.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>

namespace clampbench {

namespace {
constexpr std::size_t kLine = 64;
constexpr std::size_t kLinkStride = kLine / sizeof(std::uint32_t);  // one link per cache line

double thread_cpu_s() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}
}  // namespace

double stall_steps(double ratio, double call_s, double step_s) {
  if (!(ratio > 1.0) || !(call_s > 0) || !(step_s > 0)) return 0;
  return (ratio - 1.0) * call_s / step_s;
}

double corrected_steps(double steps, double ratio, double call_s, double delayed_s) {
  const double added = delayed_s - call_s;
  if (!(steps > 0) || !(added > 0) || !(call_s > 0)) return steps;
  return steps * std::clamp((ratio - 1.0) * call_s / added, 0.5, 2.0);  // one noisy round moves little
}

std::int64_t StepAccumulator::next() {
  owed_ += per_call_;
  const auto whole = static_cast<std::int64_t>(owed_);
  owed_ -= static_cast<double>(whole);
  return whole;
}

MemoryStall::MemoryStall(std::size_t bytes, std::uint64_t seed) {
  const std::size_t n = std::max<std::size_t>(bytes / kLine, 2);
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::shuffle(order.begin() + 1, order.end(), std::mt19937_64(seed));
  next_.assign(n * kLinkStride, 0);  // the link of line i sits at the start of line i
  for (std::size_t i = 0; i < n; ++i) next_[order[i] * kLinkStride] = order[(i + 1) % n];
}

std::size_t MemoryStall::lines() const { return next_.size() / kLinkStride; }

std::uint32_t MemoryStall::chase(std::int64_t steps) {
  std::uint32_t at = at_;
  for (std::int64_t i = 0; i < steps; ++i) at = next_[static_cast<std::size_t>(at) * kLinkStride];
  at_ = at;
  return at;
}

double cpu_seconds_per_call(const std::function<void()>& fn, std::int64_t per_batch) {
  std::vector<double> batches;
  for (int b = 0; b < 5; ++b) {
    const double t0 = thread_cpu_s();
    for (std::int64_t i = 0; i < per_batch; ++i) fn();
    batches.push_back((thread_cpu_s() - t0) / static_cast<double>(per_batch));
  }
  return *std::min_element(batches.begin(), batches.end());
}

std::function<void()> delayed_call(std::function<void()> call, MemoryStall& stall, double ratio) {
  // Batches of about a millisecond: long against the clock's resolution, short against the run.
  const double once = cpu_seconds_per_call(call, 1);
  const auto per_batch = static_cast<std::int64_t>(std::clamp(1e-3 / std::max(once, 1e-9), 1.0, 1e5));
  const double call_s = cpu_seconds_per_call(call, per_batch);
  const double step_s = cpu_seconds_per_call([&stall] { stall.chase(1000); }, 5) / 1000.0;
  double steps = stall_steps(ratio, call_s, step_s);
  // The stall also evicts some of the builder's lines, and a chase of a few steps does not cost
  // what a long one does per step: correct the length twice against the delayed call itself.
  for (int round = 0; round < 2 && steps > 0; ++round) {
    StepAccumulator acc(steps);
    const double delayed_s = cpu_seconds_per_call([&] { call(); stall.chase(acc.next()); }, per_batch);
    steps = corrected_steps(steps, ratio, call_s, delayed_s);
  }
  return [call = std::move(call), &stall, acc = StepAccumulator(steps)]() mutable {
    call();
    stall.chase(acc.next());
  };
}

}  // namespace clampbench
