// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The per-element stores of the fused static-sink builder for one KV-cache group, shared by
// the host loop and the CUDA kernel: element i < R is row i's seq_len raised by the sink (a row
// that was 0, CUDA-graph padding, stays 0: the masked store's value) into the builder's buffer;
// the next R x B elements copy the runner's table behind the sink's blocks. The runner's
// seq_lens and table are only loaded.

#include <cstdint>

#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

struct StaticSinkGroup {
  Ref1<const std::int32_t> seq_lens;      // [R], the runner's: read only
  Ref1<std::int32_t> seq_lens_out;        // [R] of the builder's buffer
  Ref2<const std::int32_t> runner_table;  // [R, B], the columns copied: read only
  Ref2<std::int32_t> sink_table;          // [R, B] behind the sink's blocks in the builder's table
  std::int32_t sink_len = 0;
  CB_HD std::int64_t cells() const { return runner_table.rows * runner_table.cols; }
  CB_HD std::int64_t total() const { return seq_lens.size + cells(); }
};

CB_HD void static_sink_store(const StaticSinkGroup& s, std::int64_t i) {
  if (i < s.seq_lens.size) {
    const std::int32_t raised = s.seq_lens[i] + s.sink_len;
    s.seq_lens_out[i] = raised == s.sink_len ? 0 : raised;
    return;
  }
  const std::int64_t k = i - s.seq_lens.size;
  const std::int64_t r = k / s.runner_table.cols, c = k % s.runner_table.cols;
  s.sink_table(r, c) = s.runner_table(r, c);
}

// The kernel (kernels/custom_kernel.h): element i of the group's total(); one launch per group.
struct StaticSinkKernel {
  StaticSinkGroup group;
  CB_HD void operator()(std::int64_t i) const { static_sink_store(group, i); }
};

}  // namespace clampbench::suites::detail
