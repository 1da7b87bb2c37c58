// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Plain, trivially copyable views of a builder's inputs (pointer + strides in elements), read
// the same way by the fused host loops and the fused kernels, which take them by value. No
// Tensor here, so that .cu files can include it (nvcc cannot compile fmt, which Tensor's
// error paths pull in).

#include <cstdint>

#if defined(__CUDACC__)
#define CB_HOST_DEVICE __host__ __device__
#else
#define CB_HOST_DEVICE
#endif

namespace clampbench::suites::fused::detail {

// A 1-D view: element i is data[i * stride] (data already points at element 0).
template <typename T> struct Strided1 {
  const T* data = nullptr;
  std::int64_t size = 0;
  std::int64_t stride = 1;
  CB_HOST_DEVICE T operator[](std::int64_t i) const { return data[i * stride]; }
};

// A 2-D view: element (r, c) is data[r * row_stride + c * col_stride].
template <typename T> struct Strided2 {
  const T* data = nullptr;
  std::int64_t rows = 0, cols = 0;
  std::int64_t row_stride = 0, col_stride = 1;
  CB_HOST_DEVICE T at(std::int64_t r, std::int64_t c) const { return data[r * row_stride + c * col_stride]; }
};

// Python's // on integers (toward minus infinity) and vllm.utils.cdiv, -(a // -b).
CB_HOST_DEVICE constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  const std::int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
CB_HOST_DEVICE constexpr std::int64_t cdiv(std::int64_t a, std::int64_t b) { return -floor_div(a, -b); }
static_assert(floor_div(-1, 256) == -1 && cdiv(0, 256) == 0 && cdiv(257, 256) == 2);

CB_HOST_DEVICE constexpr std::int64_t at_least_zero(std::int64_t x) { return x < 0 ? 0 : x; }

}  // namespace clampbench::suites::fused::detail
