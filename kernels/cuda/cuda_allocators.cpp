// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The factories of allocators.h for builds with CUDA compiled in.

#include <fmt/format.h>

#include "kernels/allocators.h"
#include "kernels/caching/caching_allocator.h"
#include "kernels/cuda/cuda_async_allocator.h"
#include "kernels/cuda/cuda_caching_allocator.h"
#include "kernels/cuda/cuda_pinned_allocator.h"
#include "kernels/cuda/cuda_raw_allocator.h"
#include "kernels/error.h"

namespace clampbench {

std::unique_ptr<Allocator> make_pinned_host_allocator(AllocationLedger* ledger) {
  CB_CHECK(cuda_device_available(), ErrorKind::Device, "pinned host allocator: no CUDA device");
  return std::make_unique<detail::CudaPinnedHostAllocator>(ledger);
}

std::unique_ptr<Allocator> make_cuda_allocator(std::string_view kind, AllocationLedger* ledger) {
  CB_CHECK(is_cuda_allocator_kind(kind), ErrorKind::InvalidArgument,
           "unknown cuda allocator '{}' (expected caching, async or raw)", kind);
  CB_CHECK(cuda_device_available(), ErrorKind::Device, "cuda allocator '{}': no CUDA device", kind);
  if (kind == "raw") return std::make_unique<detail::CudaRawAllocator>(ledger);
  if (kind == "async") return std::make_unique<detail::CudaAsyncAllocator>(ledger);
  return std::make_unique<caching::CachingAllocator>("caching", DeviceType::Cuda,
                                                     std::make_unique<detail::CudaSegmentSource>(), ledger);
}

}  // namespace clampbench
