// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The n-gram sizes a prompt-lookup proposer searches, as the ngram_find suite sweeps them: what
// its eager port and its fused floor both read from a case's parameters.

#include <cstdint>

#include <fmt/format.h>

#include "kernels/error.h"

namespace clampbench::suites::detail {

struct NgramRange {
  std::int64_t min_n, max_n;
};
// The (prompt_lookup_min, prompt_lookup_max) pairs the spec sweeps; the "ngram_range" axis
// indexes this list.
inline constexpr NgramRange kNgramRanges[] = {{5, 5}, {2, 5}, {3, 5}, {1, 4}};

inline NgramRange ngram_range(std::int64_t index) {
  CB_CHECK(index >= 0 && index < 4, ErrorKind::InvalidArgument, "ngram_range index {} not in [0, 4)", index);
  return kNgramRanges[index];
}

}  // namespace clampbench::suites::detail
