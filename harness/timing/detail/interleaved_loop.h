// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The timing recipe of one case, NVBench-like, with the variants interleaved:
//   calibrate  per variant, the batch of calls that lasts at least `sample_time_s` (this is
//              also the warm-up: the caching allocator and the caches reach a steady state);
//   trials     rounds; each round takes one sample of every variant, in an order rotated
//              round by round, so that machine drift falls on all variants alike and the
//              per-round ratio of a variant to the reference cancels most of it;
//   stop       when every variant has `min_samples` and the relative noise of its estimate
//              (the median's standard error from the MAD, over the median) is under
//              `max_noise`, or when the
//              case's time budget (`timeout_s` per variant) or `max_samples` is spent;
//   summarise  per-call times of every sample, the achieved noise and whether it converged.
// A sample times the batch, not each call: two clock reads per batch, not per call.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace clampbench::detail {

struct LoopConfig {
  int min_samples = 10;
  double max_noise = 0.01;      // relative standard error of the median time per call
  double timeout_s = 0.3;       // per variant; the case stops at timeout_s x variants
  double sample_time_s = 0.002; // a batch lasts at least this long
  int max_samples = 1000;
};

// One timed call and how to time it. `device_seconds`, when set, times a batch on the device
// (CUDA events around it); otherwise the thread's CPU time is the primary time: on a shared
// host the wall time of a batch doubles whenever the run shares its CPU (measured: per-run
// medians 2x apart at a load of 4 on 2 CPUs, their CPU times within 10%).
struct LoopCall {
  std::function<void()> call;
  std::function<double(const std::function<void()>& batch)> device_seconds;
  std::function<void()> before_sample;  // untimed, before every sample (an L2 flush), or empty
};

struct LoopSamples {
  std::vector<double> wall_ns, cpu_ns, device_ns;  // per call, one entry per sample
  std::int64_t batch = 1;                          // calls per sample
  double noise = 0;                                // of the primary time, at the stop
  bool converged = false;
  std::optional<std::string> error;                // the call threw (sampling stopped)
  bool device_error = false;
  const std::vector<double>& primary() const { return device_ns.empty() ? cpu_ns : device_ns; }
};

struct LoopResult {
  std::vector<LoopSamples> variants;          // in the order of the calls
  std::vector<std::vector<double>> paired;    // per variant: its per-round ratio to variants[0]
  int rounds = 0;
  std::string stop_reason;                    // "converged" | "timeout" | "max_samples" | "error"
};

// Relative standard error of the median of `xs`, robust to outliers (0 for fewer than 2).
double relative_noise(const std::vector<double>& xs);

LoopResult measure_interleaved(const std::vector<LoopCall>& calls, const LoopConfig& config);

}  // namespace clampbench::detail
