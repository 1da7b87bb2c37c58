// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// compressor_utils.get_compressed_slot_mapping in eager ops. vLLM runs it as one Triton
// kernel (one program per request row, masked loads, no allocation besides `out`); this
// runtime has no custom kernels, so the port evaluates the same arithmetic over a dense
// [R, Q] grid (Q = the most query tokens a row may have) and scatters the valid lanes.
// That costs 18 allocations per call, the same in both variants:
//   sub (query lens), sub (start positions), arange, add (positions), lt (in query),
//   add, remainder, eq (at a compression boundary), and (valid), floor_divide (compressed
//   position), floor_divide (block column), where (the masked load's safe column), gather
//   (block numbers), mul, remainder, add (slot), where (-1 elsewhere), add (token index);
//   fill_ and scatter_masked_ into `out` allocate nothing.

#include <cstdint>

#include "kernels/ops.h"

namespace clampbench::suites::detail {

// out int64 [>= tokens]: -1 everywhere, then for every query token at absolute position p with
// (p + 1) % ratio == 0: block_table[row, (p / ratio) / bs] * bs + (p / ratio) % bs.
inline void compressed_slot_mapping(Tensor& out, const Tensor& query_start_loc, const Tensor& seq_lens,
                                    const Tensor& block_table, std::int64_t block_size,
                                    std::int64_t compress_ratio, std::int64_t max_query_len) {
  const std::int64_t num_reqs = block_table.size(0);
  const DeviceType dev = block_table.device();
  const Tensor query_start = query_start_loc.slice(0, 0, num_reqs);
  const Tensor query_end = query_start_loc.slice(0, 1, num_reqs + 1);

  Tensor query_len = sub(query_end, query_start);
  Tensor start_pos = sub(seq_lens, query_len);
  Tensor offset = arange(max_query_len, DType::Int64, dev).unsqueeze(0);       // [1, Q]
  Tensor pos = add(start_pos.unsqueeze(1), offset);                           // [R, Q]
  Tensor in_query = lt(offset, query_len.unsqueeze(1));
  Tensor at_boundary = eq(remainder(add(pos, 1), compress_ratio), 0);
  Tensor valid = logical_and(at_boundary, in_query);

  Tensor pos_after_compress = floor_divide(pos, compress_ratio);
  Tensor block_col = floor_divide(pos_after_compress, block_size);
  Tensor safe_col = where(valid, block_col, 0);  // the kernel loads only valid lanes
  Tensor block_numbers = gather(block_table, 1, safe_col);
  Tensor slot = add(mul(block_numbers, block_size), remainder(pos_after_compress, block_size));
  slot = where(valid, slot, -1);

  Tensor token = add(query_start.unsqueeze(1), offset);
  const std::int64_t lanes = num_reqs * max_query_len;
  fill_(out, -1);  // the whole buffer, as vLLM does, not just the first num_tokens
  scatter_masked_(out, 0, token.view({lanes}), slot.view({lanes}), in_query.view({lanes}));
}

}  // namespace clampbench::suites::detail
