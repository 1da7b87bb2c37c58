// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused mamba_block_table kernel: one thread per request row; a column past the table is
// read back.
// The values are those of the eager int32 ops for inputs in the spec's ranges (no int32
// overflow: lengths < 2^31 - 1).

#include <cstdint>

#include "kernels/kernel_source.h"
#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

// mamba_block_table, one request: the first gathered column, clamp((seq_len - 1) // B, 0).
CB_HD std::int64_t block_table_start(std::int32_t seq_len, std::int64_t block) {
  return at_least_zero(floor_div(static_cast<std::int64_t>(seq_len) - 1, block));
}

// The kernel (kernels/custom_kernel.h): row r of the [R, width] output, its first column
// computed once; false (the row's later cells unwritten) at the first column past the table,
// which the eager gather rejects.
struct BlockTableRows {
  Ref2<const std::int32_t> table;
  Ref1<const std::int32_t> seq_lens;
  std::int64_t block = 1, width = 1;
  std::int32_t* out = nullptr;
  CB_HD bool operator()(std::int64_t r) const {
    const std::int64_t start = block_table_start(seq_lens[r], block);
    for (std::int64_t j = 0; j < width; ++j) {
      if (start + j >= table.cols) return false;
      out[r * width + j] = table(r, start + j);
    }
    return true;
  }
};

}  // namespace clampbench::suites::detail

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::BlockTableRows);
