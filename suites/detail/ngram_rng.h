// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The seeded random source of the n-gram and sparse-MLA input generators. std::mt19937_64's
// output sequence is fixed by the standard; std::uniform_int_distribution's is not, so the
// bounded draw is our own (rejection sampling), which makes a seed mean the same inputs on
// every platform and standard library.

#include <cstdint>
#include <random>

namespace clampbench::suites::detail {

class CaseRng {
 public:
  explicit CaseRng(std::uint64_t seed) : engine_(seed) {}

  // Uniform integer in [lo, hi] (inclusive); lo when hi < lo.
  std::int64_t uniform(std::int64_t lo, std::int64_t hi) {
    if (hi <= lo) return lo;
    const std::uint64_t span = static_cast<std::uint64_t>(hi - lo) + 1;
    // Largest multiple of span representable: draws at or above it are rejected (no bias).
    const std::uint64_t limit = span == 0 ? 0 : (~std::uint64_t{0} / span) * span;
    std::uint64_t draw = engine_();
    while (limit != 0 && draw >= limit) draw = engine_();
    return lo + static_cast<std::int64_t>(draw % span);
  }

  // True with probability num / den.
  bool chance(std::int64_t num, std::int64_t den) { return uniform(0, den - 1) < num; }

 private:
  std::mt19937_64 engine_;
};

}  // namespace clampbench::suites::detail
