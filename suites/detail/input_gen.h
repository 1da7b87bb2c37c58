// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Seeded, platform-independent randomness for the input generators, and the small factories
// they share. std::mt19937_64's sequence is fixed by the standard, but the <random>
// distributions are not, so bounded draws are written here (rejection sampling: unbiased).

#include <cstdint>
#include <random>
#include <string_view>
#include <vector>

#include "kernels/ops.h"
#include "suites/suite.h"

namespace clampbench::suites::detail {

class Rng {
 public:
  // The suite name is mixed in so that two suites given one seed draw different streams.
  Rng(std::uint64_t seed, std::string_view stream) : engine_(mix(seed, stream)) {}

  // Uniform integer in [lo, hi] (inclusive); lo <= hi.
  std::int64_t uniform(std::int64_t lo, std::int64_t hi) {
    const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
    if (span == 0) return static_cast<std::int64_t>(engine_());  // the whole 64-bit range
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
};

// A length-n view at the front of a longer buffer (the runner's persistent buffers are sized
// for the maximum batch; builders see a slice). The tail holds `tail_value`.
template <typename T>
Tensor front_view(std::vector<T> values, std::int64_t extra, T tail_value, DeviceType device) {
  const auto n = static_cast<std::int64_t>(values.size());
  values.resize(static_cast<std::size_t>(n + extra), tail_value);
  return from_vector<T>(values, Dims{n + extra}, device).narrow(0, 0, n);
}

constexpr std::int64_t round_up(std::int64_t x, std::int64_t m) { return (x + m - 1) / m * m; }

}  // namespace clampbench::suites::detail
