// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one seeded random source of the input generators. std::mt19937_64's sequence is fixed
// by the standard, but the <random> distributions are not, so the bounded draw is written
// here (rejection sampling: unbiased): a seed means the same inputs on every platform.

#include <cstdint>
#include <random>
#include <string_view>

namespace clampbench::suites::detail {

class Rng {
 public:
  // How a suite's seed becomes its engine's seed. Mixed (what a new suite uses): the suite name
  // is mixed in, so two suites given one seed draw different streams. Unmixed: the engine is
  // seeded with the seed as is and a range of a single value is answered without a draw; the
  // n-gram and sparse-MLA slot-mapping suites keep it because their inputs (and so every result
  // recorded from them) depend on both.
  enum class Seeding { Mixed, Unmixed };

  Rng(std::uint64_t seed, std::string_view stream, Seeding seeding = Seeding::Mixed)
      : engine_(seeding == Seeding::Mixed ? mix(seed, stream) : seed),
        draw_single_value_(seeding == Seeding::Mixed) {}

  // Uniform integer in [lo, hi] (inclusive); lo when hi < lo.
  std::int64_t uniform(std::int64_t lo, std::int64_t hi) {
    if (hi < lo || (hi == lo && !draw_single_value_)) return lo;
    const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
    if (span == 0) return static_cast<std::int64_t>(engine_());  // the whole 64-bit range
    // The largest multiple of span that fits: draws at or above it are rejected (no bias).
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % span;
    std::uint64_t x = engine_();
    while (x >= limit) x = engine_();
    return lo + static_cast<std::int64_t>(x % span);
  }
  // True with probability num / den.
  bool chance(std::int64_t num, std::int64_t den) { return uniform(0, den - 1) < num; }

 private:
  static std::uint64_t mix(std::uint64_t seed, std::string_view stream) {
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a over the stream name
    for (char c : stream) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return seed ^ (h + 0x9e3779b97f4a7c15ull + (seed << 6) + (seed >> 2));
  }
  std::mt19937_64 engine_;
  bool draw_single_value_ = true;
};

}  // namespace clampbench::suites::detail
