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

// Operand `t` with `dim` dropped and its data moved to index k along dim.
inline TensorArg slice_at(const TensorArg& t, int dim, std::int64_t k) {
  TensorArg r = drop_dim(t, dim);
  r.data += k * t.strides.d[dim] * static_cast<std::int64_t>(element_size(t.dtype));
  return r;
}

// True when some dim after `dim` has more than one element: rows of the other dims exist.
inline bool has_inner_rows(const TensorArg& t, int dim) {
  for (int d = dim + 1; d < t.sizes.ndim; ++d)
    if (t.sizes.d[d] > 1) return true;
  return false;
}

// out = f(out_prev, x) slice by slice; O and X are the output and input element types. k = 0
// starts from `first(x)`. For cumsum the output slice k reads slice k - 1.
template <typename O, typename X, typename First, typename Step>
void fold_slices(const ReduceArgs& a, bool cumulative, First&& first, Step&& step) {
  const std::int64_t length = a.in.sizes.d[a.dim];
  using Row = const std::int64_t*;
  TensorArg out = cumulative ? slice_at(a.out, a.dim, 0) : a.out;
  TensorArg in = slice_at(a.in, a.dim, 0);
  walk_rows<2>(in.sizes, {&out, &in}, [&](char* const* p, Row st, std::int64_t n) { row2<O, X>(p, st, n, first); });
  for (std::int64_t k = 1; k < length; ++k) {
    const TensorArg prev = out;
    if (cumulative) out = slice_at(a.out, a.dim, k);
    in = slice_at(a.in, a.dim, k);
    walk_rows<3>(in.sizes, {&out, &prev, &in}, [&](char* const* p, Row st, std::int64_t n) { row3<O, O, X>(p, st, n, step); });
  }
}

// The slice-wise form, for the ops and dtypes it covers; false when it does not apply.
template <typename T> bool reduce_by_slices(const ReduceArgs& a) {
  if (a.op == ReduceOp::Argmax || !has_inner_rows(a.in, a.dim) || a.in.sizes.d[a.dim] == 0) return false;
  const bool logical = a.op == ReduceOp::All || a.op == ReduceOp::Any;
  if (a.out.dtype != (logical ? DType::Bool : dtype_of<T>())) return false;
  with_type(a.in.dtype, [&](auto x) {
    using X = decltype(x);
    switch (a.op) {
      case ReduceOp::Sum:
      case ReduceOp::Cumsum:
        fold_slices<T, X>(a, a.op == ReduceOp::Cumsum, [](X v) { return T(T{} + static_cast<T>(v)); },
                          [](T acc, X v) { return T(acc + static_cast<T>(v)); });
        return;
      case ReduceOp::Max:
      case ReduceOp::Min: {
        constexpr auto fold = [](ElementOp pick) {
          return [pick](T acc, X v) { return binary_op<T>(pick, acc, static_cast<T>(v)); };
        };
        const auto first = [](X v) { return static_cast<T>(v); };
        if (a.op == ReduceOp::Max) fold_slices<T, X>(a, false, first, fold(ElementOp::Max));
        else fold_slices<T, X>(a, false, first, fold(ElementOp::Min));
        return;
      }
      case ReduceOp::All:
        fold_slices<bool, X>(a, false, [](X v) { return static_cast<T>(v) != T{}; },
                             [](bool acc, X v) { return acc && static_cast<T>(v) != T{}; });
        return;
      case ReduceOp::Any:
        fold_slices<bool, X>(a, false, [](X v) { return static_cast<T>(v) != T{}; },
                             [](bool acc, X v) { return acc || static_cast<T>(v) != T{}; });
        return;
      default: return;
    }
  });
  return true;
}

}  // namespace clampbench::detail::host
