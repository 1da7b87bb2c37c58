// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cupti/source_tracer.h"

#include <exception>
#include <utility>

#include <fmt/format.h>

#include "harness/cupti/aggregator.h"

namespace clampbench::cupti {

namespace {

ScopeStats unavailable_stats(std::string reason) {
  ScopeStats s;
  s.reason = std::move(reason);
  return s;
}

class UnavailableTracer final : public Tracer {
 public:
  explicit UnavailableTracer(std::string reason) : reason_(std::move(reason)) {}
  bool available() const override { return false; }
  std::string unavailable_reason() const override { return reason_; }
  void begin_scope(const std::string&) override {}
  ScopeStats end_scope() override { return unavailable_stats(reason_); }

 private:
  std::string reason_;
};

class SourceTracer final : public Tracer {
 public:
  explicit SourceTracer(std::unique_ptr<RecordSource> source) : source_(std::move(source)) {}
  ~SourceTracer() override { source_->stop(); }

  bool available() const override { return source_->available(); }
  std::string unavailable_reason() const override { return source_->reason(); }

  // A scope opened while another is open replaces it (scopes do not nest).
  void begin_scope(const std::string& name) override {
    name_ = name;
    error_.clear();
    open_ = true;
    try {
      source_->synchronize();  // earlier work must not land in this window
      source_->begin_capture();
      window_ = ScopeWindow{};
      window_.begin_ns = source_->now_ns();
    } catch (const std::exception& e) {
      error_ = fmt::format("CUPTI scope '{}' could not begin: {}", name_, e.what());
    }
  }

  ScopeStats end_scope() override {
    if (!open_) return unavailable_stats("end_scope() without begin_scope()");
    open_ = false;
    if (!error_.empty()) {
      abandon_capture();
      return unavailable_stats(error_);
    }
    try {
      source_->synchronize();
      window_.end_ns = source_->now_ns();
      CallCapture capture = source_->end_capture();
      const std::vector<ActivityRecord> records = source_->flush();
      window_.correlation_ids = std::move(capture.correlation_ids);
      ScopeStats stats = aggregate(records, window_);
      stats.launch_calls = capture.launch_calls;
      stats.dropped_records = source_->dropped_records();
      return stats;
    } catch (const std::exception& e) {
      abandon_capture();
      return unavailable_stats(fmt::format("CUPTI scope '{}' could not end: {}", name_, e.what()));
    }
  }

 private:
  // After a failure: leave the source idle for the next scope, whatever state it is in.
  void abandon_capture() noexcept {
    try {
      (void)source_->end_capture();
      (void)source_->flush();
    } catch (...) {
    }
  }

  std::unique_ptr<RecordSource> source_;
  ScopeWindow window_;
  std::string name_;
  std::string error_;
  bool open_ = false;
};

}  // namespace

std::unique_ptr<Tracer> make_source_tracer(std::unique_ptr<RecordSource> source) {
  if (!source->start()) {
    std::string reason = source->reason();
    source->stop();
    return std::make_unique<UnavailableTracer>(reason.empty() ? "the CUPTI source did not start" : reason);
  }
  return std::make_unique<SourceTracer>(std::move(source));
}

std::unique_ptr<Tracer> make_unavailable_tracer(std::string reason) {
  return std::make_unique<UnavailableTracer>(std::move(reason));
}

}  // namespace clampbench::cupti
