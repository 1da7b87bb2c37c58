// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// fused sparse_mla_slot_mapping: every element of compressed_slot_mapping computed in one
// pass. The host loop also checks what the eager form would reject and the kernel's binary
// search relies on: query_start_loc non-decreasing, mapped tokens inside the buffer, block
// columns inside the table.

#include "suites/fused/sparse_mla_slot_mapping_fused.h"

#include <algorithm>

#include <fmt/format.h>

#include "kernels/error.h"
#include "kernels/runtime.h"
#include "suites/detail/sparse_mla_slot_mapping.h"
#include "suites/fused/detail/sparse_mla_slot_mapping_row.h"
#include "suites/fused/detail/tensor_refs.h"

namespace clampbench::suites::fused {

Outputs fused_sparse_mla_slot_mapping(CaseData& data, const ParamPoint& p) {
  Tensor& out_tensor = data.get("compressed_slot_mapping");
  detail::SparseMlaArgs args{
      detail::ref1<const std::int32_t>(data.get("query_start_loc"), "query_start_loc"),
      detail::ref1<const std::int32_t>(data.get("seq_lens"), "seq_lens"),
      detail::ref2<const std::int32_t>(data.get("block_table"), "block_table"),
      suites::detail::kSparseMlaStorageBlockSize, p.get("ratio"), p.get("Q")};
  const auto out = detail::ref1<std::int64_t>(out_tensor, "compressed_slot_mapping");
  const std::int64_t reqs = args.block_table.rows;
  CB_CHECK(args.query_start_loc.size >= reqs + 1 && args.seq_lens.size >= reqs, ErrorKind::ShapeMismatch,
           "fused sparse_mla: {} table rows, {} query starts, {} seq_lens", reqs, args.query_start_loc.size,
           args.seq_lens.size);
  CB_CHECK(args.compress_ratio > 0, ErrorKind::InvalidArgument, "fused sparse_mla: ratio {}", args.compress_ratio);

  if (detail::runs_on_cuda(data.device)) {
#if CLAMPBENCH_HAVE_CUDA
    detail::launch_fused_sparse_mla_slot_mapping(args, out,
                                                 static_cast<cudaStream_t>(Runtime::current().stream().handle));
#endif
  } else {
    for (std::int64_t r = 0; r < reqs; ++r) {
      const std::int64_t start = args.query_start_loc[r], end = args.query_start_loc[r + 1];
      const std::int64_t mapped = std::min(end - start, args.max_query_len);
      CB_CHECK(start <= end && start >= 0, ErrorKind::InvalidArgument,
               "fused sparse_mla: query_start_loc not non-decreasing at row {}", r);
      CB_CHECK(start + mapped <= out.size, ErrorKind::IndexOutOfRange,
               "fused sparse_mla: row {} maps tokens up to {} into a buffer of {}", r, start + mapped, out.size);
    }
    for (std::int64_t i = 0; i < out.size; ++i) {
      bool bad = false;
      out[i] = detail::sparse_mla_slot(args, i, &bad);
      CB_CHECK(!bad, ErrorKind::IndexOutOfRange, "fused sparse_mla: token {} maps outside the block table", i);
    }
  }
  return {{"compressed_slot_mapping", out_tensor}};
}

}  // namespace clampbench::suites::fused
