// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// FakeRecordSource: a RecordSource with a hand-driven clock. Tests advance the clock, "call"
// runtime APIs (which the capture sees only while a scope is open, as CUPTI's callbacks are
// enabled only then) and push the records CUPTI would deliver, then read what the tracer makes
// of them. Records pushed before a scope opens are pending and discarded by begin_capture(),
// as the CUPTI source discards what arrived between scopes.

#include <cstdint>
#include <string>
#include <vector>

#include "harness/cupti/record_source.h"

namespace clampbench::cupti {

class FakeRecordSource final : public RecordSource {
 public:
  FakeRecordSource() = default;
  // A source that fails to start with `reason` (as CUPTI does under another profiler).
  static FakeRecordSource unavailable(std::string reason);

  bool start() override;
  bool available() const override { return started_ && reason_.empty(); }
  std::string reason() const override { return reason_; }
  void stop() override { started_ = false; }

  std::uint64_t now_ns() override { return clock_ns_; }
  void synchronize() override { ++synchronize_calls_; }
  void begin_capture() override;
  CallCapture end_capture() override;
  std::vector<ActivityRecord> flush() override;
  std::uint64_t dropped_records() override;

  // Test controls.
  void advance(std::uint64_t ns) { clock_ns_ += ns; }
  // A runtime API call; returns its correlation id (ids count up from 1, as CUPTI's do).
  std::uint32_t call(bool kernel_launch = false);
  void push(const ActivityRecord& record) { pending_.push_back(record); }
  void drop(std::uint64_t records) { dropped_ += records; }

  std::uint64_t synchronize_calls() const { return synchronize_calls_; }
  bool capturing() const { return capturing_; }

 private:
  std::string reason_;
  bool started_ = false;
  bool capturing_ = false;
  std::uint64_t clock_ns_ = 1'000;
  std::uint32_t next_correlation_id_ = 1;
  std::uint64_t synchronize_calls_ = 0;
  std::uint64_t dropped_ = 0;
  CallCapture capture_;
  std::vector<ActivityRecord> pending_;
};

}  // namespace clampbench::cupti
