// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Device discovery and cross-device copies for builds with CUDA compiled in.

#include <cstring>

#include <fmt/format.h>

#include "kernels/cuda/cuda_check.h"
#include "kernels/detail/backend.h"

namespace clampbench {

bool cuda_compiled() { return true; }

bool cuda_device_available() {
  // Probed once: without a driver or device cudaGetDeviceCount fails, which is the answer,
  // not an error. The sticky error it leaves is cleared so later calls start clean.
  static const bool available = [] {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
      (void)cudaGetLastError();
      return false;
    }
    return count > 0;
  }();
  return available;
}

namespace detail {

void throw_cuda_error(cudaError_t status, const char* expr, const char* file, int line) {
  throw_error(ErrorKind::Device, fmt::format("{} failed: {} ({}) at {}:{}", expr, cudaGetErrorName(status),
                                             cudaGetErrorString(status), file, line));
}

void copy_bytes(void* dst, DeviceType dst_device, const void* src, DeviceType src_device,
                std::size_t nbytes, Stream stream) {
  if (nbytes == 0) return;
  if (dst_device == DeviceType::Host && src_device == DeviceType::Host) {
    std::memcpy(dst, src, nbytes);
    return;
  }
  auto s = static_cast<cudaStream_t>(stream.handle);
  CB_CUDA_CHECK(cudaMemcpyAsync(dst, src, nbytes, cudaMemcpyDefault, s));
  // A host side must be able to read (or reuse) its bytes when this returns.
  if (dst_device == DeviceType::Host || src_device == DeviceType::Host)
    CB_CUDA_CHECK(cudaStreamSynchronize(s));
}

}  // namespace detail
}  // namespace clampbench
