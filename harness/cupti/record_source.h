// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// RecordSource: where activity records come from. The CUPTI source (cupti_record_source.cpp,
// CUDA builds only) wraps the Activity and Callback APIs; FakeRecordSource feeds synthetic
// records to tests. The tracer (source_tracer.h) drives either one the same way:
//
//   start() once                            -> available() / reason()
//   per scope: synchronize(); begin_capture(); begin = now_ns();
//              ... the builder call ...
//              synchronize(); end = now_ns(); capture = end_capture(); records = flush();
//   stop() once (the destructor too)
//
// Sources never throw from start() or stop(); the per-scope calls may throw (a CUDA error in
// synchronize, a CUPTI error in flush) and the tracer turns that into an unavailable scope.

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "harness/cupti/activity_record.h"

namespace clampbench::cupti {

// What the callback API saw between begin_capture() and end_capture().
struct CallCapture {
  std::unordered_set<std::uint32_t> correlation_ids;  // every runtime API call
  std::uint64_t launch_calls = 0;                      // kernel launch calls among them
};

class RecordSource {
 public:
  virtual ~RecordSource() = default;

  // Subscribes and checks that tracing can work. Returns available().
  virtual bool start() = 0;
  virtual bool available() const = 0;
  virtual std::string reason() const = 0;  // why not, when !available()
  virtual void stop() = 0;

  // The clock of the records' timestamps (ns).
  virtual std::uint64_t now_ns() = 0;
  // Waits until the device has finished all work, so that its records are complete.
  virtual void synchronize() = 0;
  // Starts collecting records and runtime API calls of one scope; pending records from before
  // are discarded.
  virtual void begin_capture() = 0;
  virtual CallCapture end_capture() = 0;
  // Every record delivered since begin_capture() (after end_capture(): all of them).
  virtual std::vector<ActivityRecord> flush() = 0;
  // Records CUPTI dropped since begin_capture() (no buffer, or a buffer too small).
  virtual std::uint64_t dropped_records() = 0;
};

}  // namespace clampbench::cupti
