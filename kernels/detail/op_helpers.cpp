// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Shared validation, broadcasting and launch helpers of the ops, and the TensorArg builders.

#include "kernels/detail/op_helpers.h"
#include "kernels/detail/op_call.h"

#include <cstddef>
#include <vector>

#include <fmt/format.h>

#include "kernels/error.h"
#include "kernels/runtime.h"

namespace clampbench::detail {

TensorArg make_arg(const Tensor& t) {
  return TensorArg{static_cast<char*>(t.data_ptr()), t.dtype(), t.shape(), t.strides()};
}

TensorArg make_arg(const Tensor& t, const Dims& shape) {
  TensorArg a{static_cast<char*>(t.data_ptr()), t.dtype(), shape, Dims{}};
  a.strides.ndim = shape.ndim;
  const int lead = shape.ndim - t.dim();
  for (int i = 0; i < shape.ndim; ++i) {
    const int src = i - lead;
    // A new leading dim, or a size-1 dim stretched over the shape, is read with stride 0.
    a.strides.d[i] = (src < 0 || t.shape().d[src] != shape.d[i]) ? 0 : t.strides().d[src];
  }
  return a;
}

void check_defined(const Tensor& t, const char* op) {
  CB_CHECK(t.defined(), ErrorKind::InvalidArgument, "{}: undefined tensor operand", op);
}

void check_same_device(const Tensor& a, const Tensor& b, const char* op) {
  check_defined(a, op);
  check_defined(b, op);
  CB_CHECK(a.device() == b.device(), ErrorKind::DeviceMismatch, "{}: operands on different devices ({} and {})",
           op, a.str(), b.str());
}

Dims broadcast_shapes(const Dims& a, const Dims& b, const char* op) {
  Dims r;
  r.ndim = a.ndim > b.ndim ? a.ndim : b.ndim;
  for (int i = 0; i < r.ndim; ++i) {
    const int ia = i - (r.ndim - a.ndim), ib = i - (r.ndim - b.ndim);
    const std::int64_t sa = ia >= 0 ? a.d[ia] : 1, sb = ib >= 0 ? b.d[ib] : 1;
    CB_CHECK(sa == sb || sa == 1 || sb == 1, ErrorKind::ShapeMismatch,
             "{}: shapes {} and {} do not broadcast (dim {}: {} vs {})", op, a.str(), b.str(), i, sa, sb);
    r.d[i] = sa == 1 ? sb : sa;
  }
  return r;
}

int wrap_dim(int dim, int ndim, const char* op) {
  const int n = ndim > 0 ? ndim : 1;
  CB_CHECK(dim >= -n && dim < n, ErrorKind::IndexOutOfRange, "{}: dim {} out of range for a {}-dim tensor",
           op, dim, ndim);
  return dim < 0 ? dim + n : dim;
}

ScalarArg scalar_arg(const Scalar& s) { return ScalarArg{s.is_float, s.i, s.f}; }

DType scalar_result_dtype(DType tensor, const Scalar& s) {
  if (s.is_float) return DType::Float32;
  return promote_with_int_scalar(tensor);
}

// The launch counts follow the CUDA backend: a kernel per call, none for an empty result.
void launch(const ElementwiseArgs& args, DeviceType device) {
  if (host_cost_wanted() && args.out.sizes.numel() > 0) count_launches_now(device, 1);
  backend_for(device).elementwise(args, Runtime::current().stream());
}

void launch(const ReduceArgs& args, DeviceType device) {
  if (host_cost_wanted() && drop_dim(args.in, args.dim).sizes.numel() > 0) count_launches_now(device, 1);
  backend_for(device).reduce(args, Runtime::current().stream());
}

Tensor unary(ElementOp op, const Tensor& a, DType result, const char* name) {
  Tensor out = Tensor::empty(a.shape(), result, a.device(), name);
  ElementwiseArgs args{};
  args.op = op;
  args.compute = a.dtype();
  args.out = make_arg(out);
  args.in[0] = make_arg(a);
  args.n_in = 1;
  launch(args, a.device());
  return out;
}

void copy_into(const Tensor& out, const Tensor& src) {
  ElementwiseArgs args{};
  args.op = ElementOp::Copy;
  args.compute = out.dtype();
  args.out = make_arg(out);
  args.in[0] = make_arg(src, out.shape());
  args.n_in = 1;
  launch(args, out.device());
}

TensorArg contiguous_arg(void* data, DType dtype, const Dims& shape) {
  TensorArg a{static_cast<char*>(data), dtype, shape, Dims{}};
  a.strides.ndim = shape.ndim;
  std::int64_t step = 1;
  for (int i = shape.ndim - 1; i >= 0; --i) {
    a.strides.d[i] = step;
    step *= shape.d[i] > 1 ? shape.d[i] : 1;
  }
  return a;
}

void read_into_host(const TensorArg& dst, const Tensor& src) {
  if (dst.sizes.numel() == 0) return;
  TensorArg from = make_arg(src, dst.sizes);
  std::vector<std::byte> span;  // host scratch, not tensor memory
  if (src.device() != DeviceType::Host) {
    // The bytes from the view's first element to its last (views here never have negative
    // strides), so the host loop below can walk them with the view's own strides.
    std::int64_t extent = 1;
    for (int i = 0; i < src.dim(); ++i) extent += (src.size(i) - 1) * src.stride(i);
    span.resize(static_cast<std::size_t>(extent) * element_size(src.dtype()));
    copy_bytes(span.data(), DeviceType::Host, src.data_ptr(), src.device(), span.size(), Runtime::current().stream());
    from.data = reinterpret_cast<char*>(span.data());
  }
  ElementwiseArgs args{};
  args.op = ElementOp::Copy;
  args.compute = dst.dtype;
  args.out = dst;
  args.in[0] = from;
  args.n_in = 1;
  host_backend().elementwise(args, Stream{});
}

}  // namespace clampbench::detail
