// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A run of identical warm round trips -- free a block, take it straight back with the same
// request, nothing else in between -- leaves every counter's current value and peak where the
// first round trip of the run left them, and adds the same amounts to the accumulated ones
// (allocated, freed) each time. So the policy accounts the first one exactly and then only
// counts the rest; the counts are added in (fold_into) whenever the counters are read, and
// the run ends (end) at any other call.

#include <cstddef>
#include <cstdint>

#include "kernels/caching/caching_stats.h"

namespace clampbench::caching::detail {

class RoundTripBatch {
 public:
  // A run may follow the exact round trip of `block` that just ended with `requested`.
  void start(const void* block, std::uint64_t pool_version, std::size_t requested);
  // Whether freeing `block` (asked for with `requested`) now begins another round trip of the run.
  bool continues(const void* block, std::uint64_t pool_version, std::size_t requested) const {
    return block_ != nullptr && block == block_ && pool_version == version_ && requested == requested_;
  }
  bool has_delta() const { return has_delta_; }
  // The accumulated amounts one round trip adds: a scratch CachingStats that went through it.
  void set_delta(const CachingStats& one_round_trip);
  std::size_t requested() const { return requested_; }
  void add() { ++pending_; }

  // Adds the counted round trips' accumulated amounts to `stats`.
  void fold_into(CachingStats& stats) const;
  // Folds into `stats` and forgets the run.
  void end(CachingStats& stats);

 private:
  const void* block_ = nullptr;
  std::uint64_t version_ = 0;
  std::size_t requested_ = 0;
  bool has_delta_ = false;
  CachingStats delta_;
  std::int64_t pending_ = 0;
};

}  // namespace clampbench::caching::detail
