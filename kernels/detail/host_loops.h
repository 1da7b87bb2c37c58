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

// The iteration space after merging: nd dims (innermost last) with each operand's byte strides.
template <int N> struct Flat {
  int nd = 0;  // -1: the shape is empty, nothing to walk
  std::int64_t ext[kMaxDims];
  std::int64_t bs[N][kMaxDims];
};

template <int N> Flat<N> flatten(const Dims& shape, const std::array<const TensorArg*, N>& ops) {
  Flat<N> f;
  for (int d = 0; d < shape.ndim; ++d) {
    if (shape.d[d] == 0) {
      f.nd = -1;
      return f;
    }
    if (shape.d[d] == 1) continue;  // a size-1 dim never moves a pointer
    const int nd = f.nd;
    bool merge = nd > 0;
    for (int k = 0; k < N && merge; ++k)
      merge = f.bs[k][nd - 1] == ops[k]->strides.d[d] * shape.d[d] *
                                     static_cast<std::int64_t>(element_size(ops[k]->dtype));
    for (int k = 0; k < N; ++k) {
      const std::int64_t b = ops[k]->strides.d[d] * static_cast<std::int64_t>(element_size(ops[k]->dtype));
      if (merge) f.bs[k][nd - 1] = b;
      else f.bs[k][nd] = b;
    }
    if (merge) f.ext[nd - 1] *= shape.d[d];
    else f.ext[f.nd++] = shape.d[d];
  }
  return f;
}

// Calls row(p, step, n) once per innermost row: p[k] is operand k's first element of the row,
// step[k] its byte stride along the row (0 for a broadcast operand), n the row's length. The
// row function sees the strides, so it can run a contiguous row as a plain indexed loop that
// the compiler vectorizes, and fall back to byte strides otherwise.
template <int N, typename R> void walk_rows(const Dims& shape, const std::array<const TensorArg*, N>& ops, R&& row) {
  const Flat<N> f = flatten<N>(shape, ops);
  if (f.nd < 0) return;
  char* base[N];
  for (int k = 0; k < N; ++k) base[k] = ops[k]->data;
  std::int64_t step[N];
  if (f.nd == 0) {  // one element
    for (int k = 0; k < N; ++k) step[k] = 0;
    row(static_cast<char* const*>(base), static_cast<const std::int64_t*>(step), std::int64_t{1});
    return;
  }
  const int inner = f.nd - 1;
  for (int k = 0; k < N; ++k) step[k] = f.bs[k][inner];
  std::int64_t idx[kMaxDims] = {};
  for (;;) {
    row(static_cast<char* const*>(base), static_cast<const std::int64_t*>(step), f.ext[inner]);
    int d = inner - 1;  // odometer over the outer dims
    for (; d >= 0; --d) {
      for (int k = 0; k < N; ++k) base[k] += f.bs[k][d];
      if (++idx[d] < f.ext[d]) break;
      for (int k = 0; k < N; ++k) base[k] -= f.bs[k][d] * f.ext[d];
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

// Calls f(p) once per element, p[k] pointing at operand k's element, in row-major order.
template <int N, typename F> void walk(const Dims& shape, const std::array<const TensorArg*, N>& ops, F&& f) {
  walk_rows<N>(shape, ops, [&](char* const* base, const std::int64_t* step, std::int64_t n) {
    char* p[N];
    for (int k = 0; k < N; ++k) p[k] = base[k];
    for (std::int64_t i = 0; i < n; ++i) {
      f(static_cast<char* const*>(p));
      for (int k = 0; k < N; ++k) p[k] += step[k];
    }
  });
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
