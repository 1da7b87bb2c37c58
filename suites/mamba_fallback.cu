// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused mamba_fallback kernel: one thread per request.
// The values are those of the eager int32 ops for inputs in the spec's ranges (no int32
// overflow: lengths < 2^31 - 1).

#include <cstdint>

#include "kernels/kernel_source.h"
#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

// mamba_fallback, one request: where(prev >= 0, prev, clamp((nct - 1) // B, 0)).
CB_HD std::int32_t fallback_index(std::int32_t nct, std::int32_t prev, std::int64_t block) {
  if (prev >= 0) return prev;
  return static_cast<std::int32_t>(at_least_zero(floor_div(static_cast<std::int64_t>(nct) - 1, block)));
}

// The kernel (kernels/custom_kernel.h): one element per request.
struct FallbackRows {
  Ref1<const std::int32_t> nct, prev;
  std::int64_t block = 1;
  std::int32_t* out = nullptr;
  CB_HD void operator()(std::int64_t r) const { out[r] = fallback_index(nct[r], prev[r], block); }
};

}  // namespace clampbench::suites::detail

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::FallbackRows);
