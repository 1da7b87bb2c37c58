// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Google Benchmark's console/JSON/CSV reporters for the samples of clampbench's own timing
// loop: --benchmark_format picks the console one, --benchmark_out / --benchmark_out_format
// the file one. Context and Finalize go out once per session, so a JSON file stays one
// document however many cases report into it. The file is written whole at finish(), to a
// temporary file renamed into place, like the results.

#include <sstream>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "harness/config/gbench_reporting.h"

namespace clampbench::detail {

class SampleReporter {
 public:
  explicit SampleReporter(const GbenchReporting& reporting);
  ~SampleReporter();

  bool active() const { return display_ || file_; }
  void report(const std::vector<benchmark::BenchmarkReporter::Run>& runs);
  // Finalizes the reporters and writes the --benchmark_out file; once. Throws
  // std::runtime_error naming the file when it cannot be written.
  void finish();

 private:
  std::unique_ptr<benchmark::BenchmarkReporter> display_, file_;
  std::ostringstream file_stream_;
  std::string out_file_;
  bool context_sent_ = false, finished_ = false;
};

std::unique_ptr<benchmark::BenchmarkReporter> make_reporter(GbenchFormat format);

}  // namespace clampbench::detail
