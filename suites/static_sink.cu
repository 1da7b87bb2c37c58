// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The per-row stores of the fused static-sink builder for one KV-cache group, shared by the
// host loop and the CUDA kernel: row r's seq_len raised by the sink (a row that was 0,
// CUDA-graph padding, stays 0: the masked store's value) into the builder's buffer, then its
// B table columns copied behind the sink's blocks. One program per row, so that no element
// index is divided into a row and a column. The runner's seq_lens and table are only loaded.
// One thread per element of a group.

#include <cstdint>

#include "kernels/kernel_source.h"
#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

struct StaticSinkGroup {
  Ref1<const std::int32_t> seq_lens;      // [R], the runner's: read only
  Ref1<std::int32_t> seq_lens_out;        // [R] of the builder's buffer
  Ref2<const std::int32_t> runner_table;  // [R, B], the columns copied: read only
  Ref2<std::int32_t> sink_table;          // [R, B] behind the sink's blocks in the builder's table
  std::int32_t sink_len = 0;
  CB_HD std::int64_t total() const { return seq_lens.size; }
};

CB_HD void static_sink_store(const StaticSinkGroup& s, std::int64_t r) {
  const std::int32_t raised = s.seq_lens[r] + s.sink_len;
  s.seq_lens_out[r] = raised == s.sink_len ? 0 : raised;
  for (std::int64_t c = 0; c < s.runner_table.cols; ++c) s.sink_table(r, c) = s.runner_table(r, c);
}

// The kernel (kernels/custom_kernel.h): row r of the group's total(); one launch per group.
struct StaticSinkKernel {
  StaticSinkGroup group;
  CB_HD void operator()(std::int64_t r) const { static_sink_store(group, r); }
};

}  // namespace clampbench::suites::detail

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::StaticSinkKernel);
