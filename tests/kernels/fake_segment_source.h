// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A SegmentSource for the caching-policy tests: hands out made-up, never dereferenced
// addresses at fixed spacing, so pointers and ledger events are the same on every run, and
// records every call. A limit on live bytes drives the out-of-memory path.

#include <cstdint>
#include <vector>

#include "kernels/caching/segment_source.h"

namespace clampbench::test {

class FakeSegmentSource final : public caching::SegmentSource {
 public:
  static constexpr std::uintptr_t kBase = 0x100000000;    // 4 GiB
  static constexpr std::uintptr_t kSpacing = 0x10000000;  // 256 MiB between segments

  struct Call {
    bool allocate;
    std::uintptr_t address;  // 0 for a refused allocation
    std::size_t bytes;
    Stream stream;
  };

  explicit FakeSegmentSource(std::size_t limit = 0) : limit_(limit) {}

  void* allocate_segment(std::size_t bytes, Stream stream) override {
    if (limit_ != 0 && live_ + bytes > limit_) {
      calls.push_back({true, 0, bytes, stream});
      return nullptr;
    }
    const std::uintptr_t address = kBase + kSpacing * next_++;
    live_ += bytes;
    calls.push_back({true, address, bytes, stream});
    return reinterpret_cast<void*>(address);
  }
  void release_segment(void* ptr, std::size_t bytes, Stream stream) override {
    live_ -= bytes;
    calls.push_back({false, reinterpret_cast<std::uintptr_t>(ptr), bytes, stream});
  }

  // The n-th segment's address.
  static void* segment(int n) { return reinterpret_cast<void*>(kBase + kSpacing * n); }
  std::size_t live_bytes() const { return live_; }
  int allocations() const { return count(true); }
  int releases() const { return count(false); }

  std::vector<Call> calls;

 private:
  int count(bool allocate) const {
    int n = 0;
    for (const Call& c : calls) n += (c.allocate == allocate && (c.address != 0 || !allocate)) ? 1 : 0;
    return n;
  }
  std::size_t limit_;
  std::size_t live_ = 0;
  int next_ = 0;
};

}  // namespace clampbench::test
