// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// gather and scatter along a dimension, and index (every dim indexed): one kernel each, as
// PyTorch's. A bad index is not written through: the kernel records the smallest linear
// position holding one (atomicMin, so the report is the same first bad index the host loop
// finds) and the backend turns it into an IndexOutOfRange; the good ones are written, as after
// PyTorch's device-side assert.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/cuda/cuda_launch.h"
#include "kernels/detail/element_ops.h"

namespace clampbench::detail::cuda {
namespace {

// Byte offset in `t` of the element whose coordinates are those of `linear` over `shape`,
// except along `dim`, where the coordinate is `at`.
__device__ std::int64_t offset_with(const TensorArg& t, std::int64_t linear, const Dims& shape, int dim,
                                    std::int64_t at) {
  std::int64_t off = 0;
  for (int d = shape.ndim - 1; d >= 0; --d) {
    const std::int64_t extent = shape.d[d];
    const std::int64_t coord = linear % extent;
    linear /= extent;
    off += (d == dim ? at : coord) * t.strides.d[d];
  }
  return off * static_cast<std::int64_t>(element_size(t.dtype));
}

template <typename T> __global__ void gather_kernel(GatherArgs a, std::int64_t n, unsigned long long* first_bad) {
  const Dims& shape = a.index.sizes;
  const std::int64_t limit = a.self.sizes.d[a.dim];
  for (std::int64_t i = global_thread(); i < n; i += grid_stride()) {
    const std::int64_t at = load_as<std::int64_t>(a.index.data + byte_offset(a.index, i, shape), a.index.dtype);
    if (at < 0 || at >= limit) {
      atomicMin(first_bad, static_cast<unsigned long long>(i));
      continue;
    }
    const T v = load_as<T>(a.self.data + offset_with(a.self, i, shape, a.dim, at), a.self.dtype);
    store_as<T>(a.out.data + byte_offset(a.out, i, shape), a.out.dtype, v);
  }
}

template <typename T> __global__ void index_kernel(IndexArgs a, std::int64_t n, unsigned long long* first_bad) {
  const Dims& shape = a.out.sizes;
  for (std::int64_t i = global_thread(); i < n; i += grid_stride()) {
    std::int64_t off = 0;
    int bad = -1;
    for (int k = 0; k < a.n_index && bad < 0; ++k) {
      std::int64_t v = load_as<std::int64_t>(a.index[k].data + byte_offset(a.index[k], i, shape), a.index[k].dtype);
      const std::int64_t size = a.self.sizes.d[k];
      if (v < 0) v += size;
      if (v < 0 || v >= size) bad = k;
      off += v * a.self.strides.d[k];
    }
    if (bad >= 0) {
      atomicMin(first_bad, static_cast<unsigned long long>(i * IndexArgs::kMaxIndices + bad));
      continue;
    }
    const T v = load_as<T>(a.self.data + off * static_cast<std::int64_t>(element_size(a.self.dtype)), a.self.dtype);
    store_as<T>(a.out.data + byte_offset(a.out, i, shape), a.out.dtype, v);
  }
}

__device__ bool scatter_selected(const ScatterArgs& a, std::int64_t i) {
  return a.mask.data == nullptr || load_as<bool>(a.mask.data + byte_offset(a.mask, i, a.index.sizes), a.mask.dtype);
}

// Two positions write the same element of self only when they differ just along dim, so one
// thread per line along dim, walking it in order, makes "the last write wins" deterministic
// and equal to the host's sequential loop.
template <typename T>
__global__ void scatter_kernel(ScatterArgs a, std::int64_t lines, std::int64_t length, unsigned long long* first_bad) {
  const Dims& shape = a.index.sizes;
  const std::int64_t limit = a.self.sizes.d[a.dim];
  for (std::int64_t l = global_thread(); l < lines; l += grid_stride()) {
    // line l = (outer, inner) around dim; its k-th element has linear (outer*length + k)*inner + inner_pos.
    std::int64_t inner = 1;
    for (int d = a.dim + 1; d < shape.ndim; ++d) inner *= shape.d[d];
    const std::int64_t outer_pos = l / inner, inner_pos = l % inner;
    for (std::int64_t k = 0; k < length; ++k) {
      const std::int64_t i = (outer_pos * length + k) * inner + inner_pos;
      if (!scatter_selected(a, i)) continue;  // a masked-off index is never used, so never checked
      const std::int64_t at = load_as<std::int64_t>(a.index.data + byte_offset(a.index, i, shape), a.index.dtype);
      if (at < 0 || at >= limit) {
        atomicMin(first_bad, static_cast<unsigned long long>(i));
        continue;
      }
      const T v = load_as<T>(a.src.data + byte_offset(a.src, i, shape), a.src.dtype);
      store_as<T>(a.self.data + offset_with(a.self, i, shape, a.dim, at), a.self.dtype, v);
    }
  }
}

std::int64_t numel_of(const Dims& d) {
  std::int64_t n = 1;
  for (int i = 0; i < d.ndim; ++i) n *= d.d[i];
  return n;
}

}  // namespace

void launch_gather(const GatherArgs& args, unsigned long long* first_bad, Stream stream) {
  const std::int64_t n = numel_of(args.index.sizes);
  if (n == 0) return;
  auto s = static_cast<cudaStream_t>(stream.handle);
  dispatch_dtype(args.out.dtype, [&](auto tag) {
    using T = decltype(tag);
    CB_LAUNCH(gather_kernel<T>, grid_for(n), kThreadsPerBlock, s)(args, n, first_bad);
    CB_CUDA_CHECK_LAUNCH();
  });
}

void launch_index(const IndexArgs& args, unsigned long long* first_bad, Stream stream) {
  const std::int64_t n = numel_of(args.out.sizes);
  if (n == 0) return;
  auto s = static_cast<cudaStream_t>(stream.handle);
  dispatch_dtype(args.out.dtype, [&](auto tag) {
    using T = decltype(tag);
    CB_LAUNCH(index_kernel<T>, grid_for(n), kThreadsPerBlock, s)(args, n, first_bad);
    CB_CUDA_CHECK_LAUNCH();
  });
}

void launch_scatter(const ScatterArgs& args, unsigned long long* first_bad, Stream stream) {
  const std::int64_t n = numel_of(args.index.sizes);
  if (n == 0) return;
  const std::int64_t length = args.index.sizes.d[args.dim];
  const std::int64_t lines = n / length;
  auto s = static_cast<cudaStream_t>(stream.handle);
  dispatch_dtype(args.self.dtype, [&](auto tag) {
    using T = decltype(tag);
    CB_LAUNCH(scatter_kernel<T>, grid_for(lines), kThreadsPerBlock, s)(args, lines, length, first_bad);
    CB_CUDA_CHECK_LAUNCH();
  });
}

}  // namespace clampbench::detail::cuda
