// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The baseline of the caching-allocator benchmark: the plainest allocator with the caching
// policy's contract -- a function call each way, safe to share between threads -- a free list
// of same-size blocks behind one mutex. Defined in its own translation unit, as the policy
// is, so neither is inlined into the benchmark loop.

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

namespace clampbench::bench {

class FreeListAllocator {
 public:
  FreeListAllocator(std::size_t block_bytes, int blocks);
  // Returns nullptr when every block is handed out.
  void* allocate();
  void release(void* block);

 private:
  std::vector<std::unique_ptr<char[]>> storage_;
  std::vector<void*> free_;
  std::mutex mutex_;
};

}  // namespace clampbench::bench
