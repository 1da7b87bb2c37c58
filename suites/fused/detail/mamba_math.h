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

// The kernels (kernels/custom_kernel.h), one element per request or per output cell.
struct PrefixCachingRows {
  Ref1<const std::int32_t> nct, seq_lens;
  std::int64_t block = 1;
  std::int32_t *last_computed = nullptr, *first_scheduled = nullptr, *last_scheduled = nullptr;
  CB_HD void operator()(std::int64_t r) const {
    const PrefixIndices idx = prefix_indices(nct[r], seq_lens[r], block);
    last_computed[r] = idx.last_computed;
    first_scheduled[r] = idx.first_scheduled;
    last_scheduled[r] = idx.last_scheduled;
  }
};

struct FallbackRows {
  Ref1<const std::int32_t> nct, prev;
  std::int64_t block = 1;
  std::int32_t* out = nullptr;
  CB_HD void operator()(std::int64_t r) const { out[r] = fallback_index(nct[r], prev[r], block); }
};

// Row r of the [R, width] output, its first column computed once; false (the row's later cells
// unwritten) at the first column past the table, which the eager gather rejects.
struct BlockTableRows {
  Ref2<const std::int32_t> table;
  Ref1<const std::int32_t> seq_lens;
  std::int64_t block = 1, width = 1;
  std::int32_t* out = nullptr;
  CB_HD bool operator()(std::int64_t r) const {
    const std::int64_t start = block_table_start(seq_lens[r], block);
    for (std::int64_t j = 0; j < width; ++j) {
      if (start + j >= table.cols) return false;
      out[r * width + j] = table(r, start + j);
    }
    return true;
  }
};

}  // namespace clampbench::suites::detail
