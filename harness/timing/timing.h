// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The timing pass: the variants of one case timed together in interleaved rounds until their
// noise converges (harness/timing/detail/interleaved_loop.h); thread CPU time (primary) and wall
// time per call on host, CUDA-event time per call on cuda. Every sample is also handed to
// Google Benchmark's reporters when --benchmark_format / --benchmark_out ask for them, named
// as Google Benchmark would name them ("<case>/<variant>/repeats:N", ".../manual_time").

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "harness/results/case_result.h"
#include "harness/config/run_config.h"

namespace clampbench {

namespace detail { class SampleReporter; }

// One timed builder call; it is called many times on the same CaseData clone.
struct TimedCall {
  std::string variant;
  std::function<void()> call;
};

struct TimingResult {
  std::optional<Timing> timing;       // nullopt when the call failed
  std::optional<std::string> error;   // the call threw
  bool device_error = false;
};

class TimingSession {
 public:
  // Sets up Google Benchmark's reporters from config.gbench (parsed and checked by the CLI).
  explicit TimingSession(const RunConfig& config);
  ~TimingSession();  // finishes the reporters if finish() was not called, errors ignored
  TimingSession(const TimingSession&) = delete;
  TimingSession& operator=(const TimingSession&) = delete;

  // `device_time`: time each batch with CUDA events on the current stream (cuda cases).
  // calls[0] is the reference the others' paired ratios are taken against.
  std::map<std::string, TimingResult> time_case(const std::string& case_id, bool device_time,
                                                const std::vector<TimedCall>& calls);
  // Closes Google Benchmark's reporters and writes --benchmark_out (samples so far when the
  // run was interrupted). Throws std::runtime_error when the file cannot be written.
  void finish();

 private:
  const RunConfig& config_;
  std::unique_ptr<detail::SampleReporter> reporter_;
  std::int64_t family_index_ = 0;
};

}  // namespace clampbench
