// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Strided element references shared by the fused host loops and the fused CUDA kernels: a
// base pointer (element [0, ...] of a possibly offset, possibly non-contiguous view) and
// strides in elements. Trivially copyable, so kernels take them by value. No fmt and no
// Tensor here: nvcc compiles this header (see tensor_refs.h for the host-side factories).

#include <cstdint>

#include "suites/fused/detail/strided.h"  // floor_div

#if defined(__CUDACC__)
#define CB_FUSED_HD __host__ __device__ __forceinline__
#else
#define CB_FUSED_HD inline
#endif

namespace clampbench::suites::fused::detail {

template <typename T> struct Ref1 {
  T* data = nullptr;
  std::int64_t size = 0;
  std::int64_t stride = 1;
  CB_FUSED_HD T& operator[](std::int64_t i) const { return data[i * stride]; }
};

template <typename T> struct Ref2 {
  T* data = nullptr;
  std::int64_t rows = 0, cols = 0;
  std::int64_t row_stride = 0, col_stride = 1;
  CB_FUSED_HD T& operator()(std::int64_t r, std::int64_t c) const { return data[r * row_stride + c * col_stride]; }
  CB_FUSED_HD Ref1<T> row(std::int64_t r) const { return {data + r * row_stride, cols, col_stride}; }
};

template <typename T> struct Ref3 {
  T* data = nullptr;
  std::int64_t size[3] = {};
  std::int64_t stride[3] = {};
  CB_FUSED_HD Ref2<T> select(std::int64_t i) const {
    return {data + i * stride[0], size[1], size[2], stride[1], stride[2]};
  }
};

// PyTorch's integer % (toward minus infinity; takes the divisor's sign). floor_div is
// strided.h's: one definition, since a second inline one with another body (a b > 0 shortcut)
// is an ODR violation that an unoptimised build resolves to either body for every caller.
CB_FUSED_HD std::int64_t floor_mod(std::int64_t a, std::int64_t b) { return a - floor_div(a, b) * b; }

// int32 * int32 with the wrap-around of the eager int32 op (no signed-overflow UB).
CB_FUSED_HD std::int32_t mul_i32(std::int32_t a, std::int32_t b) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) * static_cast<std::uint32_t>(b));
}

}  // namespace clampbench::suites::fused::detail
