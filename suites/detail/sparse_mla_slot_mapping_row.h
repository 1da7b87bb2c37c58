// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The arithmetic of the fused compressed slot mapping, shared by the host loop and
// the CUDA kernel: the value of one element of `out`, so that every element is written once
// (the fill with -1 and the scatter of clamp's two steps become one store). Element i belongs
// to the request r with query_start_loc[r] <= i < query_start_loc[r + 1] (a cumulative sum,
// so a binary search finds it); only its first Q tokens are mapped, as clamp's [R, Q] grid.
// The block table is read with negative entries taken as 0 -- what clamp's copy holds -- or,
// for the DeepSeek V4 indexer, which clamps nothing, as they are; never written.

#include <cstdint>

#include "suites/detail/sparse_mla_kernels.h"
#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

struct SparseMlaArgs {
  Ref1<const std::int32_t> query_start_loc;  // [R + 1], non-decreasing
  Ref1<const std::int32_t> seq_lens;         // [R]
  Ref2<const std::int32_t> block_table;      // [R, M], the shared table's view: read only
  std::int64_t block_size, compress_ratio, max_query_len;
  bool negatives_as_zero = true;  // false: a -1 entry gives slot -block_size + offset
};

// The slot of out[i]. Sets *bad (and returns -1) where clamp's gather would reject the block
// column, i.e. a compressed position outside the table.
CB_HD std::int64_t sparse_mla_slot(const SparseMlaArgs& a, std::int64_t i, bool* bad) {
  const std::int64_t reqs = a.block_table.rows;
  // r = (number of r' in [0, R] with query_start_loc[r'] <= i) - 1.
  std::int64_t lo = 0, hi = reqs + 1;
  while (lo < hi) {
    const std::int64_t mid = (lo + hi) / 2;
    if (a.query_start_loc[mid] <= i) lo = mid + 1;
    else hi = mid;
  }
  const std::int64_t r = lo - 1;
  if (r < 0 || r >= reqs) return -1;
  const std::int32_t query_len = a.query_start_loc[r + 1] - a.query_start_loc[r];
  const std::int64_t offset = i - a.query_start_loc[r];
  if (offset >= query_len || offset >= a.max_query_len) return -1;
  const std::int64_t pos = static_cast<std::int64_t>(a.seq_lens[r] - query_len) + offset;
  if (floor_mod(pos + 1, a.compress_ratio) != 0) return -1;
  const std::int64_t compressed = floor_div(pos, a.compress_ratio);
  const std::int64_t col = floor_div(compressed, a.block_size);
  if (col < 0 || col >= a.block_table.cols) {
    *bad = true;
    return -1;
  }
  std::int32_t block = a.block_table(r, col);
  if (block < 0 && a.negatives_as_zero) block = 0;  // clamp(min=0), read through, not copied or written
  return compressed_slot(block, a.block_size, compressed);
}

}  // namespace clampbench::suites::detail
