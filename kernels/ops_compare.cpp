// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Comparisons and logic (bool results) and where.

#include <fmt/format.h>

#include "kernels/detail/op_call.h"
#include "kernels/detail/op_helpers.h"
#include "kernels/error.h"

namespace clampbench {

using detail::ElementOp;
using detail::make_arg;

namespace {

// Operands are compared in their promoted dtype; the result is bool.
Tensor to_bool(ElementOp op, const Tensor& a, const Tensor& b, const char* name) {
  const detail::OpCall call(name);
  detail::check_same_device(a, b, name);
  const Dims shape = detail::broadcast_shapes(a.shape(), b.shape(), name);
  Tensor out = Tensor::empty(shape, DType::Bool, a.device(), name);
  detail::ElementwiseArgs args{};
  args.op = op;
  args.compute = promote(a.dtype(), b.dtype());
  args.out = make_arg(out);
  args.in[0] = make_arg(a, shape);
  args.in[1] = make_arg(b, shape);
  args.n_in = 2;
  detail::launch(args, a.device());
  return out;
}

Tensor to_bool(ElementOp op, const Tensor& a, Scalar b, const char* name) {
  const detail::OpCall call(name);
  detail::check_defined(a, name);
  Tensor out = Tensor::empty(a.shape(), DType::Bool, a.device(), name);
  detail::ElementwiseArgs args{};
  args.op = op;
  args.compute = detail::scalar_result_dtype(a.dtype(), b);  // bool == 1 compares in int64
  args.out = make_arg(out);
  args.in[0] = make_arg(a);
  args.n_in = 1;  // the scalar rides in s[0]
  args.s[0] = detail::scalar_arg(b);
  detail::launch(args, a.device());
  return out;
}

}  // namespace

Tensor eq(const Tensor& a, const Tensor& b) { return to_bool(ElementOp::Eq, a, b, "eq"); }
Tensor eq(const Tensor& a, Scalar b) { return to_bool(ElementOp::Eq, a, b, "eq"); }
Tensor ne(const Tensor& a, const Tensor& b) { return to_bool(ElementOp::Ne, a, b, "ne"); }
Tensor ne(const Tensor& a, Scalar b) { return to_bool(ElementOp::Ne, a, b, "ne"); }
Tensor lt(const Tensor& a, const Tensor& b) { return to_bool(ElementOp::Lt, a, b, "lt"); }
Tensor lt(const Tensor& a, Scalar b) { return to_bool(ElementOp::Lt, a, b, "lt"); }
Tensor le(const Tensor& a, const Tensor& b) { return to_bool(ElementOp::Le, a, b, "le"); }
Tensor le(const Tensor& a, Scalar b) { return to_bool(ElementOp::Le, a, b, "le"); }
Tensor gt(const Tensor& a, const Tensor& b) { return to_bool(ElementOp::Gt, a, b, "gt"); }
Tensor gt(const Tensor& a, Scalar b) { return to_bool(ElementOp::Gt, a, b, "gt"); }
Tensor ge(const Tensor& a, const Tensor& b) { return to_bool(ElementOp::Ge, a, b, "ge"); }
Tensor ge(const Tensor& a, Scalar b) { return to_bool(ElementOp::Ge, a, b, "ge"); }
Tensor logical_and(const Tensor& a, const Tensor& b) { return to_bool(ElementOp::And, a, b, "logical_and"); }
Tensor logical_or(const Tensor& a, const Tensor& b) { return to_bool(ElementOp::Or, a, b, "logical_or"); }
Tensor bitwise_or(const Tensor& a, const Tensor& b) {
  CB_CHECK(a.dtype() == DType::Bool && b.dtype() == DType::Bool, ErrorKind::DTypeMismatch,
           "bitwise_or: only bool tensors are supported ({} and {})", a.str(), b.str());
  return to_bool(ElementOp::Or, a, b, "bitwise_or");
}

Tensor logical_not(const Tensor& a) {
  const detail::OpCall call("logical_not");
  detail::check_defined(a, "logical_not");
  return detail::unary(ElementOp::Not, a, DType::Bool, "logical_not");
}

namespace {
void check_condition(const Tensor& cond, const Tensor& a) {
  detail::check_same_device(cond, a, "where");
  CB_CHECK(cond.dtype() == DType::Bool, ErrorKind::DTypeMismatch, "where: condition must be bool, got {}", cond.str());
}
}  // namespace

Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b) {
  const detail::OpCall call("where");
  check_condition(cond, a);
  detail::check_same_device(a, b, "where");
  const Dims shape = detail::broadcast_shapes(detail::broadcast_shapes(cond.shape(), a.shape(), "where"), b.shape(), "where");
  const DType result = promote(a.dtype(), b.dtype());
  Tensor out = Tensor::empty(shape, result, a.device(), "where");
  detail::ElementwiseArgs args{};
  args.op = ElementOp::Where;
  args.compute = result;
  args.out = make_arg(out);
  args.in[0] = make_arg(cond, shape);
  args.in[1] = make_arg(a, shape);
  args.in[2] = make_arg(b, shape);
  args.n_in = 3;
  detail::launch(args, a.device());
  return out;
}

// The scalar rides in the kernel's arguments, so no tensor is allocated for it and one kernel
// runs, as PyTorch's where with a Python scalar.
Tensor where(const Tensor& cond, const Tensor& a, Scalar b) {
  const detail::OpCall call("where");
  check_condition(cond, a);
  const Dims shape = detail::broadcast_shapes(cond.shape(), a.shape(), "where");
  Tensor out = Tensor::empty(shape, detail::scalar_result_dtype(a.dtype(), b), a.device(), "where");
  detail::ElementwiseArgs args{};  // one kernel: the scalar rides in s[0] (n_in == 2)
  args.op = ElementOp::Where;
  args.compute = out.dtype();
  args.out = make_arg(out);
  args.in[0] = make_arg(cond, shape);
  args.in[1] = make_arg(a, shape);
  args.n_in = 2;
  args.s[0] = detail::scalar_arg(b);
  detail::launch(args, a.device());
  return out;
}

}  // namespace clampbench
