// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// HostBackend: plain C++ loops. The compute dtype and the op are dispatched once per call
// (template parameters), so the per-element work is load, op, store through element_ops.h --
// the same functions the CUDA kernels evaluate.

#include <type_traits>

#include <fmt/format.h>

// Every op is instantiated for every compute dtype, bool included (as the CUDA kernels are),
// so the integer arithmetic of element_ops.h is compiled for bool: exact, but g++ warns.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wint-in-bool-context"
#pragma GCC diagnostic ignored "-Wbool-compare"
#include "kernels/detail/element_ops.h"
#pragma GCC diagnostic pop
#include "kernels/detail/host_loops.h"
#include "kernels/error.h"

namespace clampbench::detail {
namespace {

using host::walk;

template <typename T> constexpr DType dtype_of() {
  if constexpr (std::is_same_v<T, bool>) return DType::Bool;
  else if constexpr (std::is_same_v<T, std::int32_t>) return DType::Int32;
  else if constexpr (std::is_same_v<T, std::int64_t>) return DType::Int64;
  else return DType::Float32;
}

// When every operand already has the compute dtype, load_as/store_as are plain reads and
// writes of T (store_as<bool> of a bool is the bool itself), so the loop skips their switch.
template <typename T> T& as(char* p) { return *reinterpret_cast<T*>(p); }

template <typename T, ElementOp Op> void binary_loop(const ElementwiseArgs& a) {
  const DType ot = a.out.dtype, t0 = a.in[0].dtype;
  constexpr DType tt = dtype_of<T>();
  if (a.n_in == 1) {  // right operand is the Python scalar s[0]
    const T rhs = scalar_as<T>(a.s[0]);
    if (ot == tt && t0 == tt) {
      walk<2>(a.out.sizes, {&a.out, &a.in[0]}, [&](char* const* p) { as<T>(p[0]) = T(binary_op<T>(Op, as<T>(p[1]), rhs)); });
      return;
    }
    walk<2>(a.out.sizes, {&a.out, &a.in[0]},
            [&](char* const* p) { store_as<T>(p[0], ot, binary_op<T>(Op, load_as<T>(p[1], t0), rhs)); });
    return;
  }
  const DType t1 = a.in[1].dtype;
  if (ot == tt && t0 == tt && t1 == tt) {
    walk<3>(a.out.sizes, {&a.out, &a.in[0], &a.in[1]},
            [&](char* const* p) { as<T>(p[0]) = T(binary_op<T>(Op, as<T>(p[1]), as<T>(p[2]))); });
    return;
  }
  walk<3>(a.out.sizes, {&a.out, &a.in[0], &a.in[1]}, [&](char* const* p) {
    store_as<T>(p[0], ot, binary_op<T>(Op, load_as<T>(p[1], t0), load_as<T>(p[2], t1)));
  });
}

template <typename T> void elementwise_typed(const ElementwiseArgs& a) {
  const Dims& shape = a.out.sizes;
  const DType ot = a.out.dtype, t0 = a.in[0].dtype, t1 = a.in[1].dtype, t2 = a.in[2].dtype;
  switch (a.op) {
#define CB_HOST_BINARY(OP) \
  case ElementOp::OP: binary_loop<T, ElementOp::OP>(a); return;
    CB_HOST_BINARY(Add) CB_HOST_BINARY(Sub) CB_HOST_BINARY(Mul) CB_HOST_BINARY(FloorDiv) CB_HOST_BINARY(Rem)
    CB_HOST_BINARY(Min) CB_HOST_BINARY(Max) CB_HOST_BINARY(Eq) CB_HOST_BINARY(Ne) CB_HOST_BINARY(Lt)
    CB_HOST_BINARY(Le) CB_HOST_BINARY(Gt) CB_HOST_BINARY(Ge) CB_HOST_BINARY(And) CB_HOST_BINARY(Or)
#undef CB_HOST_BINARY
    case ElementOp::Neg:
      walk<2>(shape, {&a.out, &a.in[0]}, [&](char* const* p) { store_as<T>(p[0], ot, T(T(0) - load_as<T>(p[1], t0))); });
      return;
    case ElementOp::Not:
      walk<2>(shape, {&a.out, &a.in[0]}, [&](char* const* p) { store_as<T>(p[0], ot, T(load_as<T>(p[1], t0) == T{})); });
      return;
    case ElementOp::Copy:
      walk<2>(shape, {&a.out, &a.in[0]}, [&](char* const* p) { store_as<T>(p[0], ot, load_as<T>(p[1], t0)); });
      return;
    case ElementOp::Clamp:
      if (ot == dtype_of<T>() && t0 == dtype_of<T>()) {
        walk<2>(shape, {&a.out, &a.in[0]}, [&](char* const* p) { as<T>(p[0]) = clamp_op<T>(as<T>(p[1]), a); });
        return;
      }
      walk<2>(shape, {&a.out, &a.in[0]}, [&](char* const* p) { store_as<T>(p[0], ot, clamp_op<T>(load_as<T>(p[1], t0), a)); });
      return;
    case ElementOp::Where:
      walk<4>(shape, {&a.out, &a.in[0], &a.in[1], &a.in[2]}, [&](char* const* p) {
        const bool cond = load_as<bool>(p[1], t0);
        store_as<T>(p[0], ot, cond ? load_as<T>(p[2], t1) : load_as<T>(p[3], t2));
      });
      return;
    case ElementOp::Fill: {
      const T v = scalar_as<T>(a.s[0]);
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

template <typename T> void reduce_typed(const ReduceArgs& a) {
  const TensorArg in_rows = host::drop_dim(a.in, a.dim);
  const TensorArg out_rows = a.op == ReduceOp::Cumsum ? host::drop_dim(a.out, a.dim) : a.out;
  const std::int64_t length = a.in.sizes.d[a.dim];
  const std::int64_t in_step = a.in.strides.d[a.dim] * static_cast<std::int64_t>(element_size(a.in.dtype));
  const std::int64_t out_step =
      a.op == ReduceOp::Cumsum ? a.out.strides.d[a.dim] * static_cast<std::int64_t>(element_size(a.out.dtype)) : 0;
  const DType it = a.in.dtype, ot = a.out.dtype;
  auto rows = [&](auto&& row) {
    walk<2>(in_rows.sizes, {&out_rows, &in_rows}, [&](char* const* p) { row(p[0], static_cast<const char*>(p[1])); });
  };
  switch (a.op) {
    case ReduceOp::Sum:
      rows([&](char* out, const char* in) {
        T acc{};
        for (std::int64_t k = 0; k < length; ++k) acc = acc + load_as<T>(in + k * in_step, it);
        store_as<T>(out, ot, acc);
      });
      return;
    case ReduceOp::Cumsum:
      rows([&](char* out, const char* in) {
        T acc{};
        for (std::int64_t k = 0; k < length; ++k) {
          acc = acc + load_as<T>(in + k * in_step, it);
          store_as<T>(out + k * out_step, ot, acc);
        }
      });
      return;
    case ReduceOp::Max:
    case ReduceOp::Min: {
      const ElementOp pick = a.op == ReduceOp::Max ? ElementOp::Max : ElementOp::Min;
      rows([&](char* out, const char* in) {
        T acc = load_as<T>(in, it);
        for (std::int64_t k = 1; k < length; ++k) acc = binary_op<T>(pick, acc, load_as<T>(in + k * in_step, it));
        store_as<T>(out, ot, acc);
      });
      return;
    }
    case ReduceOp::Argmax:
      rows([&](char* out, const char* in) {
        T best = load_as<T>(in, it);
        std::int64_t at = 0;
        for (std::int64_t k = 1; k < length; ++k) {
          const T v = load_as<T>(in + k * in_step, it);
          if (v > best) { best = v; at = k; }  // strict: the first maximum wins
        }
        store_as<std::int64_t>(out, ot, at);
      });
      return;
    case ReduceOp::All:
    case ReduceOp::Any: {
      const bool all = a.op == ReduceOp::All;
      rows([&](char* out, const char* in) {
        bool acc = all;
        for (std::int64_t k = 0; k < length && acc == all; ++k) acc = load_as<T>(in + k * in_step, it) != T{};
        store_as<bool>(out, ot, acc);
      });
      return;
    }
  }
}

// The self element addressed by an index position: self's strides over the index's extents,
// with the coordinate along dim replaced by the index value (added per element).
TensorArg along_index(const TensorArg& self, const Dims& index_shape, int dim) {
  TensorArg r = self;
  r.sizes = index_shape;
  r.strides.d[dim] = 0;
  return r;
}

[[noreturn]] void bad_index(std::int64_t value, int dim, std::int64_t size) {
  throw_error(ErrorKind::IndexOutOfRange,
              fmt::format("index {} is out of range for dim {} with size {}", value, dim, size));
}

class HostBackend final : public Backend {
 public:
  void elementwise(const ElementwiseArgs& args, Stream) override {
    host::dispatch_dtype(args.compute, [&](auto tag) { elementwise_typed<decltype(tag)>(args); });
  }

  void reduce(const ReduceArgs& args, Stream) override {
    host::dispatch_dtype(args.compute, [&](auto tag) { reduce_typed<decltype(tag)>(args); });
  }

  void gather(const GatherArgs& a, Stream) override {
    const std::int64_t limit = a.self.sizes.d[a.dim];
    const std::int64_t step = a.self.strides.d[a.dim] * static_cast<std::int64_t>(element_size(a.self.dtype));
    const TensorArg src = along_index(a.self, a.index.sizes, a.dim);
    const DType it = a.index.dtype, st = a.self.dtype, ot = a.out.dtype;
    // Row-major order: the first bad index thrown is the first in linear order, as on cuda.
    host::dispatch_dtype(ot, [&](auto tag) {
      using T = decltype(tag);
      walk<3>(a.index.sizes, {&a.out, &a.index, &src}, [&](char* const* p) {
        const auto at = load_as<std::int64_t>(p[1], it);
        if (at < 0 || at >= limit) bad_index(at, a.dim, limit);
        store_as<T>(p[0], ot, load_as<T>(p[2] + at * step, st));
      });
    });
  }

  void scatter(const ScatterArgs& a, Stream) override {
    const std::int64_t limit = a.self.sizes.d[a.dim];
    const std::int64_t step = a.self.strides.d[a.dim] * static_cast<std::int64_t>(element_size(a.self.dtype));
    const TensorArg dst = along_index(a.self, a.index.sizes, a.dim);
    TensorArg src = a.src, mask = a.mask;
    src.sizes = a.index.sizes;
    const bool masked = mask.data != nullptr;
    if (!masked) mask = a.index;  // walked but never read
    mask.sizes = a.index.sizes;
    const DType it = a.index.dtype, mt = mask.dtype, st = a.src.dtype, dt = a.self.dtype;
    // Check every index that will be used before writing, so a bad one leaves self untouched.
    walk<2>(a.index.sizes, {&a.index, &mask}, [&](char* const* p) {
      if (masked && !load_as<bool>(p[1], mt)) return;  // a masked-off index is never used
      const auto at = load_as<std::int64_t>(p[0], it);
      if (at < 0 || at >= limit) bad_index(at, a.dim, limit);
    });
    // Sequential row-major writes: when two positions hit one element, the later one wins.
    host::dispatch_dtype(dt, [&](auto tag) {
      using T = decltype(tag);
      walk<4>(a.index.sizes, {&dst, &a.index, &src, &mask}, [&](char* const* p) {
        if (masked && !load_as<bool>(p[3], mt)) return;
        const auto at = load_as<std::int64_t>(p[1], it);
        store_as<T>(p[0] + at * step, dt, load_as<T>(p[2], st));
      });
    });
  }

  void arange(const TensorArg& out, std::int64_t start, std::int64_t step, Stream) override {
    const std::int64_t n = out.sizes.d[0];
    const std::int64_t bstride = out.strides.d[0] * static_cast<std::int64_t>(element_size(out.dtype));
    for (std::int64_t k = 0; k < n; ++k) store_as<std::int64_t>(out.data + k * bstride, out.dtype, start + k * step);
  }

  void synchronize(Stream) override {}  // host work is done when the call returns
};

}  // namespace

Backend& host_backend() {
  static HostBackend backend;
  return backend;
}

}  // namespace clampbench::detail
