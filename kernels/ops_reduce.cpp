// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Reductions along a dimension, whole-tensor max/sum to a 0-dim tensor, and item_int.

#include <cstring>

#include <fmt/format.h>

#include "kernels/detail/element_ops.h"
#include "kernels/detail/op_call.h"
#include "kernels/detail/op_helpers.h"
#include "kernels/detail/view_writes.h"
#include "kernels/error.h"
#include "kernels/runtime.h"

namespace clampbench {

using detail::ReduceOp;

namespace {

// torch's accumulation type for sum/cumsum: integral and bool inputs sum in int64.
DType sum_dtype(DType t) { return t == DType::Float32 ? DType::Float32 : DType::Int64; }

const char* reduce_name(ReduceOp op) {
  switch (op) {
    case ReduceOp::Sum: return "sum";
    case ReduceOp::Max: return "amax";
    case ReduceOp::Min: return "amin";
    case ReduceOp::Argmax: return "argmax";
    case ReduceOp::All: return "all";
    case ReduceOp::Any: return "any";
    case ReduceOp::Cumsum: return "cumsum";
  }
  return "reduce";
}

Dims without_dim(const Dims& shape, int dim) {
  Dims r;
  for (int i = 0; i < shape.ndim; ++i)
    if (i != dim) r.d[r.ndim++] = shape.d[i];
  return r;
}

// Runs `op` along wrapped dim `d` of `a` into `out`, the op's result shape (a's for cumsum).
void reduce_into(ReduceOp op, const Tensor& out, const Tensor& a, int d, DType compute) {
  const Tensor in = a.dim() == 0 ? a.unsqueeze(0) : a;
  const Tensor out_view = op == ReduceOp::Cumsum && a.dim() == 0 ? out.unsqueeze(0) : out;
  detail::ReduceArgs args{op, compute, detail::make_arg(out_view), detail::make_arg(in), d};
  if (out.numel() > 0) detail::launch(args, a.device());
}

// One result, reduced along `dim` (kept, for cumsum). A 0-dim input reduces as a [1] view.
Tensor reduce_dim(ReduceOp op, const Tensor& a, int dim, DType out_dtype, DType compute) {
  const char* name = reduce_name(op);
  const detail::OpCall call(name);
  detail::check_defined(a, name);
  const int d = detail::wrap_dim(dim, a.dim(), name);
  const bool picks = op == ReduceOp::Max || op == ReduceOp::Min || op == ReduceOp::Argmax;
  CB_CHECK(!picks || a.dim() == 0 || a.size(d) > 0, ErrorKind::InvalidArgument,
           "{}: cannot reduce over dim {} of size 0 ({}): the operation has no identity", name, dim, a.str());
  const Dims out_shape = op == ReduceOp::Cumsum ? a.shape() : (a.dim() == 0 ? a.shape() : without_dim(a.shape(), d));
  Tensor out = Tensor::empty(out_shape, out_dtype, a.device(), name);
  reduce_into(op, out, a, d, compute);
  return out;
}

}  // namespace

Tensor cumsum(const Tensor& a, int dim, std::optional<DType> dtype) {
  detail::check_defined(a, "cumsum");
  const DType out = dtype.value_or(sum_dtype(a.dtype()));
  return reduce_dim(ReduceOp::Cumsum, a, dim, out, detail::arithmetic_compute(out));
}

Tensor& cumsum_out(Tensor& out, const Tensor& a, int dim, std::optional<DType> dtype) {
  const detail::OpCall call("cumsum");
  detail::check_defined(a, "cumsum");
  detail::check_defined(out, "cumsum");
  detail::check_same_device(out, a, "cumsum");
  const DType want = dtype.value_or(out.dtype());  // torch: out's dtype unless one is asked for
  CB_CHECK(out.dtype() == want, ErrorKind::DTypeMismatch, "cumsum: out {} must be {}", out.str(), dtype_name(want));
  CB_CHECK(out.shape() == a.shape(), ErrorKind::ShapeMismatch, "cumsum: out {} must have the input's shape {}",
           out.str(), a.shape().str());
  const int d = detail::wrap_dim(dim, a.dim(), "cumsum");
  detail::WriteWatch watch(out, "cumsum");
  reduce_into(ReduceOp::Cumsum, out, a, d, detail::arithmetic_compute(want));
  watch.done();
  return out;
}

Tensor sum(const Tensor& a, int dim) {
  detail::check_defined(a, "sum");
  return reduce_dim(ReduceOp::Sum, a, dim, sum_dtype(a.dtype()), sum_dtype(a.dtype()));
}
Tensor amax(const Tensor& a, int dim) {
  detail::check_defined(a, "amax");
  return reduce_dim(ReduceOp::Max, a, dim, a.dtype(), a.dtype());
}
Tensor amin(const Tensor& a, int dim) {
  detail::check_defined(a, "amin");
  return reduce_dim(ReduceOp::Min, a, dim, a.dtype(), a.dtype());
}
MaxAlongDim max(const Tensor& a, int dim) {
  const detail::OpCall call("max");
  detail::check_defined(a, "max");
  return {amax(a, dim), argmax(a, dim)};
}
Tensor argmax(const Tensor& a, int dim) {
  detail::check_defined(a, "argmax");
  return reduce_dim(ReduceOp::Argmax, a, dim, DType::Int64, a.dtype());
}
Tensor all(const Tensor& a, int dim) {
  detail::check_defined(a, "all");
  return reduce_dim(ReduceOp::All, a, dim, DType::Bool, a.dtype());
}
Tensor any(const Tensor& a, int dim) {
  detail::check_defined(a, "any");
  return reduce_dim(ReduceOp::Any, a, dim, DType::Bool, a.dtype());
}

namespace {

// `a` as one flat dimension without copying, when its non-trivial dims nest (contiguous,
// or a slice/select of a contiguous tensor along its outermost dims). False otherwise.
bool flat_arg(const Tensor& a, detail::TensorArg& flat) {
  std::int64_t stride = 1;
  bool first = true;
  for (int i = a.dim() - 1; i >= 0; --i) {
    if (a.size(i) == 1) continue;
    if (first) {
      stride = a.stride(i);
      first = false;
    } else {
      // The dims seen so far span `seen` elements at `stride` each; dim i must step over them.
      std::int64_t seen = 1;
      for (int j = i + 1; j < a.dim(); ++j) seen *= a.size(j);
      if (a.stride(i) != stride * seen) return false;
    }
  }
  flat = detail::TensorArg{static_cast<char*>(a.data_ptr()), a.dtype(), Dims{a.numel()}, Dims{stride}};
  return true;
}

// Reduces every element of `a` into a 0-dim result. A tensor whose dims cannot be walked as
// one flat dimension is first made contiguous: ONE EXTRA ALLOCATION for such inputs.
Tensor reduce_all(ReduceOp op, const Tensor& a, DType out_dtype, DType compute) {
  const char* name = op == ReduceOp::Max ? "max" : op == ReduceOp::Min ? "min" : "sum";
  const detail::OpCall call(name);
  detail::check_defined(a, name);
  CB_CHECK(op == ReduceOp::Sum || a.numel() > 0, ErrorKind::InvalidArgument,
           "{}: cannot reduce an empty tensor ({}): the operation has no identity", name, a.str());
  if (a.numel() == 0) return reduce_dim(op, a.view(Dims{0}), 0, out_dtype, compute);
  detail::TensorArg flat;
  if (!flat_arg(a, flat)) return reduce_all(op, contiguous(a), out_dtype, compute);
  Tensor out = Tensor::empty(Dims{}, out_dtype, a.device(), name);
  detail::ReduceArgs args{op, compute, detail::make_arg(out), flat, 0};
  detail::launch(args, a.device());
  return out;
}

}  // namespace

Tensor max(const Tensor& a) { return reduce_all(ReduceOp::Max, a, a.dtype(), a.dtype()); }
Tensor min(const Tensor& a) { return reduce_all(ReduceOp::Min, a, a.dtype(), a.dtype()); }
Tensor sum(const Tensor& a) { return reduce_all(ReduceOp::Sum, a, sum_dtype(a.dtype()), sum_dtype(a.dtype())); }

std::int64_t item_int(const Tensor& a) {
  const detail::OpCall call("item");
  detail::check_defined(a, "item_int");
  CB_CHECK(a.numel() == 1, ErrorKind::InvalidArgument, "item_int: expected one element, got {}", a.str());
  detail::count_read_to_host(a);
  alignas(8) char bytes[8] = {};
  detail::copy_bytes(bytes, DeviceType::Host, a.data_ptr(), a.device(), element_size(a.dtype()),
                     Runtime::current().stream());
  return detail::load_as<std::int64_t>(bytes, a.dtype());
}

}  // namespace clampbench
