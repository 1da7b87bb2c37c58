// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Cross-check: does what the driver saw (CUPTI) match what the allocation ledger says the
// allocator asked the driver for, in the same scope? The contract, per allocator kind:
//
//   raw      every non-empty tensor is one cudaMalloc of Block::reserved bytes and one cudaFree.
//            Expected CUPTI device-memory allocations = ledger allocations of non-empty blocks,
//            bytes = their bytes_reserved, releases = frees of non-empty blocks.
//   async    the same through cudaMallocAsync/cudaFreeAsync (CUPTI reports one MEMORY2 record
//            per call, isAsync set; pool growth shows separately under "memory_pool").
//   caching  the driver sees only segments: expected CUPTI allocations = segments created,
//            bytes = segment bytes created, releases = segments released. Tensor allocations
//            served from cached segments are invisible to CUPTI by design; the detail says so.
//   other    (host, pinned, unknown): not_comparable.
//
// Only CUPTI's "device" memory kind is compared (pinned staging buffers and the like are not
// the ledger's cuda traffic). The status is not_comparable, never agree, when CUPTI was not
// available or dropped records in the scope.
//
// Two ways to give the ledger side. The event overload is exact: it skips empty tensors
// (Block::ptr == nullptr, never seen by the driver) and also compares released bytes. The
// counters overload has no way to tell empty tensors apart, so it is exact only for scopes
// that allocate no empty tensor, and compares no released bytes; prefer the events.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "harness/cupti/tracer.h"
#include "kernels/ledger.h"

namespace clampbench::cupti {

enum class CrossCheckStatus : std::uint8_t { Agree, Disagree, NotComparable };
std::string_view to_string(CrossCheckStatus status);  // "agree", "disagree", "not_comparable"

struct CrossCheck {
  CrossCheckStatus status = CrossCheckStatus::NotComparable;
  std::string detail;
};

// What the driver should have seen, derived from the ledger for an allocator kind.
struct DriverTraffic {
  std::uint64_t allocations = 0;
  std::uint64_t releases = 0;
  std::uint64_t bytes_allocated = 0;
  std::optional<std::uint64_t> bytes_released;  // unknown from counters
  bool segments = false;                        // caching: these are segments, not tensors
  std::uint64_t tensor_allocations = 0;         // what the ledger counted for tensors, for the detail
};

// nullopt for an allocator kind the driver's view cannot be compared with.
std::optional<DriverTraffic> expected_driver_traffic(const LedgerCounters& ledger_cuda, std::string_view allocator_kind);
std::optional<DriverTraffic> expected_driver_traffic(std::span<const LedgerEvent> events, std::string_view allocator_kind);

CrossCheck cross_check(const ScopeStats& cupti, const LedgerCounters& ledger_cuda, std::string_view allocator_kind);
CrossCheck cross_check(const ScopeStats& cupti, std::span<const LedgerEvent> events, std::string_view allocator_kind);
// Parses to_string's names; false for any other text.
bool parse_cross_check_status(std::string_view text, CrossCheckStatus& out);

}  // namespace clampbench::cupti
