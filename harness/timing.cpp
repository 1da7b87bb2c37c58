// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/timing.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <stdexcept>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "harness/detail/sample_reporter.h"
#include "kernels/error.h"
#include "kernels/runtime.h"
#if CLAMPBENCH_HAVE_CUDA
#include "harness/detail/cuda_timer.h"
#endif

namespace clampbench {

namespace {
bool take_value(const std::string& flag, const std::string& name, std::string& value) {
  const std::string prefix = "--" + name + "=";
  if (flag.rfind(prefix, 0) != 0) return false;
  value = flag.substr(prefix.size());
  return true;
}

bool one_of(const std::string& v, std::initializer_list<const char*> allowed) {
  return std::any_of(allowed.begin(), allowed.end(), [&](const char* a) { return v == a; });
}

double p10(const std::vector<double>& v) { return summarize(v).p10; }
double p90(const std::vector<double>& v) { return summarize(v).p90; }
}  // namespace

TimingSession::TimingSession(const RunConfig& config) : repetitions_(config.repetitions) {
  // Flags Google Benchmark would act on by itself (exit on a bad format, open --benchmark_out
  // anew per case) are taken here; the reporter implements them once per session.
  std::string format, out, out_format = "json", value;
  std::vector<std::string> args = {"clampbench", "--benchmark_filter=.",
                                   fmt::format("--benchmark_min_time={}", config.min_time_s),
                                   "--benchmark_min_warmup_time=0"};
  for (const auto& f : config.benchmark_flags) {
    if (take_value(f, "benchmark_format", format) || take_value(f, "benchmark_out_format", out_format)) continue;
    if (take_value(f, "benchmark_out", out)) continue;
    if (take_value(f, "benchmark_time_unit", value) && !one_of(value, {"ns", "us", "ms", "s"}))
      throw std::invalid_argument(fmt::format("bad value in '{}' (ns, us, ms or s)", f));
    // Checked here so that a bad number gets our one-line message, not Google Benchmark's two.
    if (take_value(f, "benchmark_min_time", value) || take_value(f, "benchmark_min_warmup_time", value)) {
      char* end = nullptr;
      const double seconds = std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0' || !(seconds >= 0))
        throw std::invalid_argument(fmt::format("bad number of seconds in '{}'", f));
    }
    args.push_back(f);
  }
  for (const std::string* v : {&format, &out_format})
    if (!v->empty() && !one_of(*v, {"console", "json", "csv"}))
      throw std::invalid_argument(fmt::format("bad benchmark format '{}' (console, json or csv)", *v));
  // The samples come from the per-repetition runs: aggregates-only reporting would hide them.
  args.push_back("--benchmark_report_aggregates_only=false");
  args.push_back("--benchmark_display_aggregates_only=false");
  // Google Benchmark keeps argv[0] as the context's "executable" and reads it when each case
  // reports, long after `args` is gone: give it a name that lives as long as the program.
  static char program_name[] = "clampbench";
  std::vector<char*> argv = {program_name};
  for (std::size_t i = 1; i < args.size(); ++i) argv.push_back(args[i].data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  benchmark::Initialize(&argc, argv.data());
  if (argc > 1) throw std::invalid_argument(fmt::format("unknown or malformed benchmark flag '{}'", argv[1]));
  reporter_ = std::make_unique<detail::SampleReporter>(format, out, out_format);
}

TimingSession::~TimingSession() { reporter_->finish(); }

std::map<std::string, TimingResult> TimingSession::time_case(const std::string& case_id, bool device_time,
                                                             const std::vector<TimedCall>& calls) {
  std::map<std::string, TimingResult> results;
  if (calls.empty()) return results;
  for (const auto& c : calls) {
    TimingResult* slot = &results[c.variant];
    const std::string name = case_id + "/" + c.variant;
    auto* b = benchmark::RegisterBenchmark(name.c_str(), [call = c.call, slot, device_time](benchmark::State& st) {
      try {
        double wall_s = 0;
#if CLAMPBENCH_HAVE_CUDA
        std::optional<detail::CudaEventTimer> timer;
        if (device_time) timer.emplace(Runtime::current().stream());
#endif
        for (auto _ : st) {
          const auto t0 = std::chrono::steady_clock::now();
#if CLAMPBENCH_HAVE_CUDA
          if (timer) timer->start();
          call();
          if (timer) st.SetIterationTime(timer->stop_seconds());
#else
          call();
#endif
          wall_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        }
        st.counters["wall_ns"] = benchmark::Counter(wall_s * 1e9, benchmark::Counter::kAvgIterations);
        if (device_time) st.counters["device_timed"] = 1;
      } catch (const std::exception& e) {
        slot->error = e.what();
        auto* te = dynamic_cast<const TensorError*>(&e);
        slot->device_error = te != nullptr && te->kind() == ErrorKind::Device;
        st.SkipWithError(e.what());
      }
    });
    b->Repetitions(repetitions_)->ComputeStatistics("p10", p10)->ComputeStatistics("p90", p90);
    if (device_time) b->UseManualTime(); else b->UseRealTime();
  }
  benchmark::RunSpecifiedBenchmarks(reporter_.get());
  benchmark::ClearRegisteredBenchmarks();

  auto samples = reporter_->take_samples();
  for (const auto& c : calls) {
    TimingResult& r = results[c.variant];
    auto it = samples.find(case_id + "/" + c.variant);
    if (r.error || it == samples.end() || it->second.empty()) continue;
    Timing t;
    t.primary = device_time ? "device" : "wall";
    t.repetitions = static_cast<int>(it->second.size());
    t.iterations = it->second.front().iterations;
    std::vector<double> wall, cpu, dev;
    for (const auto& s : it->second) { wall.push_back(s.wall_ns); cpu.push_back(s.cpu_ns); dev.push_back(s.device_ns); }
    t.wall = summarize(wall);
    t.cpu = summarize(cpu);
    if (device_time) t.device = summarize(dev);
    r.timing = std::move(t);
  }
  return results;
}

}  // namespace clampbench
