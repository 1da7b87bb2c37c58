// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The default host allocator: pageable memory straight from the C library, 64-byte aligned
// (a cache line, and enough for any element type) and rounded to that alignment.
//
// The C library's policy is pinned once per process. glibc adapts its thresholds as a process
// runs: whether a block of a few MiB comes from the heap (reused, no page faults) or from a
// fresh mapping, and whether the heap is trimmed after it is freed, depends on what the
// process did before. Two processes of one binary then time one call in two modes (a
// 3 MiB-per-call builder: 0.68 ms in one, 1.8 ms in the other, with four to eight times the
// page faults). Fixed thresholds give every process the heap's mode; counts are unchanged (the
// ledger counts this allocator's calls, not the C library's). docs/performance.md.

#include <cstdlib>
#include <mutex>
#include <new>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <fmt/format.h>

#include "kernels/allocators.h"
#include "kernels/error.h"

namespace clampbench {
namespace {

constexpr std::size_t kHostAlignment = 64;
// glibc's largest dynamic mmap threshold (64-bit), and twice it before the heap is trimmed.
constexpr int kMmapThreshold = 32 << 20;
constexpr int kTrimThreshold = 64 << 20;

void pin_c_library_policy() {
#if defined(__GLIBC__)
  static std::once_flag once;
  std::call_once(once, [] {
    // mallopt returns 0 on a value out of its range: these are within it, so a refusal is a
    // C library unlike glibc 2.36's, and the measurement would not be what it says.
    CB_CHECK(mallopt(M_MMAP_THRESHOLD, kMmapThreshold) == 1 && mallopt(M_TRIM_THRESHOLD, kTrimThreshold) == 1,
             ErrorKind::InvalidArgument, "host allocator: the C library refused its thresholds");
  });
#endif
}

class HostAllocator final : public Allocator {
 public:
  using Allocator::Allocator;
  std::string_view name() const override { return "host"; }
  DeviceType device() const override { return DeviceType::Host; }

 protected:
  Block do_allocate(std::size_t bytes, Stream stream) override {
    // An empty tensor holds no memory, as in PyTorch, but is still one counted allocation.
    if (bytes == 0) return Block{nullptr, 0, 0, stream};
    const std::size_t reserved = (bytes + kHostAlignment - 1) / kHostAlignment * kHostAlignment;
    void* ptr = std::aligned_alloc(kHostAlignment, reserved);
    CB_CHECK(ptr != nullptr, ErrorKind::OutOfMemory, "host allocator: cannot allocate {} bytes", bytes);
    return Block{ptr, bytes, reserved, stream};
  }
  void do_release(const Block& block) override { std::free(block.ptr); }
};

}  // namespace

std::unique_ptr<Allocator> make_host_allocator(AllocationLedger* ledger, bool host_side) {
  pin_c_library_policy();
  return std::make_unique<HostAllocator>(ledger, host_side);
}

}  // namespace clampbench
