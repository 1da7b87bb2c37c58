// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/timing/timing.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "harness/selection/case_id.h"
#include "harness/timing/detail/device_clock.h"
#include "harness/timing/detail/interleaved_loop.h"
#include "harness/timing/detail/sample_reporter.h"

namespace clampbench {

namespace {
benchmark::TimeUnit gbench_time_unit(GbenchTimeUnit unit) {
  switch (unit) {
    case GbenchTimeUnit::Microsecond: return benchmark::kMicrosecond;
    case GbenchTimeUnit::Millisecond: return benchmark::kMillisecond;
    case GbenchTimeUnit::Second: return benchmark::kSecond;
    case GbenchTimeUnit::Nanosecond: break;
  }
  return benchmark::kNanosecond;
}

using Run = benchmark::BenchmarkReporter::Run;

// Google Benchmark's runs for one variant's samples, then its mean/median/stddev/cv.
// `real`: the family's real time (CUDA events on cuda, else wall); `cpu`: the thread's CPU time.
// Named as Google Benchmark names them: "/manual_time" for event time, nothing for CPU time.
std::vector<Run> gbench_runs(const std::string& name, const Timing& t, const std::vector<double>& real,
                             const std::vector<double>& cpu, std::int64_t family) {
  static const std::vector<benchmark::internal::Statistics> no_statistics;
  Run base;
  base.run_name.function_name = name;
  base.run_name.repetitions = fmt::format("repeats:{}", t.repetitions);
  base.run_name.time_type = t.primary == "device" ? "manual_time" : "";
  base.family_index = family;
  base.per_family_instance_index = 0;
  base.repetitions = t.repetitions;
  base.iterations = t.iterations;
  base.statistics = &no_statistics;
  std::vector<Run> runs;
  const double calls = static_cast<double>(t.iterations);
  for (std::size_t i = 0; i < real.size(); ++i) {
    Run r = base;
    r.repetition_index = static_cast<std::int64_t>(i);
    r.real_accumulated_time = real[i] * 1e-9 * calls;
    r.cpu_accumulated_time = cpu[i] * 1e-9 * calls;
    runs.push_back(r);
  }
  const Stats p = summarize(real), c = summarize(cpu);
  auto aggregate = [&](const char* what, double real_ns, double cpu_ns, benchmark::StatisticUnit unit) {
    Run r = base;
    r.run_type = Run::RT_Aggregate;
    r.aggregate_name = what;
    r.aggregate_unit = unit;
    r.iterations = t.repetitions;  // as Google Benchmark reports an aggregate: per repetition
    // A time is reported per iteration (accumulated / iterations); a percentage as it is.
    const double scale = unit == benchmark::kTime ? 1e-9 * static_cast<double>(t.repetitions) : 1.0;
    r.real_accumulated_time = real_ns * scale;
    r.cpu_accumulated_time = cpu_ns * scale;
    runs.push_back(r);
  };
  aggregate("mean", p.mean, c.mean, benchmark::kTime);
  aggregate("median", p.median, c.median, benchmark::kTime);
  aggregate("stddev", p.stdev, c.stdev, benchmark::kTime);
  aggregate("cv", p.mean > 0 ? p.stdev / p.mean : 0, c.mean > 0 ? c.stdev / c.mean : 0, benchmark::kPercentage);
  return runs;
}
}  // namespace

TimingSession::TimingSession(const RunConfig& config) : config_(config) {
  // The CLI parsed and checked the reporting flags (config.gbench); Google Benchmark's own
  // flag parser is never run. A Run takes its time unit from this default when it is made.
  benchmark::SetDefaultTimeUnit(gbench_time_unit(config.gbench.time_unit));
  // The reporters' context names the executable, which Initialize would have set from argv[0].
  benchmark::BenchmarkReporter::Context::executable_name = "clampbench";
  reporter_ = std::make_unique<detail::SampleReporter>(config.gbench);
}

TimingSession::~TimingSession() {
  try {
    reporter_->finish();
  } catch (const std::exception&) {  // finish() reported it, or the run is unwinding already
  }
}

void TimingSession::finish() { reporter_->finish(); }

namespace {
// The loop's stopping rules, from the run's timing flags.
detail::LoopConfig loop_config(const RunConfig& config) {
  detail::LoopConfig loop;
  loop.min_samples = config.repetitions;
  loop.max_samples = kMaxRepetitions;
  loop.max_noise = config.max_noise;
  loop.timeout_s = config.timing_timeout_s;
  loop.sample_time_s = config.min_time_s;
  return loop;
}

// One variant's samples summarised as the results record them; `v` is its place in the
// interleaved loop, whose first variant the others are paired against.
Timing summarise(const detail::LoopResult& measured, std::size_t v, bool device_time, const std::string& first_variant) {
  const detail::LoopSamples& s = measured.variants[v];
  Timing t;
  t.primary = device_time ? "device" : "cpu";
  t.repetitions = static_cast<int>(s.primary().size());
  t.iterations = s.batch;
  t.wall = summarize(s.wall_ns);
  t.cpu = summarize(s.cpu_ns);
  if (device_time) t.device = summarize(s.device_ns);
  t.noise = s.noise;
  t.converged = s.converged;
  t.stop_reason = measured.stop_reason;
  t.rounds = measured.rounds;
  if (v > 0 && !measured.paired[v].empty()) {
    t.paired = summarize(measured.paired[v]);
    t.paired_vs = first_variant;
  }
  return t;
}
}  // namespace

// The recipe: the variants' calls timed interleaved until their noise converges, then each
// one summarised and, when Google Benchmark's reporters are on, handed to them.
std::map<std::string, TimingResult> TimingSession::time_case(const std::string& case_id, bool device_time,
                                                             const std::vector<TimedCall>& calls) {
  std::map<std::string, TimingResult> results;
  if (calls.empty()) return results;
  detail::LoopConfig loop = loop_config(config_);
  detail::DeviceClock clock(device_time, config_.l2_flush, loop);
  std::vector<detail::LoopCall> loop_calls;
  for (const auto& c : calls) loop_calls.push_back(clock.loop_call(c.call));
  const detail::LoopResult measured = detail::measure_interleaved(loop_calls, loop);

  std::vector<Run> runs;
  for (std::size_t v = 0; v < calls.size(); ++v) {
    const detail::LoopSamples& s = measured.variants[v];
    TimingResult& r = results[calls[v].variant];
    r.error = s.error;
    r.device_error = s.device_error;
    if (s.error || s.primary().empty()) continue;
    Timing t = summarise(measured, v, device_time, calls[0].variant);
    if (reporter_->active()) {
      auto more = gbench_runs(variant_id(case_id, calls[v].variant), t, device_time ? s.device_ns : s.wall_ns, s.cpu_ns,
                              family_index_++);
      runs.insert(runs.end(), more.begin(), more.end());
    }
    r.timing = std::move(t);
  }
  if (!runs.empty()) reporter_->report(runs);
  return results;
}

}  // namespace clampbench
