// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fused sparse-MLA builder's whole step as one index space, shared by the host loop and
// the CUDA kernel: element i of [0, total) is one store -- the compressed slot mapping, the
// per-token request index, the C128A decode slots, their lens, the C128A prefill indices --
// so every element of every output is written once. The C128A decode slots read the table as
// clamp leaves it, i.e. unchanged (-1 entries give -bs + j % bs), which is what clamp's
// cm.block_table_tensor holds when _build_c128a_metadata runs.

#include <cstdint>

#include "suites/detail/sparse_mla_slot_mapping_row.h"

namespace clampbench::suites::detail {

struct SparseMlaStep {
  SparseMlaArgs slots;
  Ref1<std::int64_t> compressed;  // [>= tokens], the whole buffer written
  Ref1<std::int32_t> req_ids;     // [tokens] slice of the request-index buffer
  Ref1<const std::int64_t> positions, slot_mapping;  // [tokens]
  Ref2<std::int32_t> global_decode;                  // [decode tokens, W]
  Ref1<std::int32_t> decode_lens;                    // [decode tokens]
  Ref2<std::int32_t> prefill_local;                  // [prefill tokens, W]
  std::int64_t width = 0;        // W, the kernel's max_compressed_tokens
  std::int64_t num_decodes = 0;  // rows of cm.block_table_tensor[:num_decodes] the kernel may read

  CB_HD std::int64_t total() const {
    return compressed.size + req_ids.size + global_decode.rows * width + decode_lens.size + prefill_local.rows * width;
  }
};

// The request of token t: the r with query_start_loc[r] <= t < query_start_loc[r + 1].
CB_HD std::int64_t request_of(const SparseMlaArgs& a, std::int64_t t) {
  std::int64_t lo = 0, hi = a.block_table.rows + 1;
  while (lo < hi) {
    const std::int64_t mid = (lo + hi) / 2;
    if (a.query_start_loc[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

CB_HD std::int64_t c128a_num_compressed(const SparseMlaStep& s, std::int64_t t) {
  return c128a_compressed_count(s.positions[t], s.slots.compress_ratio, s.width);
}

// Stores element i. Sets *bad where the eager form would reject a table read.
CB_HD void sparse_mla_step_store(const SparseMlaStep& s, std::int64_t i, bool* bad) {
  if (i < s.compressed.size) {
    s.compressed[i] = sparse_mla_slot(s.slots, i, bad);
    return;
  }
  i -= s.compressed.size;
  if (i < s.req_ids.size) {
    s.req_ids[i] = static_cast<std::int32_t>(request_of(s.slots, i));
    return;
  }
  i -= s.req_ids.size;
  const std::int64_t bs = s.slots.block_size;
  if (i < s.global_decode.rows * s.width) {
    const std::int64_t t = i / s.width, j = i % s.width;
    std::int32_t value = -1;
    if (j < c128a_num_compressed(s, t)) {
      const std::int64_t r = request_of(s.slots, t), col = j / bs;
      if (r < 0 || r >= s.num_decodes || col >= s.slots.block_table.cols) {
        *bad = true;
      } else {
        const std::int32_t block = s.slots.block_table(r, col);  // as the table holds it: -1 stays -1
        value = c128a_decode_slot(block, bs, j);
      }
    }
    s.global_decode(t, j) = value;
    return;
  }
  i -= s.global_decode.rows * s.width;
  if (i < s.decode_lens.size) {
    const std::int64_t n = c128a_num_compressed(s, i);
    s.decode_lens[i] = s.slot_mapping[i] >= 0 ? static_cast<std::int32_t>(n < 0 ? 0 : n) : 0;
    return;
  }
  i -= s.decode_lens.size;
  const std::int64_t t = i / s.width, j = i % s.width;
  s.prefill_local(t, j) = j < c128a_num_compressed(s, s.global_decode.rows + t) ? static_cast<std::int32_t>(j) : -1;
}

// The kernel (kernels/custom_kernel.h): element i of the step's total(); false where it would
// read outside the table (the host loop throws there; a device stores -1).
struct SparseMlaStepKernel {
  SparseMlaStep step;
  CB_HD bool operator()(std::int64_t i) const {
    bool bad = false;
    sparse_mla_step_store(step, i, &bad);
    return !bad;
  }
};

}  // namespace clampbench::suites::detail
