// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Factories (empty, full, arange) and the host-vector bridge in and out of tensors.

#include <cstring>
#include <type_traits>

#include <fmt/format.h>

#include "kernels/detail/op_call.h"
#include "kernels/detail/op_helpers.h"
#include "kernels/error.h"
#include "kernels/runtime.h"

namespace clampbench {

using detail::make_arg;

Tensor empty(const Dims& shape, DType dtype, DeviceType device) {
  const detail::OpCall call("empty");
  return Tensor::empty(shape, dtype, device);
}

Tensor full(const Dims& shape, Scalar value, DType dtype, DeviceType device) {
  const detail::OpCall call("full");
  Tensor out = Tensor::empty(shape, dtype, device, "full");
  return fill_(out, value);
}

Tensor arange(std::int64_t end, DType dtype, DeviceType device) { return arange(0, end, 1, dtype, device); }

Tensor arange(std::int64_t start, std::int64_t end, std::int64_t step, DType dtype, DeviceType device) {
  const detail::OpCall call("arange");
  CB_CHECK(step != 0, ErrorKind::InvalidArgument, "arange: step must be nonzero");
  CB_CHECK((step > 0 && end >= start) || (step < 0 && end <= start), ErrorKind::InvalidArgument,
           "arange: end {} is not reachable from start {} with step {}", end, start, step);
  const std::int64_t span = step > 0 ? end - start : start - end;
  const std::int64_t mag = step > 0 ? step : -step;
  const std::int64_t n = (span + mag - 1) / mag;  // ceil((end - start) / step)
  Tensor out = Tensor::empty(Dims{n}, dtype, device, "arange");
  if (n > 0) detail::count_launches(device);
  detail::backend_for(device).arange(make_arg(out), start, step, Runtime::current().stream());
  return out;
}

template <typename T> Tensor from_vector(const std::vector<T>& values, const Dims& shape, DeviceType device) {
  const detail::OpCall call("from_vector");
  CB_CHECK(static_cast<std::int64_t>(values.size()) == shape.numel(), ErrorKind::ShapeMismatch,
           "from_vector: {} values for shape {} ({} elements)", values.size(), shape.str(), shape.numel());
  Tensor out = Tensor::empty(shape, dtype_of<T>(), device, "from_vector");
  const void* src = values.data();
  std::vector<std::uint8_t> normalized;  // host scratch, not tensor memory: bools must be 0 or 1
  if constexpr (std::is_same_v<T, std::uint8_t>) {
    normalized.reserve(values.size());
    for (std::uint8_t v : values) normalized.push_back(v != 0 ? 1 : 0);
    src = normalized.data();
  }
  if (out.nbytes() > 0 && !out.host_side()) detail::count_copy_to_device(device);
  detail::copy_bytes(out.data_ptr(), device, src, DeviceType::Host, out.nbytes(), Runtime::current().stream());
  return out;
}

template <typename T> std::vector<T> to_vector(const Tensor& t) {
  const detail::OpCall call("to_vector");
  detail::check_defined(t, "to_vector");
  CB_CHECK(t.dtype() == dtype_of<T>(), ErrorKind::DTypeMismatch, "to_vector: element type is {} but the tensor is {}",
           dtype_name(dtype_of<T>()), t.str());
  std::vector<T> out(static_cast<std::size_t>(t.numel()));
  if (!out.empty()) detail::count_read_to_host(t);
  // Strided tensors are read in place (a device tensor through a host copy of its bytes):
  // no tensor is allocated.
  detail::read_into_host(detail::contiguous_arg(out.data(), t.dtype(), t.shape()), t);
  return out;
}

#define CB_INSTANTIATE_VECTOR_BRIDGE(T)                                                 \
  template Tensor from_vector<T>(const std::vector<T>&, const Dims&, DeviceType); \
  template std::vector<T> to_vector<T>(const Tensor&);
CB_INSTANTIATE_VECTOR_BRIDGE(std::int32_t)
CB_INSTANTIATE_VECTOR_BRIDGE(std::int64_t)
CB_INSTANTIATE_VECTOR_BRIDGE(float)
CB_INSTANTIATE_VECTOR_BRIDGE(std::uint8_t)
#undef CB_INSTANTIATE_VECTOR_BRIDGE

}  // namespace clampbench
