// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/detail/sample_reporter.h"

#include <stdexcept>

#include <fmt/format.h>

namespace clampbench::detail {

std::unique_ptr<benchmark::BenchmarkReporter> make_reporter(const std::string& format) {
  if (format == "console") return std::make_unique<benchmark::ConsoleReporter>(benchmark::ConsoleReporter::OO_None);
  if (format == "json") return std::make_unique<benchmark::JSONReporter>();
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  if (format == "csv") return std::make_unique<benchmark::CSVReporter>();
#pragma GCC diagnostic pop
  return nullptr;
}

SampleReporter::SampleReporter(const std::string& format, const std::string& out_file,
                               const std::string& out_format) {
  SetErrorStream(&swallowed_);
  if (!format.empty()) display_ = make_reporter(format);
  if (!out_file.empty()) {
    file_stream_.open(out_file);
    if (!file_stream_) throw std::invalid_argument(fmt::format("cannot write --benchmark_out file '{}'", out_file));
    file_ = make_reporter(out_format);
    file_->SetOutputStream(&file_stream_);
    file_->SetErrorStream(&file_stream_);
  }
}

SampleReporter::~SampleReporter() = default;

bool SampleReporter::ReportContext(const Context& context) {
  if (!context_sent_) {
    context_sent_ = true;
    if (display_) display_->ReportContext(context);
    if (file_) file_->ReportContext(context);
  }
  return true;
}

void SampleReporter::ReportRuns(const std::vector<Run>& runs) {
  for (const Run& run : runs) {
    if (run.run_type != Run::RT_Iteration || run.error_occurred || run.iterations == 0) continue;
    RepetitionSample s;
    s.iterations = run.iterations;
    const double per_call = 1e9 / static_cast<double>(run.iterations);
    s.cpu_ns = run.cpu_accumulated_time * per_call;
    auto wall = run.counters.find("wall_ns");
    s.wall_ns = wall != run.counters.end() ? wall->second.value : run.real_accumulated_time * per_call;
    s.has_device = run.counters.count("device_timed") != 0;
    if (s.has_device) s.device_ns = run.real_accumulated_time * per_call;  // manual time = events
    samples_[run.run_name.function_name].push_back(s);
  }
  swallowed_.str({});
  if (display_) display_->ReportRuns(runs);
  if (file_) file_->ReportRuns(runs);
}

void SampleReporter::finish() {
  if (!context_sent_) return;
  if (display_) display_->Finalize();
  if (file_) file_->Finalize();
  file_stream_.flush();
}

std::map<std::string, std::vector<RepetitionSample>> SampleReporter::take_samples() {
  return std::exchange(samples_, {});
}

}  // namespace clampbench::detail
