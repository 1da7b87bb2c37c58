// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What every op does before it reaches a Backend: validate operands, broadcast shapes, pick
// result and compute dtypes, allocate the one result and launch on the current stream.

#include "kernels/detail/backend.h"
#include "kernels/ops.h"

namespace clampbench::detail {

void check_defined(const Tensor& t, const char* op);
// Throws DeviceMismatch naming both tensors.
void check_same_device(const Tensor& a, const Tensor& b, const char* op);
// Right-aligned broadcast (size-1 dims expand); throws ShapeMismatch with both shapes.
Dims broadcast_shapes(const Dims& a, const Dims& b, const char* op);
// Wraps a possibly negative dim of an ndim-dim tensor (a 0-dim tensor accepts 0 and -1).
int wrap_dim(int dim, int ndim, const char* op);

ScalarArg scalar_arg(const Scalar& s);
// Result dtype of tensor (op) scalar: an int scalar keeps the tensor's dtype (bool -> int64);
// a float scalar on an integral or bool tensor gives float32.
DType scalar_result_dtype(DType tensor, const Scalar& s);
// The dtype arithmetic is evaluated in: bool arithmetic runs in int64 (stored back per the
// result dtype, so bool + bool is logical or, as in PyTorch).
constexpr DType arithmetic_compute(DType result) { return result == DType::Bool ? DType::Int64 : result; }

// Runs an elementwise launch on `device`'s backend and the runtime's current stream.
void launch(const ElementwiseArgs& args, DeviceType device);
void launch(const ReduceArgs& args, DeviceType device);
// out = op(a) elementwise, computed in a's dtype, stored as `result` (one allocation).
Tensor unary(ElementOp op, const Tensor& a, DType result, const char* name);

// out = copy of `src` broadcast to out's shape, converted to out's dtype (same device).
void copy_into(const Tensor& out, const Tensor& src);

// A contiguous TensorArg over host memory (a std::vector's elements, say).
TensorArg contiguous_arg(void* data, DType dtype, const Dims& shape);
// Writes `src` (on any device, any strides) broadcast to dst.sizes and converted to dst.dtype
// into the host memory `dst` describes. A device tensor's bytes are first read into a host
// std::vector (scratch that is not tensor memory: no allocation is counted).
void read_into_host(const TensorArg& dst, const Tensor& src);

}  // namespace clampbench::detail
