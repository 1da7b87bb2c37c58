// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The size arithmetic of PyTorch's CUDACachingAllocator (c10/cuda/CUDACachingAllocator.cpp,
// default configuration: no max_split_size, no power-of-two round-up, no expandable segments).
// Kept apart from the pool logic so tests can check each rule on its own.

#include <cstddef>

namespace clampbench::caching {

inline constexpr std::size_t kMinBlockSize = 512;             // every block is a multiple of this
inline constexpr std::size_t kSmallSize = 1024 * 1024;        // largest request of the small pool
inline constexpr std::size_t kSmallBuffer = 2 * 1024 * 1024;  // small pool segment size
inline constexpr std::size_t kMinLargeAlloc = 10 * 1024 * 1024;  // below this a large request gets a kLargeBuffer
inline constexpr std::size_t kLargeBuffer = 20 * 1024 * 1024;    // segment shared by 1..10 MiB requests
inline constexpr std::size_t kRoundLarge = 2 * 1024 * 1024;      // larger segments are multiples of this

// Bytes a request occupies in a block: at least kMinBlockSize, rounded up to a multiple of it.
constexpr std::size_t round_size(std::size_t requested) {
  if (requested < kMinBlockSize) return kMinBlockSize;
  return kMinBlockSize * ((requested + kMinBlockSize - 1) / kMinBlockSize);
}

// Which pool serves a (rounded) size.
constexpr bool is_small_size(std::size_t rounded) { return rounded <= kSmallSize; }

// Bytes of the segment obtained from the system when no cached block fits a rounded size.
constexpr std::size_t segment_size_for(std::size_t rounded) {
  if (rounded <= kSmallSize) return kSmallBuffer;
  if (rounded < kMinLargeAlloc) return kLargeBuffer;
  return kRoundLarge * ((rounded + kRoundLarge - 1) / kRoundLarge);
}

// Whether a free block of `block_size` serving `rounded` bytes is split, leaving the rest
// cached: any 512-byte remainder in the small pool, only more than 1 MiB in the large pool
// (so that small requests never fragment large segments).
constexpr bool should_split(std::size_t block_size, std::size_t rounded, bool small_pool) {
  const std::size_t remaining = block_size - rounded;
  return small_pool ? remaining >= kMinBlockSize : remaining > kSmallSize;
}

}  // namespace clampbench::caching
