// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Where a tensor's storage comes from and goes back to: Tensor::empty takes it from the current
// runtime's allocator for the device (or the host-side one inside host planning) and tells the
// allocation trace; ~Storage gives it back. Apart from tensor.cpp so that the tensor type sits
// below the runtime, whose backend and ops take tensors.

#include <stdexcept>

#include <fmt/format.h>

#include "kernels/allocation_trace.h"
#include "kernels/detail/backend.h"
#include "kernels/error.h"
#include "kernels/host_planning_region.h"
#include "kernels/runtime.h"
#include "kernels/tensor.h"

namespace clampbench {

void Storage::copy_bytes_from(const Storage& source) {
  if (source.nbytes() != nbytes()) throw std::logic_error("Storage::copy_bytes_from: the sizes differ");
  if (nbytes() == 0) return;
  detail::copy_bytes(data(), device(), source.data(), source.device(), nbytes(), Runtime::current().stream());
}

Storage::~Storage() {
  if (allocation_trace::recording()) allocation_trace::on_free(this);
  allocator_->release(block_);
}

Tensor Tensor::empty(const Dims& shape, DType dtype, DeviceType device, const char* op) {
  for (int i = 0; i < shape.ndim; ++i)
    CB_CHECK(shape.d[i] >= 0, ErrorKind::InvalidArgument, "empty: negative extent in shape {}", shape.str());
  Runtime& rt = Runtime::current();
  const auto nbytes = static_cast<std::size_t>(shape.numel()) * element_size(dtype);
  // Host work of the modelled code makes host-side tensors: no device's allocation.
  const bool host_side = device == DeviceType::Host && host_planning::active();
  Allocator& allocator = host_side ? rt.host_side_allocator() : rt.allocator(device);
  auto storage = std::make_shared<Storage>(&allocator, nbytes, rt.stream());
  if (!host_side && allocation_trace::recording())
    allocation_trace::on_alloc(storage.get(), op, dtype, shape, nbytes, device);
  return Tensor(std::move(storage), dtype, shape, contiguous_strides(shape), 0);
}

}  // namespace clampbench
