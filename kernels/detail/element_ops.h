// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Scalar semantics of every elementwise op, compiled both by the host compiler and by nvcc
// so that host loops and CUDA kernels compute bit-identical results.

#include <cstdint>
#include <type_traits>

#include "kernels/detail/backend.h"
#include "kernels/host_device.h"


namespace clampbench::detail {

template <typename T> CB_HD T load_as(const char* p, DType t) {
  switch (t) {
    case DType::Bool: return static_cast<T>(*reinterpret_cast<const bool*>(p));
    case DType::Int32: return static_cast<T>(*reinterpret_cast<const std::int32_t*>(p));
    case DType::Int64: return static_cast<T>(*reinterpret_cast<const std::int64_t*>(p));
    case DType::Float32: return static_cast<T>(*reinterpret_cast<const float*>(p));
  }
  return T{};
}

template <typename T> CB_HD void store_as(char* p, DType t, T v) {
  switch (t) {
    case DType::Bool: *reinterpret_cast<bool*>(p) = v != T{}; break;
    case DType::Int32: *reinterpret_cast<std::int32_t*>(p) = static_cast<std::int32_t>(v); break;
    case DType::Int64: *reinterpret_cast<std::int64_t*>(p) = static_cast<std::int64_t>(v); break;
    case DType::Float32: *reinterpret_cast<float*>(p) = static_cast<float>(v); break;
  }
}

template <typename T> CB_HD T scalar_as(const ScalarArg& s) {
  return s.is_float ? static_cast<T>(s.f) : static_cast<T>(s.i);
}

// Python floor division; a zero integer divisor yields 0 (ops.cpp rejects zero scalars).
template <typename T> CB_HD constexpr T floor_div(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    if (b == 0) return 0;
    if (b == T(-1)) return T(0) - a;  // avoids INT_MIN / -1 trapping; wraps like torch
    T q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q -= 1;  // not --q: T may be bool
    return q;
  } else {
    T q = a / b;
    T f = static_cast<T>(static_cast<long long>(q));
    if (f > q) f -= 1;
    return f;
  }
}

// Python remainder: the result takes the divisor's sign.
template <typename T> CB_HD T py_rem(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    if (b == 0 || b == T(-1)) return 0;
    T r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
  } else {
    return a - floor_div(a, b) * b;
  }
}

template <typename T> CB_HD T binary_op(ElementOp op, T a, T b) {
  switch (op) {
    case ElementOp::Add: return a + b;
    case ElementOp::Sub: return a - b;
    case ElementOp::Mul: return a * b;
    case ElementOp::FloorDiv: return floor_div(a, b);
    case ElementOp::Rem: return py_rem(a, b);
    case ElementOp::Min: return a < b ? a : b;
    case ElementOp::Max: return a > b ? a : b;
    case ElementOp::Eq: return a == b;
    case ElementOp::Ne: return a != b;
    case ElementOp::Lt: return a < b;
    case ElementOp::Le: return a <= b;
    case ElementOp::Gt: return a > b;
    case ElementOp::Ge: return a >= b;
    case ElementOp::And: return (a != T{}) && (b != T{});
    case ElementOp::Or: return (a != T{}) || (b != T{});
    case ElementOp::RSub: return b - a;
    default: return T{};
  }
}

template <typename T> CB_HD T clamp_op(T v, const ElementwiseArgs& a) {
  // torch.clamp applies min then max: with min > max every element becomes max.
  if (a.has_min) { T lo = scalar_as<T>(a.s[0]); v = v < lo ? lo : v; }
  if (a.has_max) { T hi = scalar_as<T>(a.s[1]); v = v > hi ? hi : v; }
  return v;
}

// Offset in bytes of flat element `linear` (row-major over sizes) in an operand.
CB_HD std::int64_t byte_offset(const TensorArg& t, std::int64_t linear, const Dims& sizes) {
  std::int64_t off = 0;
  for (int d = sizes.ndim - 1; d >= 0; --d) {
    const std::int64_t extent = sizes.d[d];
    const std::int64_t idx = extent > 0 ? linear % extent : 0;
    linear = extent > 0 ? linear / extent : 0;
    off += idx * t.strides.d[d];
  }
  return off * static_cast<std::int64_t>(element_size(t.dtype));
}

}  // namespace clampbench::detail
