// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The caching policy's counters, named as torch.cuda.memory_stats() names them, so a
// clampbench report and a PyTorch one can be read side by side: "allocated_bytes.all.peak".

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace clampbench::caching {

// One counter: its value now, its high-water mark, and the totals added and removed.
struct Stat {
  std::int64_t current = 0;
  std::int64_t peak = 0;
  std::int64_t allocated = 0;
  std::int64_t freed = 0;

  // Inline: the caching policy moves a dozen of these per call.
  void increase(std::int64_t amount) {
    current += amount;
    peak = current > peak ? current : peak;
    allocated += amount;
  }
  void decrease(std::int64_t amount) {
    current -= amount;
    freed += amount;
  }
  friend bool operator==(const Stat&, const Stat&) = default;
};

// PyTorch's StatType: every counter is kept for both pools together and for each pool.
enum class StatPool : int { All = 0, SmallPool = 1, LargePool = 2 };
inline constexpr int kNumStatPools = 3;

struct StatArray {
  std::array<Stat, kNumStatPools> pools{};
  Stat& operator[](StatPool p) { return pools[static_cast<int>(p)]; }
  const Stat& operator[](StatPool p) const { return pools[static_cast<int>(p)]; }
  const Stat& all() const { return (*this)[StatPool::All]; }
  friend bool operator==(const StatArray&, const StatArray&) = default;
};

struct CachingStats {
  StatArray allocation;            // blocks handed out and not yet freed (count)
  StatArray segment;               // segments obtained from the source (count)
  StatArray active;                // blocks allocated or waiting to be reused (count); equals allocation here
  StatArray inactive_split;        // free blocks that are part of a split segment (count)
  StatArray allocated_bytes;       // bytes of allocated blocks (rounded)
  StatArray reserved_bytes;        // bytes of segments
  StatArray active_bytes;          // bytes of active blocks
  StatArray inactive_split_bytes;  // bytes of inactive split blocks
  StatArray requested_bytes;       // bytes the callers asked for
  std::int64_t num_alloc_retries = 0;  // a segment request failed and was retried after freeing the cache
  std::int64_t num_device_alloc = 0;   // segments obtained
  std::int64_t num_device_free = 0;    // segments released

  // "allocation.all.current" -> value, for every StatArray, pool and field, plus the three
  // plain counters; ordered by name.
  std::map<std::string, std::int64_t> to_map() const;
  // The StatArray names in declaration order ("allocation", "segment", ...).
  static const std::vector<std::string>& stat_names();
  // The StatArrays, in the order of stat_names(), for code that treats them all alike.
  std::array<StatArray*, 9> arrays();
  std::array<const StatArray*, 9> arrays() const;
  friend bool operator==(const CachingStats&, const CachingStats&) = default;
};

}  // namespace clampbench::caching
