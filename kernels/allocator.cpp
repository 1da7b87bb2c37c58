// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The non-virtual door of every allocator: run the policy, then tell the ledger. The event
// carries no timestamp: the ledger stamps only the events it logs (a clock read costs as much
// as the rest of the bookkeeping, and the counters do not need one).

#include "kernels/allocator.h"

namespace clampbench {

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
  ledger_->record(LedgerEvent{kind, device(), block.ptr, block.requested, block.reserved, block.stream, 0, host_side_});
}

}  // namespace clampbench
