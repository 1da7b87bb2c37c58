// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// HostBackend: plain C++ loops. The compute dtype and the op are dispatched once per call
// (template parameters), so the per-element work is load, op, store through element_ops.h --
// the same functions the CUDA kernels evaluate.

#include <optional>
#include <type_traits>

#include <fmt/format.h>

// Every op is instantiated for every compute dtype, bool included (as the CUDA kernels are),
// so the integer arithmetic of element_ops.h is compiled for bool: exact, but g++ warns.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wint-in-bool-context"
#pragma GCC diagnostic ignored "-Wbool-compare"
#include "kernels/detail/element_ops.h"
#include "kernels/detail/host_elementwise.h"
#pragma GCC diagnostic pop
#include "kernels/detail/host_reduce.h"
#include "kernels/error.h"

namespace clampbench::detail {
namespace {

using host::walk;
using host::elementwise_typed;

// Reductions: slice by slice when the reduced dim has rows inside it (host_reduce.h), else
// one row per output, reading the input through its C++ type X with an element stride.
template <typename T> void reduce_typed(const ReduceArgs& a) {
  if (host::reduce_by_slices<T>(a)) return;
  const TensorArg in_rows = drop_dim(a.in, a.dim);
  const TensorArg out_rows = a.op == ReduceOp::Cumsum ? drop_dim(a.out, a.dim) : a.out;
  const std::int64_t length = a.in.sizes.d[a.dim];
  const std::int64_t in_step = a.in.strides.d[a.dim];
  const std::int64_t out_step =
      a.op == ReduceOp::Cumsum ? a.out.strides.d[a.dim] * static_cast<std::int64_t>(element_size(a.out.dtype)) : 0;
  const DType ot = a.out.dtype;
  dispatch_dtype(a.in.dtype, [&](auto tag) {
    using X = decltype(tag);
    const auto at = [in_step](const char* in, std::int64_t k) {
      return static_cast<T>(reinterpret_cast<const X*>(in)[k * in_step]);  // load_as<T>
    };
    auto rows = [&](auto&& row) {
      walk<2>(in_rows.sizes, {&out_rows, &in_rows}, [&](char* const* p) { row(p[0], static_cast<const char*>(p[1])); });
    };
    switch (a.op) {
      case ReduceOp::Sum:
        rows([&](char* out, const char* in) {
          T acc{};
          for (std::int64_t k = 0; k < length; ++k) acc = acc + at(in, k);
          store_as<T>(out, ot, acc);
        });
        return;
      case ReduceOp::Cumsum:
        rows([&](char* out, const char* in) {
          T acc{};
          for (std::int64_t k = 0; k < length; ++k) {
            acc = acc + at(in, k);
            store_as<T>(out + k * out_step, ot, acc);
          }
        });
        return;
      case ReduceOp::Max:
      case ReduceOp::Min: {
        const ElementOp pick = a.op == ReduceOp::Max ? ElementOp::Max : ElementOp::Min;
        rows([&](char* out, const char* in) {
          T acc = at(in, 0);
          for (std::int64_t k = 1; k < length; ++k) acc = binary_op<T>(pick, acc, at(in, k));
          store_as<T>(out, ot, acc);
        });
        return;
      }
      case ReduceOp::Argmax:
        rows([&](char* out, const char* in) {
          T best = at(in, 0);
          std::int64_t where = 0;
          for (std::int64_t k = 1; k < length; ++k) {
            const T v = at(in, k);
            if (v > best) { best = v; where = k; }  // strict: the first maximum wins
          }
          store_as<std::int64_t>(out, ot, where);
        });
        return;
      case ReduceOp::All:
      case ReduceOp::Any: {
        const bool all = a.op == ReduceOp::All;
        rows([&](char* out, const char* in) {
          bool acc = all;
          for (std::int64_t k = 0; k < length && acc == all; ++k) acc = at(in, k) != T{};
          store_as<bool>(out, ot, acc);
        });
        return;
      }
    }
  });
}

// The self element addressed by an index position: self's strides over the index's extents,
// with the coordinate along dim replaced by the index value (added per element).
TensorArg along_index(const TensorArg& self, const Dims& index_shape, int dim) {
  TensorArg r = self;
  r.sizes = index_shape;
  r.strides.d[dim] = 0;
  return r;
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
    // Sequential row-major writes: when two positions hit one element, the later one wins. A
    // bad index is skipped and the first one thrown after the pass, as the CUDA kernel does.
    std::optional<std::int64_t> first_bad;
    host::dispatch_dtype(dt, [&](auto tag) {
      using T = decltype(tag);
      walk<4>(a.index.sizes, {&dst, &a.index, &src, &mask}, [&](char* const* p) {
        if (masked && !load_as<bool>(p[3], mt)) return;  // a masked-off index is never used
        const auto at = load_as<std::int64_t>(p[1], it);
        if (at < 0 || at >= limit) {
          if (!first_bad) first_bad = at;
          return;
        }
        store_as<T>(p[0] + at * step, dt, load_as<T>(p[2], st));
      });
    });
    if (first_bad) bad_index(*first_bad, a.dim, limit);
  }

  void index(const IndexArgs& a, Stream) override {
    const auto width = static_cast<std::int64_t>(element_size(a.self.dtype));
    host::dispatch_dtype(a.out.dtype, [&](auto tag) {
      using T = decltype(tag);
      // Row-major order: the first bad index thrown is the first in linear order, as on cuda.
      walk<3>(a.out.sizes, {&a.out, &a.index[0], &a.index[a.n_index - 1]}, [&](char* const* p) {
        const char* at = a.self.data;
        for (int k = 0; k < a.n_index; ++k) {
          const auto raw = load_as<std::int64_t>(p[1 + k], a.index[k].dtype);
          const std::int64_t size = a.self.sizes.d[k];
          const std::int64_t v = raw < 0 ? raw + size : raw;
          if (v < 0 || v >= size) bad_index(raw, k, size);
          at += v * a.self.strides.d[k] * width;
        }
        store_as<T>(p[0], a.out.dtype, load_as<T>(at, a.self.dtype));
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

void bad_index(std::int64_t value, int dim, std::int64_t size) {
  throw_error(ErrorKind::IndexOutOfRange,
              fmt::format("index {} is out of range for dim {} with size {}", value, dim, size));
}

Backend& host_backend() {
  static HostBackend backend;
  return backend;
}

}  // namespace clampbench::detail
