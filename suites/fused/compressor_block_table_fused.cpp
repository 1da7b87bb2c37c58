// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// fused compressor_block_table: token_to_req_indices written into the builder's buffer and
// block_table with negative ids read as 0 copied into the one tensor it allocates, the
// metadata's table (clamp: 4 allocations, clamp_: 3, this: 1). The runner's table is only
// read, so its -1 entries survive for every later reader.

#include "suites/fused/compressor_block_table_fused.h"

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "suites/detail/tensor_refs.h"
#include "suites/fused/detail/compressor_block_table_row.h"

namespace clampbench::suites::fused {

Outputs fused_compressor_block_table(CaseData& data, const ParamPoint&) {
  const Tensor& table = data.get("block_table");
  Tensor& buffer = data.get("token_to_req_indices_buffer");
  const std::int64_t num_tokens = data.get("slot_mapping").size(0);  // cm.num_actual_tokens
  CB_CHECK(buffer.dim() == 1 && buffer.size(0) >= num_tokens, ErrorKind::ShapeMismatch,
           "fused compressor_block_table: a request-index buffer {} for {} tokens", buffer.str(), num_tokens);
  Tensor req_ids = buffer.slice(0, 0, num_tokens);
  detail::CompressorStep step{detail::ref1<const std::int32_t>(data.get("query_start_loc"), "query_start_loc"),
                              detail::ref2<const std::int32_t>(table, "block_table"),
                              detail::ref1<std::int32_t>(req_ids, "token_to_req_indices_buffer"), nullptr};
  CB_CHECK(step.query_start_loc.size >= 1, ErrorKind::ShapeMismatch,
           "fused compressor_block_table: query_start_loc is empty");
  Tensor out = Tensor::empty({step.block_table.rows, step.block_table.cols}, DType::Int32, data.device);
  step.table_out = detail::out_ptr<std::int32_t>(out);
  const detail::CompressorStepKernel kernel{step};
  launch_kernel(data.device, kernel.work(), kernel);
  return {{"block_table", out}, {"token_to_req_indices", req_ids}};
}

}  // namespace clampbench::suites::fused
