// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused mamba_prefix_caching kernel: one thread per request, its three block indices.
// The values are those of the eager int32 ops for inputs in the spec's ranges (no int32
// overflow: lengths < 2^31 - 1).

#include <cstdint>

#include "kernels/kernel_source.h"
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

// The kernel (kernels/custom_kernel.h): one element per request.
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

}  // namespace clampbench::suites::detail

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::PrefixCachingRows);
