// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cupti/fake_record_source.h"

#include <utility>

namespace clampbench::cupti {

FakeRecordSource FakeRecordSource::unavailable(std::string reason) {
  FakeRecordSource s;
  s.reason_ = std::move(reason);
  return s;
}

bool FakeRecordSource::start() {
  started_ = true;
  return available();
}

void FakeRecordSource::begin_capture() {
  pending_.clear();
  dropped_ = 0;
  capture_ = {};
  capturing_ = true;
}

CallCapture FakeRecordSource::end_capture() {
  capturing_ = false;
  return std::exchange(capture_, {});
}

std::vector<ActivityRecord> FakeRecordSource::flush() { return std::exchange(pending_, {}); }

std::uint64_t FakeRecordSource::dropped_records() { return std::exchange(dropped_, 0); }

std::uint32_t FakeRecordSource::call(bool kernel_launch) {
  const std::uint32_t id = next_correlation_id_++;
  if (capturing_) {
    capture_.correlation_ids.insert(id);
    capture_.launch_calls += kernel_launch ? 1 : 0;
  }
  return id;
}

}  // namespace clampbench::cupti
