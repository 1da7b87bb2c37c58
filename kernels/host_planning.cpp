// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// numpy's side of the boundary.

#include "kernels/host_planning.h"

#include <cstdint>
#include <cstring>

#include <fmt/format.h>

#include "kernels/error.h"
#include "kernels/host_cost.h"
#include "kernels/ops.h"

namespace clampbench {
template <typename T> Tensor from_numpy(const std::vector<T>& values, const Dims& shape) {
  CB_CHECK(static_cast<std::int64_t>(values.size()) == shape.numel(), ErrorKind::ShapeMismatch,
           "from_numpy: {} values for shape {} ({} elements)", values.size(), shape.str(), shape.numel());
  const HostPlanning host;
  Tensor out = Tensor::empty(shape, dtype_of<T>(), DeviceType::Host, "from_numpy");
  if (!values.empty()) std::memcpy(out.data_ptr(), values.data(), out.nbytes());
  return out;
}

template <typename T> std::vector<T> to_numpy(const Tensor& t) {
  CB_CHECK(t.host_side(), ErrorKind::InvalidArgument, "to_numpy: {} is not host memory of the modelled code",
           t.defined() ? t.str() : std::string("an undefined tensor"));
  const HostCostPause numpy_reads_no_op;
  return to_vector<T>(t);
}

template Tensor from_numpy(const std::vector<std::int32_t>&, const Dims&);
template Tensor from_numpy(const std::vector<std::int64_t>&, const Dims&);
template std::vector<std::int32_t> to_numpy(const Tensor&);
template std::vector<std::int64_t> to_numpy(const Tensor&);

}  // namespace clampbench
