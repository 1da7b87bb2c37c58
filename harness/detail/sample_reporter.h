// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A Google Benchmark reporter that keeps every repetition's per-call times (the runs, not the
// aggregates) keyed by benchmark name, and forwards everything to the console/file reporters
// the user asked for with --benchmark_format / --benchmark_out. Context and Finalize are
// forwarded once per session, not once per case, so a JSON file stays one document.

#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

namespace clampbench::detail {

struct RepetitionSample {
  double wall_ns = 0, cpu_ns = 0, device_ns = 0;
  std::int64_t iterations = 0;
  bool has_device = false;
};

class SampleReporter : public benchmark::BenchmarkReporter {
 public:
  // format: "" (no console output), "console", "json" or "csv"; out_file: "" or a path.
  SampleReporter(const std::string& format, const std::string& out_file, const std::string& out_format);
  ~SampleReporter() override;

  bool ReportContext(const Context& context) override;
  void ReportRuns(const std::vector<Run>& runs) override;
  void Finalize() override {}  // per case; the session calls finish() once
  void finish();

  std::map<std::string, std::vector<RepetitionSample>> take_samples();

 private:
  std::map<std::string, std::vector<RepetitionSample>> samples_;
  std::unique_ptr<benchmark::BenchmarkReporter> display_, file_;
  std::ofstream file_stream_;
  std::ostringstream swallowed_;  // "Failed to match any benchmarks" when --benchmark_filter skips a case
  bool context_sent_ = false;
};

// "console" | "json" | "csv" -> a new reporter; nullptr for anything else.
std::unique_ptr<benchmark::BenchmarkReporter> make_reporter(const std::string& format);

}  // namespace clampbench::detail
