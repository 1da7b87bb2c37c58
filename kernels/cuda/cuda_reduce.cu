// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Reductions along one dimension: one thread per output element (per row for cumsum) walks
// the reduced dimension in order, so float sums associate exactly as the host loop does.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/cuda/cuda_launch.h"
#include "kernels/detail/element_ops.h"

namespace clampbench::detail::cuda {
namespace {

struct ReducePlan {
  ReduceOp op;
  TensorArg in_rows;   // in without dim
  TensorArg out_rows;  // out without dim (cumsum) or out itself
  std::int64_t length;         // extent of the reduced dim
  std::int64_t in_step;        // bytes between consecutive elements along dim
  std::int64_t out_step;       // same for out (cumsum only)
};

template <typename T> __global__ void reduce_kernel(ReducePlan p, std::int64_t rows) {
  for (std::int64_t r = global_thread(); r < rows; r += grid_stride()) {
    const char* in = p.in_rows.data + byte_offset(p.in_rows, r, p.in_rows.sizes);
    char* out = p.out_rows.data + byte_offset(p.out_rows, r, p.out_rows.sizes);
    const DType it = p.in_rows.dtype, ot = p.out_rows.dtype;
    switch (p.op) {
      case ReduceOp::Sum: {
        T acc{};
        for (std::int64_t k = 0; k < p.length; ++k) acc = acc + load_as<T>(in + k * p.in_step, it);
        store_as<T>(out, ot, acc);
        break;
      }
      case ReduceOp::Cumsum: {
        T acc{};
        for (std::int64_t k = 0; k < p.length; ++k) {
          acc = acc + load_as<T>(in + k * p.in_step, it);
          store_as<T>(out + k * p.out_step, ot, acc);
        }
        break;
      }
      case ReduceOp::Max:
      case ReduceOp::Min: {
        const ElementOp pick = p.op == ReduceOp::Max ? ElementOp::Max : ElementOp::Min;
        T acc = load_as<T>(in, it);
        for (std::int64_t k = 1; k < p.length; ++k) acc = binary_op<T>(pick, acc, load_as<T>(in + k * p.in_step, it));
        store_as<T>(out, ot, acc);
        break;
      }
      case ReduceOp::Argmax: {
        T best = load_as<T>(in, it);
        std::int64_t at = 0;
        for (std::int64_t k = 1; k < p.length; ++k) {
          const T v = load_as<T>(in + k * p.in_step, it);
          if (v > best) { best = v; at = k; }  // strict: the first maximum wins
        }
        store_as<std::int64_t>(out, ot, at);
        break;
      }
      case ReduceOp::All:
      case ReduceOp::Any: {
        const bool all = p.op == ReduceOp::All;
        bool acc = all;
        for (std::int64_t k = 0; k < p.length && acc == all; ++k)
          acc = load_as<T>(in + k * p.in_step, it) != T{};
        store_as<bool>(out, ot, acc);
        break;
      }
    }
  }
}

}  // namespace

void launch_reduce(const ReduceArgs& args, Stream stream) {
  ReducePlan p;
  p.op = args.op;
  p.in_rows = drop_dim(args.in, args.dim);
  p.out_rows = args.op == ReduceOp::Cumsum ? drop_dim(args.out, args.dim) : args.out;
  p.length = args.in.sizes.d[args.dim];
  p.in_step = args.in.strides.d[args.dim] * static_cast<std::int64_t>(element_size(args.in.dtype));
  p.out_step = args.op == ReduceOp::Cumsum
                   ? args.out.strides.d[args.dim] * static_cast<std::int64_t>(element_size(args.out.dtype))
                   : 0;
  std::int64_t rows = 1;
  for (int d = 0; d < p.in_rows.sizes.ndim; ++d) rows *= p.in_rows.sizes.d[d];
  if (rows == 0) return;
  auto s = static_cast<cudaStream_t>(stream.handle);
  dispatch_dtype(args.compute, [&](auto tag) {
    using T = decltype(tag);
    CB_LAUNCH(reduce_kernel<T>, grid_for(rows), kThreadsPerBlock, s)(p, rows);
    CB_CUDA_CHECK_LAUNCH();
  });
}

}  // namespace clampbench::detail::cuda
