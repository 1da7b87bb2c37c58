// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The per-request arithmetic of the three mamba builders, written once
// for the fused host loops and the fused kernels. The values are those of the eager int32 ops
// for inputs in the spec's ranges (no int32 overflow: lengths < 2^31 - 1).

#include <cstdint>

#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

// mamba_prefix_caching, one request: clamp(cdiv(nct, B) - 1, 0), cdiv(nct + 1, B) - 1 (never negative, not
// clamped), clamp(cdiv(seq_len, B) - 1, 0).
struct PrefixIndices {
  std::int32_t last_computed, first_scheduled, last_scheduled;
};
CB_HD PrefixIndices prefix_indices(std::int32_t nct, std::int32_t seq_len, std::int64_t block) {
  return {static_cast<std::int32_t>(at_least_zero(cdiv(nct, block) - 1)),
          static_cast<std::int32_t>(cdiv(static_cast<std::int64_t>(nct) + 1, block) - 1),
          static_cast<std::int32_t>(at_least_zero(cdiv(seq_len, block) - 1))};
}

// mamba_fallback, one request: where(prev >= 0, prev, clamp((nct - 1) // B, 0)).
CB_HD std::int32_t fallback_index(std::int32_t nct, std::int32_t prev, std::int64_t block) {
  if (prev >= 0) return prev;
  return static_cast<std::int32_t>(at_least_zero(floor_div(static_cast<std::int64_t>(nct) - 1, block)));
}

// mamba_block_table, one request: the first gathered column, clamp((seq_len - 1) // B, 0).
CB_HD std::int64_t block_table_start(std::int32_t seq_len, std::int64_t block) {
  return at_least_zero(floor_div(static_cast<std::int64_t>(seq_len) - 1, block));
}

}  // namespace clampbench::suites::detail
