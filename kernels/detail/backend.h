// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The device layer under ops.cpp. ops.cpp validates, promotes, broadcasts and allocates; a
// Backend only runs loops over already-shaped operands. HostBackend loops in C++; CudaBackend
// launches kernels on the given stream. Both evaluate elements through the same CB_HD
// functions of element_ops.h, which is why their results are bitwise identical.

#include <cstdint>

#include "kernels/device.h"
#include "kernels/dtype.h"
#include "kernels/tensor.h"

namespace clampbench::detail {

// An operand as a kernel sees it: a base address and extents/strides (in elements) laid out
// over the iteration shape; a broadcast dimension has stride 0.
struct TensorArg {
  char* data = nullptr;
  DType dtype = DType::Int32;
  Dims sizes;
  Dims strides;
};
TensorArg make_arg(const Tensor& t);                     // the tensor's own shape
TensorArg make_arg(const Tensor& t, const Dims& shape);  // broadcast to `shape`
// `t` with dimension `dim` taken out: the rows a reduction walks are addressed through it.
inline TensorArg drop_dim(const TensorArg& t, int dim) {
  TensorArg r = t;
  r.sizes.ndim = r.strides.ndim = t.sizes.ndim - 1;
  for (int d = dim; d + 1 < t.sizes.ndim; ++d) {
    r.sizes.d[d] = t.sizes.d[d + 1];
    r.strides.d[d] = t.strides.d[d + 1];
  }
  return r;
}

struct ScalarArg {
  bool is_float = false;
  std::int64_t i = 0;
  double f = 0.0;
};

enum class ElementOp : std::uint8_t {
  // binary: out = f(in0, in1); with n_in == 1, out = f(in0, s0) (a Python scalar right operand);
  // RSub is in1 - in0 (rsub: s0 - in0), one kernel as PyTorch's
  Add, Sub, Mul, FloorDiv, Rem, Min, Max, Eq, Ne, Lt, Le, Gt, Ge, And, Or, RSub,
  // unary: out = f(in0)
  Neg, Not, Copy,
  // out = clamp(in0, s0 if has_min, s1 if has_max)
  Clamp,
  // out = in0 ? in1 : in2; with n_in == 2, in0 ? in1 : s0 (where with a Python scalar)
  Where,
  // out = s0 (no inputs)
  Fill,
  // out = in1 ? s0 : out  (masked_fill_, in1 = mask; in0 unused)
  MaskedFill,
};

struct ElementwiseArgs {
  ElementOp op;
  DType compute;  // dtype the inputs are converted to before op (promoted type)
  TensorArg out;  // written; may alias an input for in-place ops (same element, same index)
  TensorArg in[3];
  int n_in = 0;
  ScalarArg s[2];
  bool has_min = false, has_max = false;  // Clamp only
};

enum class ReduceOp : std::uint8_t { Sum, Max, Min, Argmax, All, Any, Cumsum };

// Reduce `in` along `dim`. For Cumsum out has in's shape; otherwise out has in's shape with
// `dim` removed (out.sizes has ndim-1 dims). Max/Min/Argmax over an empty dim throw before
// reaching the backend.
struct ReduceArgs {
  ReduceOp op;
  DType compute;
  TensorArg out;
  TensorArg in;
  int dim = 0;
};

// out[i][j] = self[i][index[i][j]] for dim 1 (general dim). Throws IndexOutOfRange naming the
// first bad index (on cuda the kernel records it in a device flag read after the launch).
struct GatherArgs {
  TensorArg out, self, index;
  int dim = 0;
};

// out[i] = self[index[0][i], ..., index[n-1][i]]: every dim of self indexed (aten::index), the
// indices and out of one shape; a negative index counts from the end, as in PyTorch.
struct IndexArgs {
  static constexpr int kMaxIndices = 2;
  TensorArg out, self, index[kMaxIndices];
  int n_index = 0;
};

// self[i][index[i][j]] = src[i][j] where mask (if mask.data) is true.
struct ScatterArgs {
  TensorArg self, index, src, mask;
  int dim = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual void elementwise(const ElementwiseArgs& args, Stream stream) = 0;
  virtual void reduce(const ReduceArgs& args, Stream stream) = 0;
  virtual void gather(const GatherArgs& args, Stream stream) = 0;
  virtual void scatter(const ScatterArgs& args, Stream stream) = 0;
  virtual void index(const IndexArgs& args, Stream stream) = 0;
  // out[k] = start + k * step, out contiguous 1-D.
  virtual void arange(const TensorArg& out, std::int64_t start, std::int64_t step, Stream stream) = 0;
  virtual void synchronize(Stream stream) = 0;
};

// The IndexOutOfRange every backend raises for index `value` along `dim` of extent `size`: one
// message, so that the host, CUDA and the host-only ops report a bad index alike.
[[noreturn]] void bad_index(std::int64_t value, int dim, std::int64_t size);

Backend& host_backend();
Backend& cuda_backend();  // throws TensorError(Device) when CUDA is not compiled in or no device
Backend& backend_for(DeviceType device);

// Byte copy between devices (cudaMemcpyAsync + sync when either side is cuda).
void copy_bytes(void* dst, DeviceType dst_device, const void* src, DeviceType src_device,
                std::size_t nbytes, Stream stream);

}  // namespace clampbench::detail
