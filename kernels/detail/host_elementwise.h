// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The host backend's elementwise ops. The compute dtype and the op are template parameters,
// so the per-element work is load, op, store through element_ops.h (the functions the CUDA
// kernels evaluate). When the operands' dtypes are the compute dtype (the output may also be
// bool, as comparisons are), rows run through host_rows.h's typed loops, which vectorize;
// otherwise every element converts through load_as/store_as.

#include <type_traits>

#include "kernels/detail/element_ops.h"
#include "kernels/detail/host_loops.h"
#include "kernels/detail/host_rows.h"

namespace clampbench::detail::host {

using clampbench::dtype_of;

// Calls f(O{}) with O = T when `out` is the compute dtype T, O = bool when it is Bool, and
// returns false (nothing called) for any other output dtype. O(v) of a T value v is store_as's
// conversion: static_cast<bool>(v) is v != T{}.
template <typename T, typename F> bool with_out(DType out, F&& f) {
  if (out == dtype_of<T>()) {
    f(T{});
    return true;
  }
  if constexpr (!std::is_same_v<T, bool>) {
    if (out == DType::Bool) {
      f(bool{});
      return true;
    }
  }
  return false;
}

// Calls f(X{}) with X = T when `in` is the compute dtype, X = int32_t when it is Int32 and T
// is int64 (int32 promoted against int64: T(x) is load_as's conversion); else returns false.
template <typename T, typename F> bool with_input(DType in, F&& f) {
  if (in == dtype_of<T>()) return f(T{});
  if constexpr (std::is_same_v<T, std::int64_t>) {
    if (in == DType::Int32) return f(std::int32_t{});
  }
  return false;
}

template <typename T, ElementOp Op> void binary_loop(const ElementwiseArgs& a) {
  const DType ot = a.out.dtype, t0 = a.in[0].dtype;
  constexpr DType tt = dtype_of<T>();
  if (a.n_in == 1) {  // right operand is the Python scalar s[0]
    const T rhs = scalar_as<T>(a.s[0]);
    if (t0 == tt && with_out<T>(ot, [&](auto o) {
          using O = decltype(o);
          walk_rows<2>(a.out.sizes, {&a.out, &a.in[0]}, [&](char* const* p, const std::int64_t* st, std::int64_t n) {
            row2<O, T>(p, st, n, [rhs](T x) { return O(binary_op<T>(Op, x, rhs)); });
          });
        }))
      return;
    walk<2>(a.out.sizes, {&a.out, &a.in[0]},
            [&](char* const* p) { store_as<T>(p[0], ot, binary_op<T>(Op, load_as<T>(p[1], t0), rhs)); });
    return;
  }
  const DType t1 = a.in[1].dtype;
  if (with_input<T>(t0, [&](auto x) {
        using X = decltype(x);
        return with_input<T>(t1, [&](auto y) {
          using Y = decltype(y);
          return with_out<T>(ot, [&](auto o) {
            using O = decltype(o);
            walk_rows<3>(
                a.out.sizes, {&a.out, &a.in[0], &a.in[1]},
                [&](char* const* p, const std::int64_t* st, std::int64_t n) {
                  row3<O, X, Y>(p, st, n, [](X u, Y v) { return O(binary_op<T>(Op, T(u), T(v))); });
                },
                true);
          });
        });
      }))
    return;
  walk<3>(a.out.sizes, {&a.out, &a.in[0], &a.in[1]}, [&](char* const* p) {
    store_as<T>(p[0], ot, binary_op<T>(Op, load_as<T>(p[1], t0), load_as<T>(p[2], t1)));
  });
}

// out = in converted through T: load_as<T> then store_as, i.e. O(T(x)).
template <typename T> void copy_loop(const ElementwiseArgs& a) {
  dispatch_dtype(a.out.dtype, [&](auto o) {
    using O = decltype(o);
    dispatch_dtype(a.in[0].dtype, [&](auto x) {
      using X = decltype(x);
      walk_rows<2>(a.out.sizes, {&a.out, &a.in[0]}, [&](char* const* p, const std::int64_t* st, std::int64_t n) {
        row2<O, X>(p, st, n, [](X v) { return static_cast<O>(static_cast<T>(v)); });
      }, true);
    });
  });
}

template <typename T> void elementwise_typed(const ElementwiseArgs& a) {
  const Dims& shape = a.out.sizes;
  const DType ot = a.out.dtype, t0 = a.in[0].dtype, t1 = a.in[1].dtype, t2 = a.in[2].dtype;
  constexpr DType tt = dtype_of<T>();
  using Step = const std::int64_t*;
  switch (a.op) {
#define CB_HOST_BINARY(OP) \
  case ElementOp::OP: binary_loop<T, ElementOp::OP>(a); return;
    CB_HOST_BINARY(Add) CB_HOST_BINARY(Sub) CB_HOST_BINARY(Mul) CB_HOST_BINARY(FloorDiv) CB_HOST_BINARY(Rem)
    CB_HOST_BINARY(Min) CB_HOST_BINARY(Max) CB_HOST_BINARY(Eq) CB_HOST_BINARY(Ne) CB_HOST_BINARY(Lt)
    CB_HOST_BINARY(Le) CB_HOST_BINARY(Gt) CB_HOST_BINARY(Ge) CB_HOST_BINARY(And) CB_HOST_BINARY(Or)
    CB_HOST_BINARY(RSub)
#undef CB_HOST_BINARY
    case ElementOp::Neg:
      walk<2>(shape, {&a.out, &a.in[0]}, [&](char* const* p) { store_as<T>(p[0], ot, T(T(0) - load_as<T>(p[1], t0))); });
      return;
    case ElementOp::Not:
      walk<2>(shape, {&a.out, &a.in[0]}, [&](char* const* p) { store_as<T>(p[0], ot, T(load_as<T>(p[1], t0) == T{})); });
      return;
    case ElementOp::Copy: copy_loop<T>(a); return;
    case ElementOp::Clamp:
      if (ot == tt && t0 == tt) {
        walk_rows<2>(shape, {&a.out, &a.in[0]}, [&](char* const* p, Step st, std::int64_t n) {
          row2<T, T>(p, st, n, [&a](T x) { return clamp_op<T>(x, a); });
        });
        return;
      }
      walk<2>(shape, {&a.out, &a.in[0]}, [&](char* const* p) { store_as<T>(p[0], ot, clamp_op<T>(load_as<T>(p[1], t0), a)); });
      return;
    case ElementOp::Where:
      if (a.n_in == 2) {  // the other operand is the Python scalar s[0]
        const T other = scalar_as<T>(a.s[0]);
        if (ot == tt && t0 == DType::Bool && t1 == tt) {
          walk_rows<3>(shape, {&a.out, &a.in[0], &a.in[1]}, [&](char* const* p, Step st, std::int64_t n) {
            row3<T, bool, T>(p, st, n, [other](bool c, T x) { return c ? x : other; });
          });
          return;
        }
        walk<3>(shape, {&a.out, &a.in[0], &a.in[1]}, [&](char* const* p) {
          store_as<T>(p[0], ot, load_as<bool>(p[1], t0) ? load_as<T>(p[2], t1) : other);
        });
        return;
      }
      if (ot == tt && t0 == DType::Bool && t1 == tt && t2 == tt) {
        walk_rows<4>(shape, {&a.out, &a.in[0], &a.in[1], &a.in[2]}, [&](char* const* p, Step st, std::int64_t n) {
          row4<T, bool, T, T>(p, st, n, [](bool c, T x, T y) { return c ? x : y; });
        });
        return;
      }
      walk<4>(shape, {&a.out, &a.in[0], &a.in[1], &a.in[2]}, [&](char* const* p) {
        const bool cond = load_as<bool>(p[1], t0);
        store_as<T>(p[0], ot, cond ? load_as<T>(p[2], t1) : load_as<T>(p[3], t2));
      });
      return;
    case ElementOp::Fill: {
      const T v = scalar_as<T>(a.s[0]);
      if (ot == tt) {
        walk_rows<1>(shape, {&a.out}, [&](char* const* p, Step st, std::int64_t n) { row1<T>(p, st, n, [v] { return v; }); });
        return;
      }
      walk<1>(shape, {&a.out}, [&](char* const* p) { store_as<T>(p[0], ot, v); });
      return;
    }
    case ElementOp::MaskedFill: {
      const T v = scalar_as<T>(a.s[0]);
      walk<2>(shape, {&a.out, &a.in[1]}, [&](char* const* p) {
        if (load_as<bool>(p[1], t1)) store_as<T>(p[0], ot, v);
      });
      return;
    }
  }
}

}  // namespace clampbench::detail::host
