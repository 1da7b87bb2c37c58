// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/caching/detail/stat_moves.h"

#include "kernels/caching/size_classes.h"

namespace clampbench::caching::detail {

void account_allocate(CachingStats& s, bool small, std::size_t block_size, bool block_split,
                      std::size_t size, std::size_t requested) {
  const bool splits = should_split(block_size, size, small);
  if (splits && block_split) {
    decrease(s.inactive_split_bytes, small, i64(size));  // an inactive split block shrank
  } else if (splits) {
    increase(s.inactive_split_bytes, small, i64(block_size - size));  // a new one appeared
    increase(s.inactive_split, small, 1);
  } else if (block_split) {
    decrease(s.inactive_split_bytes, small, i64(block_size));  // a whole one became active
    decrease(s.inactive_split, small, 1);
  }
  const std::size_t handed_out = splits ? size : block_size;
  increase(s.allocation, small, 1);
  increase(s.allocated_bytes, small, i64(handed_out));
  increase(s.active, small, 1);
  increase(s.active_bytes, small, i64(handed_out));
  increase(s.requested_bytes, small, i64(requested));
}

void account_free(CachingStats& s, bool small, std::size_t size, std::size_t requested, const FreeShape& shape) {
  decrease(s.allocation, small, 1);
  decrease(s.allocated_bytes, small, i64(size));
  // Each absorbed neighbour was an inactive split block; the merged one is, if still split.
  change(s.inactive_split, small, -shape.neighbours + (shape.merged_split ? 1 : 0));
  change(s.inactive_split_bytes, small,
         -i64(shape.neighbour_bytes) + (shape.merged_split ? i64(shape.merged_size) : 0));
  decrease(s.active, small, 1);
  decrease(s.active_bytes, small, i64(size));
  decrease(s.requested_bytes, small, i64(requested));
}

}  // namespace clampbench::caching::detail
