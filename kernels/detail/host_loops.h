// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The host backend's iteration: walk N operands laid out over one shape in row-major order,
// with dims that are contiguous for every operand merged, so that contiguous (and many
// strided) operands run as one flat loop of pointer increments.

#include <array>
#include <utility>
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

// True when operand k of `f` never reaches one address from two positions (sorted by stride,
// each dim steps over the whole extent of the ones inside it), i.e. writes to it commute.
template <int N> bool no_self_overlap(const Flat<N>& f, int k) {
  int order[kMaxDims];
  for (int d = 0; d < f.nd; ++d) order[d] = d;
  for (int i = 1; i < f.nd; ++i)  // insertion sort by byte stride
    for (int j = i; j > 0 && f.bs[k][order[j]] < f.bs[k][order[j - 1]]; --j) std::swap(order[j], order[j - 1]);
  std::int64_t span = 1;  // bytes covered by the dims so far (at least one element's worth)
  for (int i = 0; i < f.nd; ++i) {
    const std::int64_t b = f.bs[k][order[i]];
    if (b < span) return false;
    span = b * f.ext[order[i]];
  }
  return true;
}

// Makes the longest dim innermost when the innermost is short (an unfolded window, a small
// trailing dim), so that rows are long. Only for elementwise ops whose operand 0 (the output)
// has no self overlap: their results do not depend on the order elements are visited in.
template <int N> void prefer_long_rows(Flat<N>& f) {
  if (f.nd < 2 || f.ext[f.nd - 1] >= 16 || !no_self_overlap(f, 0)) return;
  int longest = f.nd - 1;
  for (int d = 0; d < f.nd; ++d)
    if (f.ext[d] > f.ext[longest]) longest = d;
  if (f.ext[longest] < 4 * f.ext[f.nd - 1]) return;
  for (int d = longest; d + 1 < f.nd; ++d) {  // rotate `longest` to the end, others keep order
    std::swap(f.ext[d], f.ext[d + 1]);
    for (int k = 0; k < N; ++k) std::swap(f.bs[k][d], f.bs[k][d + 1]);
  }
}

// Calls row(p, step, n) once per innermost row: p[k] is operand k's first element of the row,
// step[k] its byte stride along the row (0 for a broadcast operand), n the row's length. The
// row function sees the strides, so it can run a contiguous row as a plain indexed loop that
// the compiler vectorizes, and fall back to byte strides otherwise.
// With any_order, rows may be visited in another order than row-major (see prefer_long_rows).
template <int N, typename R>
void walk_rows(const Dims& shape, const std::array<const TensorArg*, N>& ops, R&& row, bool any_order = false) {
  Flat<N> f = flatten<N>(shape, ops);
  if (f.nd < 0) return;
  if (any_order) prefer_long_rows(f);
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

using clampbench::dispatch_dtype;

}  // namespace clampbench::detail::host
