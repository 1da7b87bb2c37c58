// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The host backend's reductions along one dim. Every output element folds its inputs in the
// order k = 0, 1, ... with the same operations as a plain per-row loop, so the result is the
// same bit for bit whichever loop runs. When the reduced dim is not the innermost one, the fold
// runs slice by slice (out = f(out, in[.., k, ..]) over whole rows), so the inner loop walks
// contiguous memory and vectorizes instead of striding across the input once per output.

#include "kernels/detail/host_elementwise.h"

namespace clampbench::detail::host {

// True when some dim after `dim` has more than one element: rows of the other dims exist.
inline bool has_inner_rows(const TensorArg& t, int dim) {
  for (int d = dim + 1; d < t.sizes.ndim; ++d)
    if (t.sizes.d[d] > 1) return true;
  return false;
}

// `t` cut to dims [from, to): the extents and strides of those dims only.
inline TensorArg dims_of(const TensorArg& t, int from, int to) {
  TensorArg r = t;
  r.sizes.ndim = r.strides.ndim = to - from;
  for (int d = from; d < to; ++d) {
    r.sizes.d[d - from] = t.sizes.d[d];
    r.strides.d[d - from] = t.strides.d[d];
  }
  return r;
}

// out = f(out_prev, x) slice by slice; O and X are the output and input element types. k = 0
// starts from `first(x)`. For cumsum the output slice k reads slice k - 1. The fold runs once
// per position of the dims before `dim`, over the dims after it, so the output block being
// accumulated stays in cache across k.
template <typename O, typename X, typename First, typename Step>
void fold_slices(const ReduceArgs& a, bool cumulative, First&& first, Step&& step) {
  const std::int64_t length = a.in.sizes.d[a.dim];
  const int nd = a.in.sizes.ndim;
  using Row = const std::int64_t*;
  const std::int64_t in_k = a.in.strides.d[a.dim] * size_of<X>;
  const std::int64_t out_k = cumulative ? a.out.strides.d[a.dim] * size_of<O> : 0;
  // Outer operands: the dims before `dim` (out without dim has them first too).
  const TensorArg in_outer = dims_of(a.in, 0, a.dim);
  const TensorArg out_outer = dims_of(a.out, 0, a.dim);
  TensorArg in_inner = dims_of(a.in, a.dim + 1, nd);
  TensorArg out_inner = cumulative ? dims_of(a.out, a.dim + 1, nd) : dims_of(a.out, a.dim, a.out.sizes.ndim);
  walk<2>(in_outer.sizes, {&out_outer, &in_outer}, [&](char* const* base) {
    TensorArg out = out_inner, in = in_inner;
    out.data = base[0];
    in.data = base[1];
    walk_rows<2>(in.sizes, {&out, &in}, [&](char* const* p, Row st, std::int64_t n) { row2<O, X>(p, st, n, first); });
    for (std::int64_t k = 1; k < length; ++k) {
      const TensorArg prev = out;
      out.data += out_k;
      in.data += in_k;
      walk_rows<3>(in.sizes, {&out, &prev, &in}, [&](char* const* p, Row st, std::int64_t n) { row3<O, O, X>(p, st, n, step); });
    }
  });
}

// The fold over a short innermost dim: a whole output per k (out = f(out, in[..., k])), so the
// loops run along the long output instead of k's few elements per output.
template <typename O, typename X, typename First, typename Step>
void fold_short_dim(const ReduceArgs& a, First&& first, Step&& step) {
  using Row = const std::int64_t*;
  const std::int64_t in_k = a.in.strides.d[a.dim] * size_of<X>;
  TensorArg in = drop_dim(a.in, a.dim);
  walk_rows<2>(in.sizes, {&a.out, &in}, [&](char* const* p, Row st, std::int64_t n) { row2<O, X>(p, st, n, first); }, true);
  for (std::int64_t k = 1; k < a.in.sizes.d[a.dim]; ++k) {
    in.data += in_k;
    walk_rows<3>(in.sizes, {&a.out, &a.out, &in}, [&](char* const* p, Row st, std::int64_t n) { row3<O, O, X>(p, st, n, step); }, true);
  }
}

template <typename O, typename X, typename First, typename Step>
void fold(const ReduceArgs& a, bool short_dim, bool cumulative, First&& first, Step&& step) {
  if (short_dim) fold_short_dim<O, X>(a, first, step);
  else fold_slices<O, X>(a, cumulative, first, step);
}

// The slice-wise form, for the ops and dtypes it covers; false when it does not apply.
template <typename T> bool reduce_by_slices(const ReduceArgs& a) {
  const std::int64_t length = a.in.sizes.d[a.dim];
  const bool inner = has_inner_rows(a.in, a.dim);
  const bool short_dim = !inner && a.op != ReduceOp::Cumsum && length <= 8 && a.out.sizes.numel() >= 64;
  if (a.op == ReduceOp::Argmax || (!inner && !short_dim) || length == 0) return false;
  const bool logical = a.op == ReduceOp::All || a.op == ReduceOp::Any;
  if (a.out.dtype != (logical ? DType::Bool : dtype_of<T>())) return false;
  dispatch_dtype(a.in.dtype, [&](auto x) {
    using X = decltype(x);
    switch (a.op) {
      case ReduceOp::Sum:
      case ReduceOp::Cumsum:
        fold<T, X>(a, short_dim, a.op == ReduceOp::Cumsum, [](X v) { return T(T{} + static_cast<T>(v)); },
                          [](T acc, X v) { return T(acc + static_cast<T>(v)); });
        return;
      case ReduceOp::Max:
      case ReduceOp::Min: {
        const auto pick_with = [](ElementOp pick) {
          return [pick](T acc, X v) { return binary_op<T>(pick, acc, static_cast<T>(v)); };
        };
        const auto first = [](X v) { return static_cast<T>(v); };
        if (a.op == ReduceOp::Max) fold<T, X>(a, short_dim, false, first, pick_with(ElementOp::Max));
        else fold<T, X>(a, short_dim, false, first, pick_with(ElementOp::Min));
        return;
      }
      case ReduceOp::All:
        fold<bool, X>(a, short_dim, false, [](X v) { return static_cast<T>(v) != T{}; },
                             [](bool acc, X v) { return acc && static_cast<T>(v) != T{}; });
        return;
      case ReduceOp::Any:
        fold<bool, X>(a, short_dim, false, [](X v) { return static_cast<T>(v) != T{}; },
                             [](bool acc, X v) { return acc || static_cast<T>(v) != T{}; });
        return;
      default: return;
    }
  });
  return true;
}

}  // namespace clampbench::detail::host
