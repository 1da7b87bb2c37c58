// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused sparse-MLA step. The host loop also checks what the eager form would reject and
// the kernel's binary search relies on: query_start_loc non-decreasing, mapped tokens inside
// the buffer, table reads inside the table.

#include "suites/detail/sparse_mla_floor.h"

#include <algorithm>

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "suites/detail/tensor_refs.h"

namespace clampbench::suites::detail {

void run_fused_sparse_mla_step(const detail::SparseMlaStep& step, DeviceType device) {
  const std::int64_t reqs = step.slots.block_table.rows;
  CB_CHECK(step.slots.query_start_loc.size >= reqs + 1 && step.slots.seq_lens.size >= reqs,
           ErrorKind::ShapeMismatch, "fused sparse_mla: {} table rows, {} query starts, {} seq_lens", reqs,
           step.slots.query_start_loc.size, step.slots.seq_lens.size);
  // The host loop first checks what the kernel's binary search relies on (a device trusts it,
  // as vLLM's kernel does).
  for (std::int64_t r = 0; r < reqs && device == DeviceType::Host; ++r) {
    const std::int64_t start = step.slots.query_start_loc[r], end = step.slots.query_start_loc[r + 1];
    const std::int64_t mapped = std::min(end - start, step.slots.max_query_len);
    CB_CHECK(start <= end && start >= 0, ErrorKind::InvalidArgument,
             "fused sparse_mla: query_start_loc not non-decreasing at row {}", r);
    CB_CHECK(start + mapped <= step.compressed.size, ErrorKind::IndexOutOfRange,
             "fused sparse_mla: row {} maps tokens up to {} into a buffer of {}", r, start + mapped,
             step.compressed.size);
  }
  const std::int64_t bad = launch_kernel(device, step.total(), detail::SparseMlaStepKernel{step}, KernelCheck::OnHost);
  CB_CHECK(bad < 0, ErrorKind::IndexOutOfRange, "fused sparse_mla: element {} of the step reads outside the table", bad);
}

detail::SparseMlaArgs sparse_mla_slot_args(const CaseData& data, const ParamPoint& p, std::int64_t ratio,
                                           bool negatives_as_zero) {
  return {detail::ref1<const std::int32_t>(data.get("query_start_loc"), "query_start_loc"),
          detail::ref1<const std::int32_t>(data.get("seq_lens"), "seq_lens"),
          detail::ref2<const std::int32_t>(data.get("block_table"), "block_table"),
          suites::detail::sparse_mla_storage_block_size(ratio), ratio, p.get("Q"), negatives_as_zero};
}

detail::SparseMlaStep sparse_mla_pass(const CaseData& data, const detail::SparseMlaArgs& slots, Tensor& compressed,
                                      const Tensor& req_ids, const suites::detail::C128aBuffers& buffers,
                                      const suites::detail::DecodePrefillSplit& split) {
  const suites::detail::C128aOutputs c128a = suites::detail::c128a_slices(buffers, split);
  return {slots,
          detail::ref1<std::int64_t>(compressed, "compressed_slot_mapping"),
          detail::ref1<std::int32_t>(req_ids, "req_id_per_token"),
          detail::ref1<const std::int64_t>(data.get("positions"), "positions"),
          detail::ref1<const std::int64_t>(data.get("slot_mapping"), "slot_mapping"),
          detail::ref2<std::int32_t>(buffers.global_decode.slice(0, 0, split.num_decode_tokens), "c128a_global_decode"),
          detail::ref1<std::int32_t>(c128a.decode_lens, "c128a_decode_lens"),
          detail::ref2<std::int32_t>(c128a.prefill_local, "c128a_prefill"),
          buffers.global_decode.size(1),
          split.num_decodes};
}

}  // namespace clampbench::suites::detail
