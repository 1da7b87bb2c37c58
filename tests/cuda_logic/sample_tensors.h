// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Deterministic host operands for the differential tests: every dtype, values with repeats
// (ties for max/argmax), negatives and zeros, and views that are not contiguous.

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/ops.h"

namespace clampbench::cuda_logic {

inline std::string dname(DType t) { return std::string(dtype_name(t)); }

inline constexpr DType kAllDTypes[] = {DType::Bool, DType::Int32, DType::Int64, DType::Float32};

// Values in [-9, 9] (many repeats) spread over `shape`; floats get quarter steps and a -0.
inline Tensor sample(DType dtype, const Dims& shape, int seed, bool nonzero = false) {
  std::vector<float> values(static_cast<std::size_t>(shape.numel()));
  for (std::size_t k = 0; k < values.size(); ++k) {
    const std::int64_t v = static_cast<std::int64_t>((k * 37 + static_cast<std::size_t>(seed) * 11) % 19) - 9;
    float x = dtype == DType::Float32 ? static_cast<float>(v) * 0.75f : static_cast<float>(v);
    if (dtype == DType::Float32 && v == 0) x = -0.0f;
    if (nonzero && v == 0) x = 3;
    values[k] = x;
  }
  return to(from_vector(values, shape, DeviceType::Host), dtype);
}

// A [rows, cols] operand that is a strided view: every other column of a [rows, 2*cols + 1]
// tensor, starting at column 1 (non-zero storage offset, column stride 2).
inline Tensor strided_sample(DType dtype, std::int64_t rows, std::int64_t cols, int seed) {
  const Tensor base = sample(dtype, {rows, 2 * cols + 1}, seed);
  return base.narrow(1, 1, 2 * cols).unfold(1, 1, 2).squeeze(2);
}

}  // namespace clampbench::cuda_logic
