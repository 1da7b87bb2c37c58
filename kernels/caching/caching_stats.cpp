// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/caching/caching_stats.h"

namespace clampbench::caching {
namespace {
template <typename Stats> auto arrays_of(Stats& s) {
  return std::array{&s.allocation,     &s.segment,        &s.active,
                    &s.inactive_split, &s.allocated_bytes, &s.reserved_bytes,
                    &s.active_bytes,   &s.inactive_split_bytes, &s.requested_bytes};
}
}  // namespace

std::array<StatArray*, 9> CachingStats::arrays() { return arrays_of(*this); }
std::array<const StatArray*, 9> CachingStats::arrays() const { return arrays_of(*this); }

const std::vector<std::string>& CachingStats::stat_names() {
  static const std::vector<std::string> names = {
      "allocation",      "segment",      "active",
      "inactive_split",  "allocated_bytes", "reserved_bytes",
      "active_bytes",    "inactive_split_bytes", "requested_bytes"};
  return names;
}

std::map<std::string, std::int64_t> CachingStats::to_map() const {
  const auto all = arrays();  // in the order of stat_names()
  static const char* const pool_names[kNumStatPools] = {"all", "small_pool", "large_pool"};
  std::map<std::string, std::int64_t> out;
  const auto& names = stat_names();
  for (std::size_t a = 0; a < names.size(); ++a) {
    for (int p = 0; p < kNumStatPools; ++p) {
      const Stat& s = all[a]->pools[p];
      const std::string prefix = names[a] + "." + pool_names[p] + ".";
      out[prefix + "current"] = s.current;
      out[prefix + "peak"] = s.peak;
      out[prefix + "allocated"] = s.allocated;
      out[prefix + "freed"] = s.freed;
    }
  }
  out["num_alloc_retries"] = num_alloc_retries;
  out["num_device_alloc"] = num_device_alloc;
  out["num_device_free"] = num_device_free;
  return out;
}

}  // namespace clampbench::caching
