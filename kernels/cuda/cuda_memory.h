// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the CUDA allocators: an out-of-memory return code is a TensorError(OutOfMemory)
// (or a nullptr for the caching policy, which retries), any other code a Device error; and a
// release that fails is logged, not thrown, because it is reached from tensor destructors.

#include <cuda_runtime_api.h>

#include <cstddef>

namespace clampbench::detail {

// Throws OutOfMemory for cudaErrorMemoryAllocation (clearing it), Device for other failures.
void check_cuda_alloc(cudaError_t status, const char* what, std::size_t bytes);
// Logs a failed free to stderr. cudaErrorCudartUnloading (a free at process exit, after the
// runtime began to shut down and reclaims everything anyway) is ignored.
void report_cuda_free(cudaError_t status, const char* what);

}  // namespace clampbench::detail
