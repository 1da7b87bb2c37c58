// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The emulated device's memory behind the CUDA runtime API's memory calls: blocks are
// malloc'd (so ASan sees a kernel that indexes past one), filled with garbage, and tracked,
// so that what a device refuses is refused with the same error code: a free or copy of memory
// that is not a live block, a block beyond the capacity. Work runs when it is enqueued, so an
// async call is done when it returns.

#include <cuda_runtime_api.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "kernels/cuda/emulator/emulated_state.h"

namespace clampbench::emulator {
namespace {

struct Memory {
  std::mutex mutex;
  std::size_t capacity = std::size_t{1} << 30;
  std::size_t in_use = 0;
  std::map<std::uintptr_t, std::size_t> device;  // block address -> bytes
  std::map<std::uintptr_t, std::size_t> pinned;
};
Memory& memory() {
  static auto* m = new Memory();  // outlives the static tensors freed at exit
  return *m;
}

constexpr int kFreshByte = 0xa5;

cudaError_t fail(cudaError_t status) {
  set_last_error(status);  // as the runtime does: the next cudaGetLastError returns it too
  return status;
}

// True when [p, p + n) lies inside one live device block.
bool in_device_block(const Memory& m, const void* p, std::size_t n) {
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  auto it = m.device.upper_bound(at);
  if (it == m.device.begin()) return false;
  --it;
  return at + n <= it->first + it->second;
}

cudaError_t allocate_device(void** ptr, std::size_t bytes) {
  if (ptr == nullptr) return fail(cudaErrorInvalidValue);
  *ptr = nullptr;
  if (bytes == 0) return cudaSuccess;
  Memory& m = memory();
  std::lock_guard lock(m.mutex);
  if (bytes > m.capacity - m.in_use) return fail(cudaErrorMemoryAllocation);
  void* p = std::malloc(bytes);
  if (p == nullptr) return fail(cudaErrorMemoryAllocation);
  // Fresh device memory holds garbage, not the last freed block's bytes: a kernel that skips
  // elements must not pass on an earlier launch's results.
  std::memset(p, kFreshByte, bytes);
  m.device.emplace(reinterpret_cast<std::uintptr_t>(p), bytes);
  m.in_use += bytes;
  *ptr = p;
  return cudaSuccess;
}

cudaError_t free_device(void* ptr) {
  if (ptr == nullptr) return cudaSuccess;
  Memory& m = memory();
  std::lock_guard lock(m.mutex);
  const auto it = m.device.find(reinterpret_cast<std::uintptr_t>(ptr));
  if (it == m.device.end()) return fail(cudaErrorInvalidValue);  // not a block, or freed twice
  m.in_use -= it->second;
  m.device.erase(it);
  std::free(ptr);
  return cudaSuccess;
}

cudaError_t copy(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind) {
  if (count == 0) return cudaSuccess;
  Memory& m = memory();
  std::lock_guard lock(m.mutex);
  bool dst_device = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  bool src_device = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  if (kind == cudaMemcpyDefault) {  // unified addressing: the pointer says where it lives
    dst_device = in_device_block(m, dst, 1);
    src_device = in_device_block(m, src, 1);
  } else if (kind != cudaMemcpyHostToHost && !dst_device && !src_device) {
    return fail(cudaErrorInvalidMemcpyDirection);
  }
  if ((dst_device && !in_device_block(m, dst, count)) || (src_device && !in_device_block(m, src, count)))
    return fail(cudaErrorInvalidValue);
  std::memmove(dst, src, count);
  return cudaSuccess;
}

}  // namespace

void set_device_capacity(std::size_t bytes) {
  std::lock_guard lock(memory().mutex);
  memory().capacity = bytes;
}
std::size_t device_bytes_in_use() {
  std::lock_guard lock(memory().mutex);
  return memory().in_use;
}
std::size_t device_blocks_in_use() {
  std::lock_guard lock(memory().mutex);
  return memory().device.size();
}

}  // namespace clampbench::emulator

using namespace clampbench::emulator;

extern "C" {

cudaError_t cudaMalloc(void** ptr, size_t size) { return allocate_device(ptr, size); }
cudaError_t cudaFree(void* ptr) { return free_device(ptr); }
cudaError_t cudaMallocAsync(void** ptr, size_t size, cudaStream_t) { return allocate_device(ptr, size); }
cudaError_t cudaFreeAsync(void* ptr, cudaStream_t) { return free_device(ptr); }

cudaError_t cudaMallocHost(void** ptr, size_t size) {
  if (ptr == nullptr) return cudaErrorInvalidValue;
  *ptr = size == 0 ? nullptr : std::malloc(size);
  if (size != 0 && *ptr == nullptr) return fail(cudaErrorMemoryAllocation);
  if (*ptr != nullptr) {
    std::lock_guard lock(memory().mutex);
    memory().pinned.emplace(reinterpret_cast<std::uintptr_t>(*ptr), size);
  }
  return cudaSuccess;
}
cudaError_t cudaFreeHost(void* ptr) {
  if (ptr == nullptr) return cudaSuccess;
  std::lock_guard lock(memory().mutex);
  if (memory().pinned.erase(reinterpret_cast<std::uintptr_t>(ptr)) == 0) return fail(cudaErrorInvalidValue);
  std::free(ptr);
  return cudaSuccess;
}

cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind kind) {
  return copy(dst, src, count, kind);
}
cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, cudaMemcpyKind kind, cudaStream_t) {
  return copy(dst, src, count, kind);
}
cudaError_t cudaMemsetAsync(void* ptr, int value, size_t count, cudaStream_t) {
  if (count == 0) return cudaSuccess;
  {
    std::lock_guard lock(memory().mutex);
    if (!in_device_block(memory(), ptr, count)) return fail(cudaErrorInvalidValue);
  }
  std::memset(ptr, value, count);
  return cudaSuccess;
}
// A __device__ variable is an ordinary global in an emulated build: its address is the symbol.
cudaError_t cudaMemcpyToSymbolAsync(const void* symbol, const void* src, size_t count, size_t offset,
                                    cudaMemcpyKind, cudaStream_t) {
  std::memcpy(static_cast<char*>(const_cast<void*>(symbol)) + offset, src, count);
  return cudaSuccess;
}
cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t count, size_t offset, cudaMemcpyKind,
                                      cudaStream_t) {
  std::memcpy(dst, static_cast<const char*>(symbol) + offset, count);
  return cudaSuccess;
}

}  // extern "C"
