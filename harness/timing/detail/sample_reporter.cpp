// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/timing/detail/sample_reporter.h"

#include <stdexcept>

#include <fmt/format.h>

#include "harness/output/atomic_file.h"

namespace clampbench::detail {

std::unique_ptr<benchmark::BenchmarkReporter> make_reporter(GbenchFormat format) {
  switch (format) {
    case GbenchFormat::Console: return std::make_unique<benchmark::ConsoleReporter>(benchmark::ConsoleReporter::OO_None);
    case GbenchFormat::Json: return std::make_unique<benchmark::JSONReporter>();
    case GbenchFormat::Csv:
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
      return std::make_unique<benchmark::CSVReporter>();
#pragma GCC diagnostic pop
  }
  return nullptr;
}

SampleReporter::SampleReporter(const GbenchReporting& reporting) {
  if (reporting.display) display_ = make_reporter(*reporting.display);
  if (!reporting.out_file.empty()) {
    out_file_ = reporting.out_file;  // checked writable before the run (validate_run_config)
    file_ = make_reporter(reporting.out_format);
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
  if (finished_) return;
  finished_ = true;
  if (context_sent_) {
    if (display_) display_->Finalize();
    if (file_) file_->Finalize();
  }
  if (!out_file_.empty()) {
    try {
      write_file_atomically(out_file_, file_stream_.str());
    } catch (const std::exception& e) {
      throw std::runtime_error(fmt::format("--benchmark_out: {}", e.what()));
    }
  }
}

}  // namespace clampbench::detail
