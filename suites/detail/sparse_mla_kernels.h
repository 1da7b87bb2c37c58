// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// vLLM's two Triton kernels of the sparse-MLA builder as custom kernels (kernels/custom_kernel.h),
// program for program: one launch each, no allocation, called where vLLM calls them.
// - _compressed_slot_mapping_kernel (v1/attention/backends/mla/compressor_utils.py): program
//   b is request row b. Its query tokens sit at absolute positions seq_lens[b] - query_len +
//   offset; a token at a compression boundary ((pos + 1) % ratio == 0) gets
//   table[b, (pos / ratio) / bs] * bs + (pos / ratio) % bs, every other one -1, stored at
//   out[query_start_loc[b] + offset]. The table is loaded only where the slot is valid.
// - _build_c128a_topk_metadata_kernel (models/deepseek_v4/sparse_mla.py, 0.25.0's layout):
//   program t is token t, n = min((positions[t] + 1) // ratio, W). A decode token writes
//   global[t, j] = table[req_id[t], j // bs] * bs + j % bs for j < n, -1 up to W, and
//   lens[t] = n if slot_mapping[t] >= 0 else 0; a prefill token writes j for j < n, -1 up to W.
// A program returns false where vLLM's kernel would read outside the table or store outside
// its buffer (the host loop stops there; a GPU trusts its inputs, as vLLM's kernels do).

#include <cstdint>

#include "kernels/host_device.h"
#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

// The arithmetic vLLM's kernels and the fused floors share, as the kernels compute it.
// The slot of compressed position `compressed` in table entry `block`: block * bs (int32) +
// compressed % bs.
CB_HD std::int64_t compressed_slot(std::int32_t block, std::int64_t block_size, std::int64_t compressed) {
  return static_cast<std::int64_t>(mul_i32(block, static_cast<std::int32_t>(block_size))) +
         floor_mod(compressed, block_size);
}
// C128A's decode slot j in table entry `block`, in int32 with the uint32 wrap of Triton's add.
CB_HD std::int32_t c128a_decode_slot(std::int32_t block, std::int64_t block_size, std::int64_t j) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(mul_i32(block, static_cast<std::int32_t>(block_size))) +
                                   static_cast<std::uint32_t>(j % block_size));
}
// How many compressed entries a token at `position` sees: min((position + 1) // ratio, width).
CB_HD std::int64_t c128a_compressed_count(std::int64_t position, std::int64_t ratio, std::int64_t width) {
  const std::int64_t n = floor_div(position + 1, ratio);
  return n < width ? n : width;
}

struct CompressedSlotMappingKernel {
  Ref1<std::int64_t> out;                    // the builder's buffer, filled with -1 first
  Ref1<const std::int32_t> query_start_loc;  // [R + 1]
  Ref1<const std::int32_t> seq_lens;         // [R]
  Ref2<const std::int32_t> block_table;      // [R, M]: the clamped table
  std::int64_t block_size = 0, compress_ratio = 0;

  CB_HD bool operator()(std::int64_t b) const {
    const std::int64_t start = query_start_loc[b], query_len = query_start_loc[b + 1] - start;
    const std::int64_t first_pos = static_cast<std::int64_t>(seq_lens[b]) - query_len;
    bool ok = true;
    for (std::int64_t offset = 0; offset < query_len; ++offset) {
      const std::int64_t pos = first_pos + offset, compressed = floor_div(pos, compress_ratio);
      std::int64_t slot = -1;
      if (floor_mod(pos + 1, compress_ratio) == 0) {
        const std::int64_t col = floor_div(compressed, block_size);
        if (col < 0 || col >= block_table.cols) {
          ok = false;
          continue;
        }
        slot = compressed_slot(block_table(b, col), block_size, compressed);
      }
      if (start + offset < 0 || start + offset >= out.size) {
        ok = false;
        continue;
      }
      out[start + offset] = slot;
    }
    return ok;
  }
};

struct C128aTopkKernel {
  Ref1<const std::int64_t> positions;     // [tokens]
  Ref1<const std::int32_t> req_ids;       // [tokens]: the per-token request index
  Ref2<const std::int32_t> block_table;   // cm.block_table_tensor[:num_decodes]
  Ref1<const std::int64_t> slot_mapping;  // [tokens]
  Ref2<std::int32_t> global_decode;       // [decode tokens, W]
  Ref1<std::int32_t> decode_lens;         // [decode tokens]
  Ref2<std::int32_t> prefill_local;       // [prefill tokens, W]
  std::int64_t compress_ratio = 0, block_size = 0;

  CB_HD bool operator()(std::int64_t t) const {
    const std::int64_t width = global_decode.cols, decodes = global_decode.rows;
    const std::int64_t n = c128a_compressed_count(positions[t], compress_ratio, width);
    if (t >= decodes) {
      const Ref1<std::int32_t> row = prefill_local.row(t - decodes);
      for (std::int64_t j = 0; j < width; ++j) row[j] = j < n ? static_cast<std::int32_t>(j) : -1;
      return true;
    }
    const std::int64_t req = req_ids[t];
    const Ref1<std::int32_t> row = global_decode.row(t);
    bool ok = req >= 0 && req < block_table.rows;
    std::int32_t count = 0;
    for (std::int64_t j = 0; j < width; ++j) {
      std::int32_t slot = -1;
      if (j < n) {
        ++count;
        const std::int64_t col = j / block_size;
        if (!ok || col >= block_table.cols) {
          ok = false;
        } else {
          slot = c128a_decode_slot(block_table(req, col), block_size, j);
        }
      }
      row[j] = slot;
    }
    decode_lens[t] = slot_mapping[t] >= 0 ? count : 0;
    return ok;
  }
};

}  // namespace clampbench::suites::detail
