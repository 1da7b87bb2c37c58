// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Python's advanced indexing and flip, as the ATen ops they dispatch: x[rows, cols] is
// aten::index (one kernel, one result), x.flip(dims=[d]) is aten::flip (one copy through the
// reversed view). Ports spell vLLM's code with them, so that its ops are vLLM's by name.

#include <vector>

#include <fmt/format.h>

#include "kernels/detail/op_call.h"
#include "kernels/detail/op_helpers.h"
#include "kernels/error.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"

namespace clampbench {

Tensor index(const Tensor& self, const std::vector<Tensor>& indices) {
  const char* name = "index";
  const detail::OpCall call(name);
  detail::check_defined(self, name);
  const int n = static_cast<int>(indices.size());
  CB_CHECK(n >= 1 && n <= detail::IndexArgs::kMaxIndices && n == self.dim(), ErrorKind::InvalidArgument,
           "index: {} index tensors for {}: the runtime indexes every dim, at most {}", n, self.str(),
           detail::IndexArgs::kMaxIndices);
  detail::IndexArgs args;
  args.n_index = n;
  for (int k = 0; k < n; ++k) {
    const Tensor& at = indices[static_cast<std::size_t>(k)];
    detail::check_defined(at, name);
    detail::check_same_device(self, at, name);
    CB_CHECK(at.dtype() == DType::Int64 || at.dtype() == DType::Int32, ErrorKind::DTypeMismatch,
             "index: index tensors must be int64 or int32, got {}", at.str());
    CB_CHECK(at.shape() == indices[0].shape(), ErrorKind::ShapeMismatch, "index: index tensors {} and {} differ in shape",
             indices[0].shape().str(), at.shape().str());
    args.index[k] = detail::make_arg(at);
  }
  Tensor out = Tensor::empty(indices[0].shape(), self.dtype(), self.device(), name);
  args.out = detail::make_arg(out);
  args.self = detail::make_arg(self);
  if (out.numel() > 0) {
    // The CUDA backend checks the indices on the device and reads the verdict back.
    detail::count_launches(self.device());
    detail::count_check_sync(self.device());
    detail::backend_for(self.device()).index(args, Runtime::current().stream());
  }
  return out;
}

Tensor flip(const Tensor& self, int dim) {
  const char* name = "flip";
  const detail::OpCall call(name);
  detail::check_defined(self, name);
  const int d = detail::wrap_dim(dim, self.dim(), name);
  Tensor out = Tensor::empty(self.shape(), self.dtype(), self.device(), name);
  detail::ElementwiseArgs args{};
  args.op = detail::ElementOp::Copy;
  args.compute = self.dtype();
  args.out = detail::make_arg(out);
  args.in[0] = detail::make_arg(self);
  args.n_in = 1;
  if (self.size(d) > 0) {  // the last element along d first, stepping back
    const auto width = static_cast<std::int64_t>(element_size(self.dtype()));
    args.in[0].data += (self.size(d) - 1) * self.stride(d) * width;
    args.in[0].strides.d[d] = -args.in[0].strides.d[d];
  }
  detail::launch(args, self.device());
  return out;
}

}  // namespace clampbench
