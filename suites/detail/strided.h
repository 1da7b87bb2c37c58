// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Strided element references, read and written the same way by the fused host loops and the
// fused CUDA kernels: a base pointer (element [0, ...] of a possibly offset, possibly
// non-contiguous view) and strides in elements. Trivially copyable, so kernels take them by
// value. Also the integer arithmetic of Python and PyTorch that the builders' index math
// needs, defined once for host and device. No fmt and no Tensor here: nvcc compiles this
// header (tensor_refs.h has the host-side factories).

#include <cstdint>

#include "kernels/host_device.h"

namespace clampbench::suites::detail {

// A 1-D reference: element i is data[i * stride]. Ref1<const T> for an input.
template <typename T> struct Ref1 {
  T* data = nullptr;
  std::int64_t size = 0;
  std::int64_t stride = 1;
  CB_HD T& operator[](std::int64_t i) const { return data[i * stride]; }
};

// A 2-D reference: element (r, c) is data[r * row_stride + c * col_stride].
template <typename T> struct Ref2 {
  T* data = nullptr;
  std::int64_t rows = 0, cols = 0;
  std::int64_t row_stride = 0, col_stride = 1;
  CB_HD T& operator()(std::int64_t r, std::int64_t c) const { return data[r * row_stride + c * col_stride]; }
  CB_HD Ref1<T> row(std::int64_t r) const { return {data + r * row_stride, cols, col_stride}; }
};

template <typename T> struct Ref3 {
  T* data = nullptr;
  std::int64_t size[3] = {};
  std::int64_t stride[3] = {};
  CB_HD Ref2<T> select(std::int64_t i) const {
    return {data + i * stride[0], size[1], size[2], stride[1], stride[2]};
  }
};

// Python's // on integers (toward minus infinity, any sign of either operand); an int64 entry
// point so mixed int32/int64 operands convert. vllm.utils.cdiv is -(a // -b), a negative
// divisor. The builders divide by block sizes and chunk lengths, positive in every case the
// suites define, so not through the kernels' floor_div, whose tests for 0 and -1 on every call cost
// the sparse-MLA fused builders 7-8% more instructions and mamba_prefix_caching's 2%;
// docs/performance.md. tests/suites/test_suite_infra.cpp keeps the two alike.
CB_HD constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  const std::int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
CB_HD constexpr std::int64_t cdiv(std::int64_t a, std::int64_t b) { return -floor_div(a, -b); }
static_assert(cdiv(7, 2) == 4 && cdiv(8, 2) == 4 && cdiv(0, 256) == 0 && cdiv(257, 256) == 2 &&
              floor_div(-1, 256) == -1);

// PyTorch's integer % (toward minus infinity; takes the divisor's sign).
CB_HD std::int64_t floor_mod(std::int64_t a, std::int64_t b) { return a - floor_div(a, b) * b; }

CB_HD constexpr std::int64_t at_least_zero(std::int64_t x) { return x < 0 ? 0 : x; }

// int32 * int32 with the wrap-around of the eager int32 op (no signed-overflow UB).
CB_HD std::int32_t mul_i32(std::int32_t a, std::int32_t b) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) * static_cast<std::uint32_t>(b));
}

}  // namespace clampbench::suites::detail
