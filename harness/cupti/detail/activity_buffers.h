// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Activity API's buffer callbacks and the records they deliver. CUPTI calls these C
// functions (possibly from its own thread) with no user pointer, so what they parse is kept in
// one process-wide store. Callbacks never throw: a CUPTI error inside one is kept and raised
// by the next take().

#include <cupti.h>

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "harness/cupti/activity_record.h"

namespace clampbench::cupti::detail {

void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records);
void CUPTIAPI buffer_completed(CUcontext context, uint32_t stream_id, uint8_t* buffer, size_t size,
                               size_t valid_size);

class DeliveredRecords {
 public:
  static DeliveredRecords& instance();

  void add(std::vector<ActivityRecord> records, std::uint64_t dropped, std::string error);
  void clear();
  // The records delivered since the last take() or clear(); throws CuptiError if a callback
  // failed meanwhile.
  std::vector<ActivityRecord> take();
  std::uint64_t take_dropped();

 private:
  std::mutex mutex_;
  std::vector<ActivityRecord> records_;
  std::uint64_t dropped_ = 0;
  std::string error_;
};

}  // namespace clampbench::cupti::detail
