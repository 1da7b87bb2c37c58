// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Arithmetic: add, sub (and sub_out), mul, mul_, floor_divide, remainder, neg, minimum, maximum, clamp/clamp_.
// Each out-of-place op allocates its one result here and nowhere else.

#include <fmt/format.h>

#include "kernels/detail/op_call.h"
#include "kernels/detail/op_helpers.h"
#include "kernels/allocation_trace.h"
#include "kernels/detail/view_writes.h"
#include "kernels/error.h"

namespace clampbench {

using detail::ElementOp;
using detail::make_arg;

namespace detail {

namespace {

// Both helpers are forced inline: called from two ops, GCC kept them out of line, +14
// instructions a tensor (op) tensor call over one function (callgrind, gate-change.sh); inline,
// +2 at most.

// tensor (op) tensor's result dtype (the promoted one) and shape (the broadcast one), checked as
// torch checks them.
struct BinaryResult {
  DType dtype;
  Dims shape;
};
[[gnu::always_inline]] inline BinaryResult binary_result(ElementOp op, const Tensor& a, const Tensor& b,
                                                         const char* name) {
  check_same_device(a, b, name);
  const DType result = promote(a.dtype(), b.dtype());
  CB_CHECK(result != DType::Bool || (op != ElementOp::Sub && op != ElementOp::FloorDiv && op != ElementOp::Rem),
           ErrorKind::DTypeMismatch, "{}: not supported for bool tensors ({} and {})", name, a.str(), b.str());
  return {result, broadcast_shapes(a.shape(), b.shape(), name)};
}

// The one kernel of out = a (op) b, both broadcast to `r.shape`.
[[gnu::always_inline]] inline ElementwiseArgs binary_args(ElementOp op, const Tensor& out, const Tensor& a,
                                                          const Tensor& b, const BinaryResult& r) {
  ElementwiseArgs args{};
  args.op = op;
  args.compute = arithmetic_compute(r.dtype);
  args.out = make_arg(out);
  args.in[0] = make_arg(a, r.shape);
  args.in[1] = make_arg(b, r.shape);
  args.n_in = 2;
  return args;
}

}  // namespace

// tensor (op) tensor with broadcasting and promotion; result of the promoted dtype.
Tensor arith(ElementOp op, const Tensor& a, const Tensor& b, const char* name) {
  const OpCall call(name);
  const BinaryResult r = binary_result(op, a, b, name);
  Tensor out = Tensor::empty(r.shape, r.dtype, a.device(), name);
  launch(binary_args(op, out, a, b, r), a.device());
  return out;
}

// The same into `out`, which must hold the result's shape and dtype: no allocation.
void arith_into(ElementOp op, Tensor& out, const Tensor& a, const Tensor& b, const char* name) {
  const OpCall call(name);
  const BinaryResult r = binary_result(op, a, b, name);
  check_same_device(out, a, name);
  CB_CHECK(out.dtype() == r.dtype, ErrorKind::DTypeMismatch, "{}: out {} must be {}", name, out.str(),
           dtype_name(r.dtype));
  CB_CHECK(out.shape() == r.shape, ErrorKind::ShapeMismatch, "{}: out {} must have the broadcast shape {}", name,
           out.str(), r.shape.str());
  launch_in_place(binary_args(op, out, a, b, r), out, name);
}

// tensor (op) scalar: the scalar rides in s[0] (n_in == 1), nothing is allocated for it.
Tensor arith(ElementOp op, const Tensor& a, Scalar b, const char* name) {
  const OpCall call(name);
  check_defined(a, name);
  const bool divides = op == ElementOp::FloorDiv || op == ElementOp::Rem;
  CB_CHECK(!(divides || op == ElementOp::Sub || op == ElementOp::RSub) || a.dtype() != DType::Bool,
           ErrorKind::DTypeMismatch,
           "{}: not supported for bool tensors ({})", name, a.str());
  CB_CHECK(!divides || (b.is_float ? b.f != 0.0 : b.i != 0), ErrorKind::InvalidArgument,
           "{}: division by a zero scalar", name);
  const DType result = scalar_result_dtype(a.dtype(), b);
  Tensor out = Tensor::empty(a.shape(), result, a.device(), name);
  ElementwiseArgs args{};
  args.op = op;
  args.compute = arithmetic_compute(result);
  args.out = make_arg(out);
  args.in[0] = make_arg(a);
  args.n_in = 1;
  args.s[0] = scalar_arg(b);
  launch(args, a.device());
  return out;
}

}  // namespace detail

Tensor add(const Tensor& a, const Tensor& b) { return detail::arith(ElementOp::Add, a, b, "add"); }
Tensor add(const Tensor& a, Scalar b) { return detail::arith(ElementOp::Add, a, b, "add"); }
Tensor sub(const Tensor& a, const Tensor& b) { return detail::arith(ElementOp::Sub, a, b, "sub"); }
Tensor sub(const Tensor& a, Scalar b) { return detail::arith(ElementOp::Sub, a, b, "sub"); }
Tensor mul(const Tensor& a, const Tensor& b) { return detail::arith(ElementOp::Mul, a, b, "mul"); }
Tensor mul(const Tensor& a, Scalar b) { return detail::arith(ElementOp::Mul, a, b, "mul"); }
Tensor floor_divide(const Tensor& a, const Tensor& b) { return detail::arith(ElementOp::FloorDiv, a, b, "floor_divide"); }
Tensor floor_divide(const Tensor& a, Scalar b) { return detail::arith(ElementOp::FloorDiv, a, b, "floor_divide"); }
Tensor div(const Tensor& a, Scalar b, RoundingMode) { return detail::arith(ElementOp::FloorDiv, a, b, "div"); }
Tensor remainder(const Tensor& a, const Tensor& b) { return detail::arith(ElementOp::Rem, a, b, "remainder"); }
Tensor remainder(const Tensor& a, Scalar b) { return detail::arith(ElementOp::Rem, a, b, "remainder"); }
Tensor minimum(const Tensor& a, const Tensor& b) { return detail::arith(ElementOp::Min, a, b, "minimum"); }
Tensor maximum(const Tensor& a, const Tensor& b) { return detail::arith(ElementOp::Max, a, b, "maximum"); }

// torch.sub(a, b, out=out) -- torch.diff(x, out=out) dispatches it on two narrows of x: one
// kernel into `out`, which must hold the broadcast shape and the promoted dtype; no allocation.
Tensor& sub_out(Tensor& out, const Tensor& a, const Tensor& b) {
  detail::arith_into(ElementOp::Sub, out, a, b, "sub");
  return out;
}

// b - a: one kernel, the scalar riding in s[0], as PyTorch's rsub.
Tensor rsub(const Tensor& a, Scalar b) { return detail::arith(ElementOp::RSub, a, b, "rsub"); }

// a *= b in place (torch's mul_ / multiply_): a keeps its dtype, so b must not promote it.
Tensor& mul_(Tensor& a, Scalar b) {
  const detail::OpCall call("mul_");
  detail::check_defined(a, "mul_");
  const DType r = detail::scalar_result_dtype(a.dtype(), b);
  CB_CHECK(r == a.dtype(), ErrorKind::DTypeMismatch, "mul_: result type {} can't be cast to the tensor's {}",
           dtype_name(r), a.str());
  detail::ElementwiseArgs args{};
  args.op = ElementOp::Mul;
  args.compute = detail::arithmetic_compute(r);
  args.out = make_arg(a);
  args.in[0] = make_arg(a);
  args.n_in = 1;
  args.s[0] = detail::scalar_arg(b);
  detail::launch_in_place(args, a, "mul_");
  return a;
}

Tensor neg(const Tensor& a) {
  const detail::OpCall call("neg");
  detail::check_defined(a, "neg");
  CB_CHECK(a.dtype() != DType::Bool, ErrorKind::DTypeMismatch, "neg: not supported for bool tensors ({})", a.str());
  return detail::unary(ElementOp::Neg, a, a.dtype(), "neg");
}

namespace {

// clamp's result dtype: a float bound on an integral or bool tensor gives float32, an int
// bound keeps the tensor's dtype (bool -> int64), as torch.result_type does.
DType clamp_result(const Tensor& a, const std::optional<Scalar>& lo, const std::optional<Scalar>& hi) {
  CB_CHECK(lo.has_value() || hi.has_value(), ErrorKind::InvalidArgument, "clamp: at least one of min and max is required");
  DType r = a.dtype();
  if (lo) r = promote(r, detail::scalar_result_dtype(a.dtype(), *lo));
  if (hi) r = promote(r, detail::scalar_result_dtype(a.dtype(), *hi));
  return r;
}

void run_clamp(const Tensor& out, const Tensor& a, const std::optional<Scalar>& lo, const std::optional<Scalar>& hi) {
  detail::ElementwiseArgs args{};
  args.op = ElementOp::Clamp;
  args.compute = detail::arithmetic_compute(out.dtype());
  args.out = make_arg(out);
  args.in[0] = make_arg(a);
  args.n_in = 1;
  args.has_min = lo.has_value();
  args.has_max = hi.has_value();
  if (lo) args.s[0] = detail::scalar_arg(*lo);
  if (hi) args.s[1] = detail::scalar_arg(*hi);
  detail::launch(args, a.device());
}

}  // namespace

Tensor clamp(const Tensor& a, std::optional<Scalar> min, std::optional<Scalar> max, std::source_location where) {
  const detail::OpCall call("clamp");
  detail::check_defined(a, "clamp");
  std::optional<AllocationTag> site;
  if (allocation_trace::recording() && !allocation_trace::tagged()) {
    const std::string_view file = where.file_name();
    site.emplace(fmt::format("{}:{}", file.substr(file.find_last_of('/') + 1), where.line()));
  }
  Tensor out = Tensor::empty(a.shape(), clamp_result(a, min, max), a.device(), "clamp");
  run_clamp(out, a, min, max);
  return out;
}

Tensor& clamp_(Tensor& a, std::optional<Scalar> min, std::optional<Scalar> max) {
  const detail::OpCall call("clamp_");
  detail::check_defined(a, "clamp_");
  const DType r = clamp_result(a, min, max);
  CB_CHECK(r == a.dtype(), ErrorKind::DTypeMismatch, "clamp_: result type {} can't be cast to the tensor's {}",
           dtype_name(r), a.str());
  detail::WriteWatch watch(a, "clamp_");
  run_clamp(a, a, min, max);
  watch.done();
  return a;
}

}  // namespace clampbench
