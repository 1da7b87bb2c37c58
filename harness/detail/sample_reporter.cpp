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

void SampleReporter::report(const std::vector<benchmark::BenchmarkReporter::Run>& runs) {
  if (!context_sent_) {
    context_sent_ = true;
    benchmark::BenchmarkReporter::Context context;
    context.name_field_width = 64;  // Google Benchmark sets it from the names it will run; ours come case by case
    if (display_) display_->ReportContext(context);
    if (file_) file_->ReportContext(context);
  }
  if (display_) display_->ReportRuns(runs);
  if (file_) file_->ReportRuns(runs);
}

void SampleReporter::finish() {
  if (!context_sent_) return;
  if (display_) display_->Finalize();
  if (file_) file_->Finalize();
  file_stream_.flush();
}

}  // namespace clampbench::detail
