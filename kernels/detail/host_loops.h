// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The host backend's iteration: walk N operands laid out over one shape in row-major order,
// with dims that are contiguous for every operand merged, so that contiguous (and many
// strided) operands run as one flat loop of pointer increments.

#include <array>
#include <cstdint>

#include "kernels/detail/backend.h"

namespace clampbench::detail::host {

template <int N, typename F> void walk(const Dims& shape, const std::array<const TensorArg*, N>& ops, F&& f) {
  std::int64_t ext[kMaxDims];
  std::int64_t bs[N][kMaxDims];  // byte strides, innermost dim last
  int nd = 0;
  for (int d = 0; d < shape.ndim; ++d) {
    if (shape.d[d] == 0) return;
    if (shape.d[d] == 1) continue;  // a size-1 dim never moves a pointer
    bool merge = nd > 0;
    for (int k = 0; k < N && merge; ++k)
      merge = bs[k][nd - 1] == ops[k]->strides.d[d] * shape.d[d] *
                                   static_cast<std::int64_t>(element_size(ops[k]->dtype));
    for (int k = 0; k < N; ++k) {
      const std::int64_t b = ops[k]->strides.d[d] * static_cast<std::int64_t>(element_size(ops[k]->dtype));
      if (merge) bs[k][nd - 1] = b;
      else bs[k][nd] = b;
    }
    if (merge) ext[nd - 1] *= shape.d[d];
    else ext[nd++] = shape.d[d];
  }
  char* base[N];
  for (int k = 0; k < N; ++k) base[k] = ops[k]->data;
  if (nd == 0) {  // one element
    f(base);
    return;
  }
  const int inner = nd - 1;
  const std::int64_t inner_n = ext[inner];
  std::int64_t idx[kMaxDims] = {};
  for (;;) {
    char* p[N];
    for (int k = 0; k < N; ++k) p[k] = base[k];
    for (std::int64_t i = 0; i < inner_n; ++i) {
      f(p);
      for (int k = 0; k < N; ++k) p[k] += bs[k][inner];
    }
    int d = inner - 1;  // odometer over the outer dims
    for (; d >= 0; --d) {
      for (int k = 0; k < N; ++k) base[k] += bs[k][d];
      if (++idx[d] < ext[d]) break;
      for (int k = 0; k < N; ++k) base[k] -= bs[k][d] * ext[d];
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

// `t` with dimension `dim` taken out (the rows a reduction walks).
inline TensorArg drop_dim(const TensorArg& t, int dim) {
  TensorArg r = t;
  r.sizes.ndim = r.strides.ndim = t.sizes.ndim - 1;
  for (int d = dim; d + 1 < t.sizes.ndim; ++d) {
    r.sizes.d[d] = t.sizes.d[d + 1];
    r.strides.d[d] = t.strides.d[d + 1];
  }
  return r;
}

// Calls f(T{}) with T the C++ type of `t`.
template <typename F> void dispatch_dtype(DType t, F&& f) {
  switch (t) {
    case DType::Bool: f(bool{}); return;
    case DType::Int32: f(std::int32_t{}); return;
    case DType::Int64: f(std::int64_t{}); return;
    case DType::Float32: f(float{}); return;
  }
}

}  // namespace clampbench::detail::host
