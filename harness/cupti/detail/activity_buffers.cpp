// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cupti/detail/activity_buffers.h"

#include <cstdlib>
#include <utility>

#include "harness/cupti/detail/convert_record.h"
#include "harness/cupti/detail/cupti_check.h"

namespace clampbench::cupti::detail {

namespace {
// Large enough that a builder call's records fit in one buffer (a record is ~100-200 bytes);
// CUPTI asks for more when one fills. A multiple of 8: records are 8-byte aligned.
constexpr std::size_t kBufferBytes = 4u << 20;
}  // namespace

void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records) {
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, kBufferBytes));
  *size = *buffer != nullptr ? kBufferBytes : 0;  // no buffer: CUPTI drops records, and counts them
  *max_records = 0;
}

void CUPTIAPI buffer_completed(CUcontext context, uint32_t stream_id, uint8_t* buffer, size_t /*size*/,
                               size_t valid_size) {
  std::vector<ActivityRecord> records;
  std::uint64_t dropped = 0;
  std::string error;
  try {
    CUpti_Activity* record = nullptr;
    for (;;) {
      // The one return code not checked with CB_CUPTI_CHECK: it is also how the buffer ends.
      const CUptiResult status = cuptiActivityGetNextRecord(buffer, valid_size, &record);
      if (status == CUPTI_ERROR_MAX_LIMIT_REACHED) break;
      if (status == CUPTI_ERROR_INVALID_KIND) {  // an incomplete record: the rest is unreadable
        ++dropped;
        break;
      }
      CB_CUPTI_CHECK(status);
      if (auto converted = convert_record(*record)) records.push_back(*converted);
    }
    size_t lost = 0;
    CB_CUPTI_CHECK(cuptiActivityGetNumDroppedRecords(context, stream_id, &lost));
    dropped += lost;
  } catch (const std::exception& e) {
    error = e.what();
  }
  std::free(buffer);
  DeliveredRecords::instance().add(std::move(records), dropped, std::move(error));
}

DeliveredRecords& DeliveredRecords::instance() {
  static DeliveredRecords store;
  return store;
}

void DeliveredRecords::add(std::vector<ActivityRecord> records, std::uint64_t dropped, std::string error) {
  std::lock_guard lock(mutex_);
  records_.insert(records_.end(), records.begin(), records.end());
  dropped_ += dropped;
  if (error_.empty()) error_ = std::move(error);
}

void DeliveredRecords::clear() {
  std::lock_guard lock(mutex_);
  records_.clear();
  dropped_ = 0;
  error_.clear();
}

std::vector<ActivityRecord> DeliveredRecords::take() {
  std::lock_guard lock(mutex_);
  if (!error_.empty()) {
    std::string error = std::exchange(error_, {});
    records_.clear();
    throw CuptiError(CUPTI_ERROR_UNKNOWN, "while reading an activity buffer: " + error);
  }
  return std::exchange(records_, {});
}

std::uint64_t DeliveredRecords::take_dropped() {
  std::lock_guard lock(mutex_);
  return std::exchange(dropped_, 0);
}

}  // namespace clampbench::cupti::detail
