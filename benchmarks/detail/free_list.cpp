// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "benchmarks/detail/free_list.h"

namespace clampbench::bench {

FreeListAllocator::FreeListAllocator(std::size_t block_bytes, int blocks) {
  for (int i = 0; i < blocks; ++i) {
    storage_.push_back(std::make_unique<char[]>(block_bytes));
    free_.push_back(storage_.back().get());
  }
}

void* FreeListAllocator::allocate() {
  std::lock_guard lock(mutex_);
  if (free_.empty()) return nullptr;
  void* block = free_.back();
  free_.pop_back();
  return block;
}

void FreeListAllocator::release(void* block) {
  std::lock_guard lock(mutex_);
  free_.push_back(block);
}

}  // namespace clampbench::bench
