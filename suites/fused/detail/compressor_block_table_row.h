// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The per-element stores of the fused compressor builder, shared by the host loop and the
// CUDA kernel: element i < T of the index space is token i's request (the number of requests
// whose query ends at or before it, as np.repeat(arange(R), query_lens) gives), element
// T + k is entry k of the block table with a negative id read as 0 (clamp(min=0)'s value,
// stored into the output; the table itself is only loaded).

#include <cstdint>

#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

struct CompressorStep {
  Ref1<const std::int32_t> query_start_loc;  // [R + 1]
  Ref2<const std::int32_t> block_table;      // [R, M], the runner's table: read only
  Ref1<std::int32_t> req_ids;                // the builder's buffer, first T elements
  std::int32_t* table_out = nullptr;         // [R, M] contiguous: the metadata's table
  CB_HD std::int64_t total() const { return req_ids.size + block_table.rows * block_table.cols; }
};

// Entry (r, c) of the metadata's table: the runner's id, a negative one read as 0.
CB_HD void compressor_table_store(const CompressorStep& s, std::int64_t r, std::int64_t c) {
  const std::int32_t id = s.block_table(r, c);
  s.table_out[r * s.block_table.cols + c] = id < 0 ? 0 : id;
}

CB_HD void compressor_step_store(const CompressorStep& s, std::int64_t i) {
  if (i < s.req_ids.size) {
    const std::int64_t reqs = s.query_start_loc.size - 1;
    std::int32_t ended = 0;
    for (std::int64_t r = 0; r < reqs; ++r) ended += s.query_start_loc[r + 1] <= i ? 1 : 0;
    s.req_ids[i] = ended;
    return;
  }
  const std::int64_t k = i - s.req_ids.size;
  compressor_table_store(s, k / s.block_table.cols, k % s.block_table.cols);
}

// The kernel (kernels/custom_kernel.h): cells of rows x cols. Row r < table_rows is row r of
// the table; the request index of token t rides on the rows after them, cols tokens a row, so
// that the host loop divides nothing and its table rows are plain copies it can vectorise.
struct CompressorStepKernel {
  CompressorStep step;
  std::int64_t table_rows = 0, cols = 1, rows = 0;
  explicit CompressorStepKernel(const CompressorStep& s)
      : step(s),
        table_rows(s.block_table.cols > 0 ? s.block_table.rows : 0),
        cols(s.block_table.cols > 0 ? s.block_table.cols : 1),
        rows(table_rows + (s.req_ids.size + cols - 1) / cols) {}
  CB_HD void operator()(std::int64_t r, std::int64_t c) const {
    if (r < table_rows) {
      compressor_table_store(step, r, c);
      return;
    }
    const std::int64_t t = (r - table_rows) * cols + c;
    if (t < step.req_ids.size) compressor_step_store(step, t);
  }
};

}  // namespace clampbench::suites::detail
