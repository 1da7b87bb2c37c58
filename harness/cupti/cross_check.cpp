// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cupti/cross_check.h"

#include <fmt/format.h>

namespace clampbench::cupti {

std::string_view to_string(CrossCheckStatus status) {
  switch (status) {
    case CrossCheckStatus::Agree: return "agree";
    case CrossCheckStatus::Disagree: return "disagree";
    case CrossCheckStatus::NotComparable: break;
  }
  return "not_comparable";
}

namespace {

enum class Policy { PerTensor, PerSegment, None };

Policy policy_of(std::string_view kind) {
  if (kind == "raw" || kind == "async") return Policy::PerTensor;
  if (kind == "caching") return Policy::PerSegment;
  return Policy::None;
}

std::string describe(const DriverTraffic& t) {
  std::string s = fmt::format("{} {} ({} bytes) / {} released", t.allocations,
                              t.segments ? "segments" : "non-empty allocations", t.bytes_allocated, t.releases);
  if (t.bytes_released) s += fmt::format(" ({} bytes)", *t.bytes_released);
  return s;
}

CrossCheck compare(const ScopeStats& cupti, const std::optional<DriverTraffic>& expected,
                   std::string_view allocator_kind) {
  if (!cupti.available) return {CrossCheckStatus::NotComparable, fmt::format("CUPTI unavailable: {}", cupti.reason)};
  if (!expected)
    return {CrossCheckStatus::NotComparable,
            fmt::format("allocator '{}' has no driver-level account to compare with", allocator_kind)};
  if (cupti.dropped_records != 0)
    return {CrossCheckStatus::NotComparable,
            fmt::format("CUPTI dropped {} records in this scope", cupti.dropped_records)};

  MemoryKindStats seen;
  if (auto it = cupti.by_kind.find("device"); it != cupti.by_kind.end()) seen = it->second;
  const bool agree = seen.allocations == expected->allocations && seen.releases == expected->releases &&
                     seen.bytes_allocated == expected->bytes_allocated &&
                     (!expected->bytes_released || seen.bytes_released == *expected->bytes_released);

  std::string detail = fmt::format("{}: ledger cuda {}; CUPTI device memory {} allocations ({} bytes) / {} released",
                                   allocator_kind, describe(*expected), seen.allocations, seen.bytes_allocated,
                                   seen.releases);
  if (expected->bytes_released) detail += fmt::format(" ({} bytes)", seen.bytes_released);
  if (expected->segments)
    detail += fmt::format(
        "; caching: the driver sees segment traffic only, the {} tensor allocations served from cached "
        "segments are invisible to CUPTI",
        expected->tensor_allocations);
  return {agree ? CrossCheckStatus::Agree : CrossCheckStatus::Disagree, std::move(detail)};
}

}  // namespace

std::optional<DriverTraffic> expected_driver_traffic(const LedgerCounters& c, std::string_view allocator_kind) {
  DriverTraffic t;
  switch (policy_of(allocator_kind)) {
    case Policy::PerTensor:
      t.allocations = c.allocations;
      t.releases = c.frees;
      t.bytes_allocated = c.bytes_reserved;  // what the allocator passed to cudaMalloc(Async)
      break;
    case Policy::PerSegment:
      t.segments = true;
      t.allocations = c.segments_created;
      t.releases = c.segments_released;
      t.bytes_allocated = c.segment_bytes_created;
      break;
    case Policy::None: return std::nullopt;
  }
  t.tensor_allocations = c.allocations;
  return t;
}

std::optional<DriverTraffic> expected_driver_traffic(std::span<const LedgerEvent> events,
                                                     std::string_view allocator_kind) {
  const Policy policy = policy_of(allocator_kind);
  if (policy == Policy::None) return std::nullopt;
  DriverTraffic t;
  t.segments = policy == Policy::PerSegment;
  t.bytes_released = 0;
  for (const LedgerEvent& e : events) {
    if (e.device != DeviceType::Cuda) continue;
    if (e.kind == LedgerEventKind::Alloc) ++t.tensor_allocations;
    const bool counted = policy == Policy::PerSegment
                             ? (e.kind == LedgerEventKind::SegmentAlloc || e.kind == LedgerEventKind::SegmentFree)
                             : ((e.kind == LedgerEventKind::Alloc || e.kind == LedgerEventKind::Free) &&
                                e.address != nullptr);  // an empty tensor never reaches the driver
    if (!counted) continue;
    if (e.kind == LedgerEventKind::Alloc || e.kind == LedgerEventKind::SegmentAlloc) {
      ++t.allocations;
      t.bytes_allocated += e.bytes_reserved;
    } else {
      ++t.releases;
      *t.bytes_released += e.bytes_reserved;
    }
  }
  return t;
}

CrossCheck cross_check(const ScopeStats& cupti, const LedgerCounters& ledger_cuda, std::string_view allocator_kind) {
  return compare(cupti, expected_driver_traffic(ledger_cuda, allocator_kind), allocator_kind);
}

CrossCheck cross_check(const ScopeStats& cupti, std::span<const LedgerEvent> events, std::string_view allocator_kind) {
  return compare(cupti, expected_driver_traffic(events, allocator_kind), allocator_kind);
}

bool parse_cross_check_status(std::string_view text, CrossCheckStatus& out) {
  for (auto s : {CrossCheckStatus::Agree, CrossCheckStatus::Disagree, CrossCheckStatus::NotComparable})
    if (to_string(s) == text) {
      out = s;
      return true;
    }
  return false;
}

}  // namespace clampbench::cupti
