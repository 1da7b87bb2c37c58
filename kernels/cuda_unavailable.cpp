// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The host-only build (preset "host"): CUDA entry points exist and say, with a typed error,
// that this binary has no CUDA. Nothing here is reached in a build with CUDA compiled in.

#include <cstring>

#include <fmt/format.h>

#include "kernels/allocators.h"
#include "kernels/detail/backend.h"
#include "kernels/error.h"

namespace clampbench {

bool cuda_compiled() { return false; }
bool cuda_device_available() { return false; }

namespace {
[[noreturn]] void no_cuda(const char* what) {
  throw_error(ErrorKind::Device, fmt::format("{}: this clampbench was built without CUDA", what));
}
}  // namespace

std::unique_ptr<Allocator> make_pinned_host_allocator(AllocationLedger*) { no_cuda("pinned host allocator"); }
std::unique_ptr<Allocator> make_cuda_allocator(std::string_view kind, AllocationLedger*) {
  no_cuda(fmt::format("cuda allocator '{}'", kind).c_str());
}

namespace detail {
Backend& cuda_backend() { no_cuda("cuda backend"); }

void copy_bytes(void* dst, DeviceType dst_device, const void* src, DeviceType src_device,
                std::size_t nbytes, Stream) {
  if (dst_device != DeviceType::Host || src_device != DeviceType::Host) no_cuda("copy to or from cuda");
  if (nbytes != 0) std::memcpy(dst, src, nbytes);
}
}  // namespace detail
}  // namespace clampbench
