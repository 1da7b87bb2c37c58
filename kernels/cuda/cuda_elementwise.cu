// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Elementwise ops and arange: one grid-stride kernel, instantiated per compute dtype, that
// evaluates each element through element_ops.h exactly as the host loop does.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/cuda/cuda_launch.h"
#include "kernels/detail/element_ops.h"

namespace clampbench::detail::cuda {
namespace {

template <typename T> __device__ void eval_element(const ElementwiseArgs& a, std::int64_t i) {
  const Dims& shape = a.out.sizes;
  char* out = a.out.data + byte_offset(a.out, i, shape);
  auto in = [&](int k) -> const char* { return a.in[k].data + byte_offset(a.in[k], i, shape); };
  switch (a.op) {
    case ElementOp::Neg: store_as<T>(out, a.out.dtype, T(0) - load_as<T>(in(0), a.in[0].dtype)); return;
    case ElementOp::Not: store_as<T>(out, a.out.dtype, T(load_as<T>(in(0), a.in[0].dtype) == T{})); return;
    case ElementOp::Copy: store_as<T>(out, a.out.dtype, load_as<T>(in(0), a.in[0].dtype)); return;
    case ElementOp::Clamp: store_as<T>(out, a.out.dtype, clamp_op<T>(load_as<T>(in(0), a.in[0].dtype), a)); return;
    case ElementOp::Where: {
      const bool cond = load_as<bool>(in(0), a.in[0].dtype);
      if (!cond && a.n_in == 2) {  // the other operand is the Python scalar s[0]
        store_as<T>(out, a.out.dtype, scalar_as<T>(a.s[0]));
        return;
      }
      const int pick = cond ? 1 : 2;
      store_as<T>(out, a.out.dtype, load_as<T>(in(pick), a.in[pick].dtype));
      return;
    }
    case ElementOp::Fill: store_as<T>(out, a.out.dtype, scalar_as<T>(a.s[0])); return;
    case ElementOp::MaskedFill:
      if (load_as<bool>(in(1), a.in[1].dtype)) store_as<T>(out, a.out.dtype, scalar_as<T>(a.s[0]));
      return;
    default: {
      // Binary ops; with one input the right operand is the Python scalar s[0] (ops' convention).
      const T rhs = a.n_in == 1 ? scalar_as<T>(a.s[0]) : load_as<T>(in(1), a.in[1].dtype);
      store_as<T>(out, a.out.dtype, binary_op<T>(a.op, load_as<T>(in(0), a.in[0].dtype), rhs));
      return;
    }
  }
}

template <typename T> __global__ void elementwise_kernel(ElementwiseArgs args, std::int64_t n) {
  for (std::int64_t i = global_thread(); i < n; i += grid_stride()) eval_element<T>(args, i);
}

__global__ void arange_kernel(TensorArg out, std::int64_t start, std::int64_t step, std::int64_t n) {
  const std::int64_t esize = static_cast<std::int64_t>(element_size(out.dtype));
  for (std::int64_t k = global_thread(); k < n; k += grid_stride())
    store_as<std::int64_t>(out.data + k * out.strides.d[0] * esize, out.dtype, start + k * step);
}

std::int64_t numel_of(const Dims& d) {
  std::int64_t n = 1;
  for (int i = 0; i < d.ndim; ++i) n *= d.d[i];
  return n;
}

}  // namespace

void launch_elementwise(const ElementwiseArgs& args, Stream stream) {
  const std::int64_t n = numel_of(args.out.sizes);
  if (n == 0) return;
  auto s = static_cast<cudaStream_t>(stream.handle);
  dispatch_dtype(args.compute, [&](auto tag) {
    using T = decltype(tag);
    CB_LAUNCH(elementwise_kernel<T>, grid_for(n), kThreadsPerBlock, s)(args, n);
    CB_CUDA_CHECK_LAUNCH();
  });
}

void launch_arange(const TensorArg& out, std::int64_t start, std::int64_t step, Stream stream) {
  const std::int64_t n = numel_of(out.sizes);
  if (n == 0) return;
  auto s = static_cast<cudaStream_t>(stream.handle);
  CB_LAUNCH(arange_kernel, grid_for(n), kThreadsPerBlock, s)(out, start, step, n);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::detail::cuda
