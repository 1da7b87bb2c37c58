// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/timing/detail/interleaved_loop.h"

#include <time.h>

#include <chrono>
#include <cmath>
#include <algorithm>

#include "kernels/error.h"

namespace clampbench::detail {

namespace {
using Clock = std::chrono::steady_clock;

double thread_cpu_seconds() {
  timespec ts{};
  if (::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Times one batch of `batch` calls: appends the per-call wall, CPU and device times.
void sample(const LoopCall& c, std::int64_t batch, LoopSamples& out) {
  auto run_batch = [&] {
    for (std::int64_t i = 0; i < batch; ++i) c.call();
  };
  if (c.before_sample) c.before_sample();
  const double cpu0 = thread_cpu_seconds();
  const auto t0 = Clock::now();
  double device_s = 0;
  if (c.device_seconds) device_s = c.device_seconds(run_batch);
  else run_batch();
  const double wall_s = std::chrono::duration<double>(Clock::now() - t0).count();
  const double cpu_s = thread_cpu_seconds() - cpu0;
  const double per_call = 1e9 / static_cast<double>(batch);
  out.wall_ns.push_back(wall_s * per_call);
  out.cpu_ns.push_back(cpu_s * per_call);
  if (c.device_seconds) out.device_ns.push_back(device_s * per_call);
}

// Doubles the batch from 1 until one batch lasts sample_time_s; returns it.
std::int64_t calibrate(const LoopCall& c, double sample_time_s) {
  std::int64_t batch = 1;
  for (;;) {
    LoopSamples probe;
    sample(c, batch, probe);
    const double batch_s = probe.primary().back() * 1e-9 * static_cast<double>(batch);
    if (batch_s >= sample_time_s || batch >= (std::int64_t{1} << 24)) return batch;
    const double scale = batch_s > 0 ? sample_time_s / batch_s : 16.0;
    batch = std::max(batch * 2, static_cast<std::int64_t>(std::ceil(static_cast<double>(batch) * scale)));
  }
}

void record_failure(LoopSamples& s, const std::exception& e) {
  s.error = e.what();
  auto* te = dynamic_cast<const TensorError*>(&e);
  s.device_error = te != nullptr && te->kind() == ErrorKind::Device;
}
}  // namespace

double relative_noise(const std::vector<double>& xs) {
  const std::size_t n = xs.size();
  if (n < 2) return 0;
  std::vector<double> v(xs);
  auto median_of = [](std::vector<double>& a) {
    const std::size_t m = a.size() / 2;
    std::nth_element(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(m), a.end());
    const double hi = a[m];
    if (a.size() % 2 == 1) return hi;
    return 0.5 * (hi + *std::max_element(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(m)));
  };
  const double median = median_of(v);
  for (double& x : v) x = std::fabs(x - median);
  // 1.4826 MAD estimates the standard deviation of the bulk; the median's standard error is
  // sqrt(pi/2) of the mean's. Preempted samples (a shared machine's outliers) weigh nothing.
  const double sigma = 1.4826 * median_of(v);
  return median > 0 ? 1.2533 * sigma / (median * std::sqrt(static_cast<double>(n))) : 0;
}

LoopResult measure_interleaved(const std::vector<LoopCall>& calls, const LoopConfig& config) {
  const std::size_t n = calls.size();
  LoopResult r;
  r.variants.resize(n);
  r.paired.resize(n);
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                           std::chrono::duration<double>(config.timeout_s * static_cast<double>(n)));
  for (std::size_t v = 0; v < n; ++v) {
    try {
      r.variants[v].batch = calibrate(calls[v], config.sample_time_s);
    } catch (const std::exception& e) {
      record_failure(r.variants[v], e);
    }
  }
  auto live = [&](std::size_t v) { return !r.variants[v].error; };
  for (;;) {
    for (std::size_t k = 0; k < n; ++k) {  // round r starts at variant r mod n
      const std::size_t v = (k + static_cast<std::size_t>(r.rounds)) % n;
      if (!live(v)) continue;
      try {
        sample(calls[v], r.variants[v].batch, r.variants[v]);
      } catch (const std::exception& e) {
        record_failure(r.variants[v], e);
      }
    }
    ++r.rounds;
    if (live(0))
      for (std::size_t v = 1; v < n; ++v)
        if (live(v)) r.paired[v].push_back(r.variants[v].primary().back() / r.variants[0].primary().back());
    bool all_converged = true, any_live = false, full = false;
    for (std::size_t v = 0; v < n; ++v) {
      if (!live(v)) continue;
      any_live = true;
      LoopSamples& s = r.variants[v];
      s.noise = relative_noise(s.primary());
      s.converged = static_cast<int>(s.primary().size()) >= config.min_samples && s.noise <= config.max_noise;
      all_converged = all_converged && s.converged;
      full = full || static_cast<int>(s.primary().size()) >= config.max_samples;
    }
    const bool enough = r.rounds >= config.min_samples;
    if (!any_live) r.stop_reason = "error";
    else if (all_converged) r.stop_reason = "converged";
    else if (full) r.stop_reason = "max_samples";
    else if (enough && Clock::now() >= deadline) r.stop_reason = "timeout";
    if (!r.stop_reason.empty()) return r;
  }
}

}  // namespace clampbench::detail
