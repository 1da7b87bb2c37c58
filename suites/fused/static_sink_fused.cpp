// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// fused static_sink: what the out-of-place form (clamp) leaves in the builder's buffers, in
// one pass per group and no device allocation (clamp and clamp_: 2 per group); max_seq_len is
// host-side values, as vLLM's Python int.

#include "suites/fused/static_sink_fused.h"

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "suites/detail/static_sink_step.h"
#include "suites/detail/tensor_refs.h"
#include "suites/fused/detail/static_sink_row.h"

namespace clampbench::suites::fused {

Outputs fused_static_sink(CaseData& data, const ParamPoint& p) {
  const suites::detail::SinkStep s = suites::detail::sink_step(p);
  const Tensor& seq_lens = data.get("seq_lens");
  Tensor& own = data.get("seq_lens_with_sink");
  const Tensor& runner_tables = data.get("block_table");
  const Tensor& sink_tables = data.get("block_table_with_sink");
  CB_CHECK(own.dim() == 2 && own.size(0) >= s.groups && own.size(1) >= s.rows, ErrorKind::ShapeMismatch,
           "fused static_sink: buffer {} for {} groups of {} rows", own.str(), s.groups, s.rows);
  for (std::int64_t g = 0; g < s.groups; ++g) {
    const suites::detail::SinkTableCopy table = suites::detail::sink_table_copy(runner_tables, sink_tables, s, g);
    Tensor own_rows = own.select(0, g).slice(0, 0, s.rows);
    detail::StaticSinkGroup group{detail::ref1<const std::int32_t>(seq_lens, "seq_lens"),
                                  detail::ref1<std::int32_t>(own_rows, "seq_lens_with_sink"),
                                  detail::ref2<const std::int32_t>(table.source, "block_table"),
                                  detail::ref2<std::int32_t>(table.target, "block_table_with_sink"),
                                  static_cast<std::int32_t>(s.sink_len)};
    launch_kernel(data.device, group.total(), detail::StaticSinkKernel{group});
  }
  return {{"seq_lens", own.slice(1, 0, s.rows)},
          {"max_seq_len", suites::detail::raised_max_seq_lens(s)},
          {"block_table", sink_tables.slice(1, 0, s.rows)}};
}

}  // namespace clampbench::suites::fused
