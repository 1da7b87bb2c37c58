// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Conversions (to dtype, to device, clone, contiguous) and copy_, the one op that crosses
// devices.

#include <cstddef>
#include <vector>

#include <fmt/format.h>

#include "kernels/detail/op_call.h"
#include "kernels/detail/op_helpers.h"
#include "kernels/detail/view_writes.h"
#include "kernels/error.h"
#include "kernels/runtime.h"

namespace clampbench {

Tensor to(const Tensor& a, DType dtype) {
  detail::check_defined(a, "to");
  if (a.dtype() == dtype) return a;  // torch: .to(same dtype) is the tensor itself, dispatching nothing
  const detail::OpCall call("to");
  Tensor out = Tensor::empty(a.shape(), dtype, a.device(), "to");
  detail::copy_into(out, a);
  return out;
}

Tensor to(const Tensor& a, DeviceType device) {
  detail::check_defined(a, "to");
  if (a.device() == device) return a;
  const detail::OpCall call("to");
  Tensor out = Tensor::empty(a.shape(), a.dtype(), device, "to");
  copy_(out, a);
  return out;
}

Tensor clone(const Tensor& a) {
  const detail::OpCall call("clone");
  detail::check_defined(a, "clone");
  Tensor out = Tensor::empty(a.shape(), a.dtype(), a.device(), "clone");
  detail::copy_into(out, a);
  return out;
}

Tensor contiguous(const Tensor& a) {
  detail::check_defined(a, "contiguous");
  return a.is_contiguous() ? a : clone(a);
}

// Across devices: a host destination is written by the host loop from the source's bytes
// (read_into_host: no tensor is allocated); a cuda destination receives the source packed
// into a host std::vector (scratch, not tensor memory) of its dtype and shape, copied
// straight in when it is contiguous and through a contiguous staging tensor on its device
// when it is strided -- that case alone is ONE EXTRA ALLOCATION, counted by the ledger.
// A same-device copy_ never allocates.
Tensor& copy_(Tensor& dst, const Tensor& src) {
  const detail::OpCall call("copy_");
  detail::check_defined(dst, "copy_");
  detail::check_defined(src, "copy_");
  const Dims shape = detail::broadcast_shapes(dst.shape(), src.shape(), "copy_");
  CB_CHECK(shape == dst.shape(), ErrorKind::ShapeMismatch, "copy_: src {} does not broadcast to dst {}",
           src.shape().str(), dst.shape().str());
  detail::WriteWatch watch(dst, "copy_");
  // Host-side memory (kernels/host_planning.h) and the device it stands beside share the host
  // backend's memory: a copy between them is still the host-device copy a GPU makes.
  if (dst.device() == src.device() && dst.host_side() == src.host_side()) {
    detail::copy_into(dst, src);
    watch.done();
    return dst;
  }
  if (dst.numel() == 0) return dst;  // nothing written: nothing recorded
  // Across devices: device data read into host memory waits for the device.
  detail::count_read_to_host(src);
  if (!dst.host_side()) detail::count_copy_to_device(dst.device());
  const Stream stream = Runtime::current().stream();
  if (src.shape() == dst.shape() && src.dtype() == dst.dtype() && src.is_contiguous() && dst.is_contiguous()) {
    detail::copy_bytes(dst.data_ptr(), dst.device(), src.data_ptr(), src.device(), dst.nbytes(), stream);
    watch.done();
    return dst;
  }
  if (dst.device() == DeviceType::Host) {
    detail::read_into_host(detail::make_arg(dst), src);
    watch.done();
    return dst;
  }
  std::vector<std::byte> packed(dst.nbytes());  // host scratch, not tensor memory
  detail::read_into_host(detail::contiguous_arg(packed.data(), dst.dtype(), dst.shape()), src);
  const Tensor landing = dst.is_contiguous() ? dst : Tensor::empty(dst.shape(), dst.dtype(), dst.device(), "copy_");
  detail::copy_bytes(landing.data_ptr(), landing.device(), packed.data(), DeviceType::Host, packed.size(), stream);
  if (!landing.shares_storage_with(dst)) detail::copy_into(dst, landing);
  watch.done();
  return dst;
}

}  // namespace clampbench
