// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/caching/detail/round_trip_batch.h"

namespace clampbench::caching::detail {

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
  const auto to = stats.arrays();
  const auto by = delta_.arrays();
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
