// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/caching/detail/round_trip_batch.h"

#include <array>

namespace clampbench::caching::detail {
namespace {
template <typename Stats> auto stat_arrays(Stats& s) {
  return std::array{&s.allocation,      &s.segment,        &s.active,
                    &s.inactive_split,  &s.allocated_bytes, &s.reserved_bytes,
                    &s.active_bytes,    &s.inactive_split_bytes, &s.requested_bytes};
}
}  // namespace

void RoundTripBatch::start(const void* block, std::uint64_t pool_version, std::size_t requested) {
  block_ = block;
  version_ = pool_version;
  requested_ = requested;
  has_delta_ = false;
  pending_ = 0;
}

void RoundTripBatch::set_delta(const CachingStats& one_round_trip) {
  delta_ = one_round_trip;
  has_delta_ = true;
}

void RoundTripBatch::fold_into(CachingStats& stats) const {
  if (pending_ == 0) return;
  const auto to = stat_arrays(stats);
  const auto by = stat_arrays(delta_);
  for (std::size_t i = 0; i < to.size(); ++i) {
    for (int p = 0; p < kNumStatPools; ++p) {
      to[i]->pools[p].allocated += pending_ * by[i]->pools[p].allocated;
      to[i]->pools[p].freed += pending_ * by[i]->pools[p].freed;
    }
  }
}

void RoundTripBatch::end(CachingStats& stats) {
  fold_into(stats);
  block_ = nullptr;
  pending_ = 0;
}

}  // namespace clampbench::caching::detail
