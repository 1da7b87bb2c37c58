// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The timing pass: one Google Benchmark per case x variant, Repetitions(N), real time on host
// and CUDA-event time (UseManualTime) on cuda, host wall and CPU time per call alongside.
// Benchmarks are registered and run one case at a time so that progress is visible and only
// one case's inputs are alive at once.

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "harness/case_result.h"
#include "harness/run_config.h"

namespace clampbench {

namespace detail { class SampleReporter; }

// One timed builder call; it is called many times on the same CaseData clone.
struct TimedCall {
  std::string variant;
  std::function<void()> call;
};

struct TimingResult {
  std::optional<Timing> timing;       // nullopt when filtered out by --benchmark_filter or failed
  std::optional<std::string> error;   // the call threw
  bool device_error = false;
};

class TimingSession {
 public:
  // Initializes Google Benchmark with the harness defaults followed by config.benchmark_flags.
  // Throws std::invalid_argument naming the first flag it does not accept.
  explicit TimingSession(const RunConfig& config);
  ~TimingSession();
  TimingSession(const TimingSession&) = delete;
  TimingSession& operator=(const TimingSession&) = delete;

  // `device_time`: time each call with CUDA events on the current stream (cuda cases).
  std::map<std::string, TimingResult> time_case(const std::string& case_id, bool device_time,
                                                const std::vector<TimedCall>& calls);

 private:
  int repetitions_;
  std::unique_ptr<detail::SampleReporter> reporter_;
};

}  // namespace clampbench
