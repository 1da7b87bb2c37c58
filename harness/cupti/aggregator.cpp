// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cupti/aggregator.h"

#include <string>

namespace clampbench::cupti {

Attribution attribute(const ActivityRecord& record, const ScopeWindow& window) {
  if (record.correlation_id != 0 && window.correlation_ids.contains(record.correlation_id))
    return Attribution::ByCorrelation;
  // 0 means CUPTI could not time the activity: only its correlation id can place it.
  if (record.start_ns != 0 && record.start_ns >= window.begin_ns && record.start_ns <= window.end_ns)
    return Attribution::ByTime;
  return Attribution::Outside;
}

void accumulate(ScopeStats& stats, const ActivityRecord& record) {
  switch (record.kind) {
    case RecordKind::Memory: {
      MemoryKindStats& k = stats.by_kind[std::string(memory_kind_name(record.memory_kind))];
      if (record.memory_op == MemoryOperation::Allocation) {
        ++k.allocations;
        k.bytes_allocated += record.bytes;
        ++stats.allocations;
        stats.bytes += record.bytes;
      } else {
        ++k.releases;
        k.bytes_released += record.bytes;
        ++stats.releases;
      }
      break;
    }
    case RecordKind::MemoryPool:
      switch (record.pool_op) {
        case PoolOperation::Created: ++stats.memory_pool.created; break;
        case PoolOperation::Destroyed: ++stats.memory_pool.destroyed; break;
        case PoolOperation::Trimmed: ++stats.memory_pool.trimmed; break;
      }
      break;
    case RecordKind::Kernel: ++stats.kernels; break;
    case RecordKind::Memcpy:
      ++stats.memcpy_count;
      stats.memcpy_bytes += record.bytes;
      break;
    case RecordKind::Memset:
      ++stats.memset_count;
      stats.memset_bytes += record.bytes;
      break;
  }
}

ScopeStats aggregate(std::span<const ActivityRecord> records, const ScopeWindow& window) {
  ScopeStats stats;
  stats.available = true;
  for (const ActivityRecord& r : records) {
    switch (attribute(r, window)) {
      case Attribution::Outside: continue;
      case Attribution::ByCorrelation: ++stats.attributed_by_correlation; break;
      case Attribution::ByTime: ++stats.attributed_by_time; break;
    }
    accumulate(stats, r);
  }
  return stats;
}

}  // namespace clampbench::cupti
