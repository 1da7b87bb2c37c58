// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The emulated device's state that tests may look at or set: the runtime API's last error,
// its memory (a capacity, and the blocks handed out); shared by grid_emulator.cpp,
// runtime_api.cpp and device_memory.cpp.

#include <cuda_runtime_api.h>

#include <cstddef>

namespace clampbench::emulator {

// The error cudaGetLastError returns next (and clears), as the runtime keeps it per thread.
void set_last_error(cudaError_t status);

// Bytes of device memory cudaMalloc/cudaMallocAsync may hand out in all; past it they fail
// with cudaErrorMemoryAllocation, as a full device does. Default: 1 GiB.
void set_device_capacity(std::size_t bytes);
std::size_t device_bytes_in_use();
std::size_t device_blocks_in_use();

}  // namespace clampbench::emulator
