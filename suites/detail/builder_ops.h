// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The small compound helpers vLLM's builders call, written with exactly the eager ops (and
// so exactly the allocations) that their Python spelling performs.

#include <cstdint>

#include "kernels/ops.h"
#include "suites/detail/strided.h"  // floor_div and cdiv on plain integers

namespace clampbench::suites::detail {

// vllm.utils.cdiv on tensors: -(a // -b), two allocations.
inline Tensor cdiv(const Tensor& a, std::int64_t b) { return neg(floor_divide(a, -b)); }

}  // namespace clampbench::suites::detail
