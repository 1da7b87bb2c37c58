// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// From a builder's input Tensor (any view: offset and strides are honoured) to the plain
// views of strided.h, checking rank and dtype first, as the eager ops would.

#include <fmt/format.h>

#include <cstdint>
#include <string_view>

#include "kernels/error.h"
#include "kernels/tensor.h"
#include "suites/fused/detail/strided.h"

namespace clampbench::suites::fused::detail {

template <typename T> constexpr DType dtype_of();
template <> constexpr DType dtype_of<std::int32_t>() { return DType::Int32; }
template <> constexpr DType dtype_of<std::int64_t>() { return DType::Int64; }

inline void check_input(const Tensor& t, std::string_view name, DType dtype, int ndim) {
  CB_CHECK(t.defined(), ErrorKind::InvalidArgument, "fused: input {} is undefined", name);
  CB_CHECK(t.dtype() == dtype, ErrorKind::DTypeMismatch, "fused: input {} is {}, expected {}", name,
           dtype_name(t.dtype()), dtype_name(dtype));
  CB_CHECK(t.dim() == ndim, ErrorKind::ShapeMismatch, "fused: input {} has {} dims, expected {}", name,
           t.dim(), ndim);
}

template <typename T> Strided1<T> strided1(const Tensor& t, std::string_view name) {
  check_input(t, name, dtype_of<T>(), 1);
  return {static_cast<const T*>(t.data_ptr()), t.size(0), t.stride(0)};
}

template <typename T> Strided2<T> strided2(const Tensor& t, std::string_view name) {
  check_input(t, name, dtype_of<T>(), 2);
  return {static_cast<const T*>(t.data_ptr()), t.size(0), t.size(1), t.stride(0), t.stride(1)};
}

template <typename T> T* out_ptr(Tensor& t) { return static_cast<T*>(t.data_ptr()); }

}  // namespace clampbench::suites::fused::detail
