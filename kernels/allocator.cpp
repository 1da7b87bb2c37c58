// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The non-virtual door of every allocator: run the policy, then tell the ledger.

#include "kernels/allocator.h"

#include <chrono>

namespace clampbench {

namespace {
std::uint64_t now_ns() {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                        std::chrono::steady_clock::now().time_since_epoch())
                                        .count());
}
}  // namespace

Block Allocator::allocate(std::size_t bytes, Stream stream) {
  Block block = do_allocate(bytes, stream);
  emit(LedgerEventKind::Alloc, block);
  return block;
}

void Allocator::release(const Block& block) {
  do_release(block);
  emit(LedgerEventKind::Free, block);
}

void Allocator::note_segment(bool created, const void* address, std::size_t bytes, Stream stream) {
  emit(created ? LedgerEventKind::SegmentAlloc : LedgerEventKind::SegmentFree,
       Block{const_cast<void*>(address), bytes, bytes, stream});
}

void Allocator::emit(LedgerEventKind kind, const Block& block) {
  if (ledger_ == nullptr) return;
  ledger_->record(LedgerEvent{kind, device(), block.ptr, block.requested, block.reserved, block.stream, now_ns()});
}

}  // namespace clampbench
