// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The small compound helpers vLLM's builders call, written with exactly the eager ops (and
// so exactly the allocations) that their Python spelling performs.

#include <cstdint>

#include "kernels/ops.h"

namespace clampbench::suites::detail {

// vllm.utils.cdiv on tensors: -(a // -b), two allocations.
inline Tensor cdiv(const Tensor& a, std::int64_t b) { return neg(floor_divide(a, -b)); }

// Python's // and cdiv on plain integers (rounding toward minus infinity).
constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  const std::int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
constexpr std::int64_t cdiv(std::int64_t a, std::int64_t b) { return -floor_div(a, -b); }
static_assert(cdiv(7, 2) == 4 && cdiv(8, 2) == 4 && cdiv(0, 5) == 0 && floor_div(-1, 256) == -1);

}  // namespace clampbench::suites::detail
