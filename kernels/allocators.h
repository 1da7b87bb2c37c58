// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Factories for the concrete allocators. The CUDA ones throw TensorError(ErrorKind::Device)
// when CUDA is not compiled in or no device is present, so callers can report it cleanly.

#include <memory>
#include <string_view>

#include "kernels/allocator.h"

namespace clampbench {

// Host: plain pageable memory (malloc/free), reporting to the ledger; `host_side` books its
// blocks as host memory of the modelled code (Runtime::host_side_allocator).
std::unique_ptr<Allocator> make_host_allocator(AllocationLedger* ledger, bool host_side = false);
// Host: pinned memory through cudaMallocHost/cudaFreeHost.
std::unique_ptr<Allocator> make_pinned_host_allocator(AllocationLedger* ledger);
// CUDA: "caching" (PyTorch CUDACachingAllocator model), "async" (cudaMallocAsync), "raw" (cudaMalloc).
std::unique_ptr<Allocator> make_cuda_allocator(std::string_view kind, AllocationLedger* ledger);
// True for "caching", "async", "raw".
bool is_cuda_allocator_kind(std::string_view kind);

}  // namespace clampbench
