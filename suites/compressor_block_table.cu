// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The per-element stores of the fused compressor builder, shared by the host loop and the
// CUDA kernel: element i < T of the index space is token i's request (the number of requests
// whose query ends at or before it, as np.repeat(arange(R), query_lens) gives), element
// T + r is row r of the block table with a negative id read as 0 (clamp(min=0)'s value,
// stored into the output; the table itself is only loaded).
// One thread per token (its request index) and per table row.

#include <cstdint>

#include "kernels/kernel_source.h"
#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

struct CompressorStep {
  Ref1<const std::int32_t> query_start_loc;  // [R + 1]
  Ref2<const std::int32_t> block_table;      // [R, M], the runner's table: read only
  Ref1<std::int32_t> req_ids;                // the builder's buffer, first T elements
  std::int32_t* table_out = nullptr;         // [R, M] contiguous: the metadata's table
};

// Entry (r, c) of the metadata's table: the runner's id, a negative one read as 0.
CB_HD void compressor_table_store(const CompressorStep& s, std::int64_t r, std::int64_t c) {
  const std::int32_t id = s.block_table(r, c);
  s.table_out[r * s.block_table.cols + c] = id < 0 ? 0 : id;
}

// Token t's request index: how many requests ended at or before it.
CB_HD void compressor_step_store(const CompressorStep& s, std::int64_t t) {
  const std::int64_t reqs = s.query_start_loc.size - 1;
  std::int32_t ended = 0;
  for (std::int64_t r = 0; r < reqs; ++r) ended += s.query_start_loc[r + 1] <= t ? 1 : 0;
  s.req_ids[t] = ended;
}

// The kernel (kernels/custom_kernel.h): element t < T is token t's request index, element T + r
// copies row r of the table (a plain loop the host vectorises, and no division per entry).
struct CompressorStepKernel {
  CompressorStep step;
  CB_HD std::int64_t work() const { return step.req_ids.size + step.block_table.rows; }
  CB_HD void operator()(std::int64_t i) const {
    if (i < step.req_ids.size) {
      compressor_step_store(step, i);
      return;
    }
    const std::int64_t r = i - step.req_ids.size;
    for (std::int64_t c = 0; c < step.block_table.cols; ++c) compressor_table_store(step, r, c);
  }
};

}  // namespace clampbench::suites::detail

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::CompressorStepKernel);
