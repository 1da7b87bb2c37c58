// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// gather and scatter along a dimension, and the in-place writers masked_fill_ and fill_.
// While a write-order scope is open, a scatter that writes differing values to one element
// is recorded (kernels/write_order.h) after it succeeds.

#include <fmt/format.h>

#include "kernels/detail/duplicate_writes.h"
#include "kernels/detail/view_writes.h"
#include "kernels/detail/op_call.h"
#include "kernels/detail/op_helpers.h"
#include "kernels/error.h"
#include "kernels/runtime.h"

namespace clampbench {

using detail::make_arg;

namespace {

// torch's rules: index int64 or int32, the same rank as self, and no larger than self along
// every dim but `dim`; returns the wrapped dim.
int check_index(const Tensor& self, int dim, const Tensor& index, const char* op) {
  detail::check_same_device(self, index, op);
  CB_CHECK(index.dtype() == DType::Int64 || index.dtype() == DType::Int32, ErrorKind::DTypeMismatch,
           "{}: index must be int64 or int32, got {}", op, index.str());
  CB_CHECK(index.dim() == self.dim(), ErrorKind::ShapeMismatch, "{}: index {} and self {} differ in rank", op,
           index.shape().str(), self.shape().str());
  const int d = detail::wrap_dim(dim, self.dim(), op);
  for (int k = 0; k < self.dim(); ++k) {
    CB_CHECK(k == d || index.size(k) <= self.size(k), ErrorKind::ShapeMismatch,
             "{}: index {} is larger than self {} in dim {}", op, index.shape().str(), self.shape().str(), k);
  }
  return d;
}

// A 0-dim operand is handled as the 1-element 1-dim tensor it views.
Tensor at_least_1d(const Tensor& t) { return t.dim() == 0 ? t.unsqueeze(0) : t; }

}  // namespace

Tensor gather(const Tensor& self, int dim, const Tensor& index) {
  const detail::OpCall call("gather");
  const int d = check_index(self, dim, index, "gather");
  Tensor out = Tensor::empty(index.shape(), self.dtype(), self.device(), "gather");
  detail::GatherArgs args{make_arg(at_least_1d(out)), make_arg(at_least_1d(self)), make_arg(at_least_1d(index)), d};
  if (index.numel() > 0) {
    // The CUDA backend checks the indices on the device and reads the verdict back.
    detail::count_launches(self.device());
    detail::count_check_sync(self.device());
    detail::backend_for(self.device()).gather(args, Runtime::current().stream());
  }
  return out;
}

namespace {
Tensor& scatter_impl(Tensor& self, int dim, const Tensor& index, const Tensor& src, const Tensor* mask,
                     const char* op) {
  const detail::OpCall call(op);
  const int d = check_index(self, dim, index, op);
  detail::check_same_device(self, src, op);
  CB_CHECK(src.dtype() == self.dtype(), ErrorKind::DTypeMismatch, "{}: self {} and src {} differ in dtype", op,
           self.str(), src.str());
  CB_CHECK(src.dim() == index.dim(), ErrorKind::ShapeMismatch, "{}: src {} and index {} differ in rank", op,
           src.shape().str(), index.shape().str());
  for (int k = 0; k < index.dim(); ++k) {
    CB_CHECK(index.size(k) <= src.size(k), ErrorKind::ShapeMismatch, "{}: index {} is larger than src {} in dim {}",
             op, index.shape().str(), src.shape().str(), k);
  }
  detail::ScatterArgs args{make_arg(at_least_1d(self)), make_arg(at_least_1d(index)), make_arg(at_least_1d(src)),
                           detail::TensorArg{}, d};
  if (mask != nullptr) {
    detail::check_same_device(self, *mask, op);
    CB_CHECK(mask->dtype() == DType::Bool, ErrorKind::DTypeMismatch, "{}: mask must be bool, got {}", op, mask->str());
    CB_CHECK(mask->shape() == index.shape(), ErrorKind::ShapeMismatch, "{}: mask {} must have the index's shape {}",
             op, mask->shape().str(), index.shape().str());
    args.mask = make_arg(at_least_1d(*mask));
  }
  if (index.numel() == 0) return self;
  // Looked for before the write: src may alias self.
  std::optional<OrderDependentWrite> order_dependent;
  std::vector<std::int64_t> destinations;
  detail::WriteWatch watch(self, op);
  if (write_order::recording()) {
    const Tensor mask_1d = mask != nullptr ? at_least_1d(*mask) : Tensor();
    const Tensor* mask_arg = mask != nullptr ? &mask_1d : nullptr;
    order_dependent = detail::find_order_dependent_writes(at_least_1d(self), d, at_least_1d(index), at_least_1d(src),
                                                          mask_arg, op);
    destinations = detail::scatter_destinations(at_least_1d(self), d, at_least_1d(index), mask_arg);
    std::erase(destinations, -1);
  }
  detail::count_launches(self.device());  // one kernel checks and writes, as PyTorch's
  detail::count_check_sync(self.device());
  detail::backend_for(self.device()).scatter(args, Runtime::current().stream());
  if (order_dependent) write_order::record(*order_dependent);
  watch.done_at(destinations);
  return self;
}
}  // namespace

Tensor& scatter_(Tensor& self, int dim, const Tensor& index, const Tensor& src) {
  return scatter_impl(self, dim, index, src, nullptr, "scatter_");
}

Tensor& scatter_masked_(Tensor& self, int dim, const Tensor& index, const Tensor& src, const Tensor& mask) {
  return scatter_impl(self, dim, index, src, &mask, "scatter_masked_");
}

Tensor& masked_fill_(Tensor& self, const Tensor& mask, Scalar value) {
  const detail::OpCall call("masked_fill_");
  detail::check_same_device(self, mask, "masked_fill_");
  CB_CHECK(mask.dtype() == DType::Bool, ErrorKind::DTypeMismatch, "masked_fill_: mask must be bool, got {}", mask.str());
  const Dims shape = detail::broadcast_shapes(self.shape(), mask.shape(), "masked_fill_");
  CB_CHECK(shape == self.shape(), ErrorKind::ShapeMismatch, "masked_fill_: mask {} does not broadcast to self {}",
           mask.shape().str(), self.shape().str());
  detail::ElementwiseArgs args{};
  args.op = detail::ElementOp::MaskedFill;
  args.compute = self.dtype();
  args.out = make_arg(self);
  args.in[0] = make_arg(self);
  args.in[1] = make_arg(mask, self.shape());
  args.n_in = 2;
  args.s[0] = detail::scalar_arg(value);
  detail::WriteWatch watch(self, "masked_fill_");
  const std::vector<unsigned char> written =
      write_order::recording() ? detail::host_bytes(mask.expand(self.shape()), DType::Bool) : std::vector<unsigned char>();
  detail::launch(args, self.device());
  watch.done(written);
  return self;
}

Tensor& fill_(Tensor& self, Scalar value) {
  const detail::OpCall call("fill_");
  detail::check_defined(self, "fill_");
  detail::ElementwiseArgs args{};
  args.op = detail::ElementOp::Fill;
  args.compute = self.dtype();
  args.out = make_arg(self);
  args.n_in = 0;
  args.s[0] = detail::scalar_arg(value);
  detail::launch_in_place(args, self, "fill_");
  return self;
}

}  // namespace clampbench
