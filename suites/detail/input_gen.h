// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The small factories the input generators share, and their random source (rng.h).

#include <cstdint>
#include <vector>

#include "kernels/ops.h"
#include "suites/detail/rng.h"
#include "suites/suite.h"

namespace clampbench::suites::detail {


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
