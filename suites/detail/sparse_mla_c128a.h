// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// build_c128a_topk_metadata and its Triton _build_c128a_topk_metadata_kernel
// (vllm/models/deepseek_v4/sparse_mla.py, vLLM 0.25.0) in eager ops. One kernel program per
// token, n = min((positions[t] + 1) // ratio, W) compressed entries:
//   decode token t (t < num_decode_tokens): global[t, j] = table[req_id[t], j // bs] * bs +
//     j % bs for j < n, -1 for n <= j < W; lens[t] = (#j < n) if slot_mapping[t] >= 0 else 0.
//   prefill token t: prefill[t - num_decode_tokens, j] = j for j < n, -1 for n <= j < W.
// The table is cm.block_table_tensor[:num_decodes] as the builder left it: clamp leaves its -1
// entries, which give slots -bs + j % bs; clamp_ made them 0, which gives j % bs. The kernel
// writes rows of the builder's buffers; the port evaluates dense [tokens, W] grids:
//   arange (shared, once there is a token) 1;
//   decode, when num_decode_tokens > 0, 16: add, floor_divide, clamp (n), lt (valid),
//     floor_divide (block column), where (masked load's safe column), mul (row start), add
//     (flat index), gather, mul, remainder, add (slot), where (-1), sum (count), ge, where (lens);
//   prefill, when num_prefill_tokens > 0, 5: add, floor_divide, clamp, lt, where.
// copy_ into the buffers allocates nothing.

#include <cstdint>

#include "kernels/ops.h"
#include "suites/detail/sparse_mla_batch.h"

namespace clampbench::suites::detail {

struct C128aBuffers {
  Tensor& global_decode;  // [>= tokens, W] int32
  Tensor& decode_lens;    // [>= tokens] int32
  Tensor& prefill_local;  // [>= tokens, W] int32
};

// The returned slices of the buffers, shaped as the metadata holds them: global decode indices
// viewed [num_decode_tokens, 1, W], lens [num_decode_tokens], prefill [num_prefill_tokens, W].
struct C128aOutputs {
  Tensor global_decode, decode_lens, prefill_local;
};

inline C128aOutputs c128a_slices(const C128aBuffers& b, const DecodePrefillSplit& s) {
  const std::int64_t td = s.num_decode_tokens, tp = s.num_prefill_tokens, w = b.global_decode.size(1);
  return {b.global_decode.slice(0, 0, td).view({td, 1, w}), b.decode_lens.slice(0, 0, td),
          b.prefill_local.slice(0, 0, tp)};
}

// Number of compressed entries token `pos` sees, clamped to W: [n, 1]. 3 allocations.
inline Tensor c128a_num_compressed(const Tensor& pos, std::int64_t ratio, std::int64_t width) {
  return clamp(floor_divide(add(pos, 1), ratio), std::nullopt, width).unsqueeze(1);
}

inline C128aOutputs build_c128a_topk_metadata(const Tensor& positions, std::int64_t ratio,
                                              const DecodePrefillSplit& split, const Tensor& req_id_per_token,
                                              const Tensor& block_table, std::int64_t block_size,
                                              const Tensor& slot_mapping, const C128aBuffers& buffers) {
  const std::int64_t td = split.num_decode_tokens, tp = split.num_prefill_tokens;
  const std::int64_t width = buffers.global_decode.size(1);
  if (td + tp == 0) return c128a_slices(buffers, split);
  Tensor offset = arange(width, DType::Int32, positions.device()).unsqueeze(0);  // [1, W]
  if (td > 0) {
    Tensor valid = lt(offset, c128a_num_compressed(positions.slice(0, 0, td), ratio, width));  // [Td, W]
    Tensor safe_col = where(valid, floor_divide(offset, block_size), 0);  // masked load
    // table[req, col] through the flat table (a row slice of the contiguous runner table).
    Tensor row_start = mul(req_id_per_token.slice(0, 0, td), block_table.stride(0)).unsqueeze(1);
    Tensor flat = add(row_start, safe_col);
    Tensor blocks = gather(block_table.view({block_table.numel()}), 0, flat.view({flat.numel()}));
    Tensor slot = add(mul(blocks.view({td, width}), block_size), remainder(offset, block_size));
    Tensor dst = buffers.global_decode.slice(0, 0, td);
    copy_(dst, where(valid, slot, -1));
    Tensor lens = buffers.decode_lens.slice(0, 0, td);
    copy_(lens, where(ge(slot_mapping.slice(0, 0, td), 0), sum(valid, 1), 0));
  }
  if (tp > 0) {
    Tensor valid = lt(offset, c128a_num_compressed(positions.slice(0, td, td + tp), ratio, width));
    Tensor dst = buffers.prefill_local.slice(0, 0, tp);
    copy_(dst, where(valid, offset, -1));
  }
  return c128a_slices(buffers, split);
}

}  // namespace clampbench::suites::detail
