// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The default host allocator: pageable memory straight from the C library, 64-byte aligned
// (a cache line, and enough for any element type) and rounded to that alignment.

#include <cstdlib>
#include <new>

#include <fmt/format.h>

#include "kernels/allocators.h"
#include "kernels/error.h"

namespace clampbench {
namespace {

constexpr std::size_t kHostAlignment = 64;

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

std::unique_ptr<Allocator> make_host_allocator(AllocationLedger* ledger) {
  return std::make_unique<HostAllocator>(ledger);
}

}  // namespace clampbench
