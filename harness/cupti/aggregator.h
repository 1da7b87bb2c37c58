// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which activity records belong to a harness scope, and what they add up to. Pure C++: the
// rules are tested on synthetic records, and the CUPTI tracer only feeds them.
//
// A record belongs to the scope when either
//   - its correlation id is one of the runtime API calls the callback API saw inside the scope
//     (exact, whatever the clocks say; CUPTI gives memory, kernel, memcpy and memset records
//     the correlation id of the call that caused them), or
//   - its timestamp lies in the scope's window [begin_ns, end_ns] (for records whose
//     correlation id is 0 or names a driver-level call the runtime callbacks never saw).
// The tracer synchronizes the device before taking begin_ns, so no earlier work can have a
// timestamp inside the window; anything else is outside the scope and ignored.

#include <cstdint>
#include <span>
#include <unordered_set>

#include "harness/cupti/activity_record.h"
#include "harness/cupti/tracer.h"

namespace clampbench::cupti {

struct ScopeWindow {
  std::uint64_t begin_ns = 0;
  std::uint64_t end_ns = 0;
  std::unordered_set<std::uint32_t> correlation_ids;  // runtime API calls made inside the scope
};

enum class Attribution : std::uint8_t { Outside, ByCorrelation, ByTime };

Attribution attribute(const ActivityRecord& record, const ScopeWindow& window);

// Adds one record, already attributed to the scope, to the stats.
void accumulate(ScopeStats& stats, const ActivityRecord& record);

// Stats of the records that belong to the window (available = true; launch_calls and
// dropped_records are the caller's to fill: they do not come from records).
ScopeStats aggregate(std::span<const ActivityRecord> records, const ScopeWindow& window);

}  // namespace clampbench::cupti
