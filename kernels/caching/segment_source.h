// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where the caching policy gets whole segments from: cudaMalloc on a device, malloc in the
// host model and in tests. The policy never touches memory itself, so one policy serves both.

#include <cstddef>

#include "kernels/device.h"

namespace clampbench::caching {

class SegmentSource {
 public:
  virtual ~SegmentSource() = default;
  // Returns nullptr when the system is out of memory (the policy then frees its cache and
  // retries); throws TensorError for any other failure.
  virtual void* allocate_segment(std::size_t bytes, Stream stream) = 0;
  // Returns a segment obtained from allocate_segment with the same bytes and stream.
  virtual void release_segment(void* ptr, std::size_t bytes, Stream stream) = 0;
};

}  // namespace clampbench::caching
