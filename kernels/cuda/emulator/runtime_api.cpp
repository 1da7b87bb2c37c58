// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The seam under the CUDA backend, emulated: the CUDA runtime API calls the backend, its
// allocators and the fused launchers make, defined for the test builds that link the grid
// emulator instead of libcudart (memory calls: device_memory.cpp). One device, always idle
// (every launch and copy has finished when it returns), with the error names and texts
// libcudart gives.

#include <cuda_runtime_api.h>

#include "kernels/cuda/emulator/emulated_state.h"

namespace clampbench::emulator {
namespace {
thread_local cudaError_t t_last_error = cudaSuccess;  // per host thread, as in the runtime
}  // namespace

void set_last_error(cudaError_t status) { t_last_error = status; }

}  // namespace clampbench::emulator

using clampbench::emulator::t_last_error;

extern "C" {

cudaError_t cudaGetDeviceCount(int* count) {
  *count = 1;
  return cudaSuccess;
}
cudaError_t cudaGetDevice(int* device) {
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  if (device != 0) return cudaErrorInvalidDevice;
  *value = attr == cudaDevAttrMemoryPoolsSupported ? 1 : 0;
  return cudaSuccess;
}
cudaError_t cudaGetLastError() {
  const cudaError_t status = t_last_error;
  t_last_error = cudaSuccess;
  return status;
}
cudaError_t cudaPeekAtLastError() { return t_last_error; }

cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* pool, int device) {
  if (device != 0) return cudaErrorInvalidDevice;
  static int the_pool = 0;  // a handle only: the emulated pool caches nothing
  *pool = reinterpret_cast<cudaMemPool_t>(&the_pool);
  return cudaSuccess;
}
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t, size_t) { return cudaSuccess; }

// The names and texts libcudart gives the codes this backend can see.
const char* cudaGetErrorName(cudaError_t status) {
  switch (status) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
    case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
    case cudaErrorInvalidConfiguration: return "cudaErrorInvalidConfiguration";
    case cudaErrorInvalidDevice: return "cudaErrorInvalidDevice";
    case cudaErrorInvalidMemcpyDirection: return "cudaErrorInvalidMemcpyDirection";
    case cudaErrorCudartUnloading: return "cudaErrorCudartUnloading";
    default: return "cudaErrorUnknown";
  }
}
const char* cudaGetErrorString(cudaError_t status) {
  switch (status) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorMemoryAllocation: return "out of memory";
    case cudaErrorInvalidConfiguration: return "invalid configuration argument";
    case cudaErrorInvalidDevice: return "invalid device ordinal";
    case cudaErrorInvalidMemcpyDirection: return "invalid copy direction for memcpy";
    case cudaErrorCudartUnloading: return "driver shutting down";
    default: return "unknown error";
  }
}

}  // extern "C"
