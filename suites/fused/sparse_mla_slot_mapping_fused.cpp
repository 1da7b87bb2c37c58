// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// fused sparse_mla_slot_mapping: every element of the builder's outputs (compressed slot
// mapping, request index, C128A metadata) computed in one pass into the builder's buffers.
// The host loop also checks what the eager form would reject and the kernel's binary search
// relies on: query_start_loc non-decreasing, mapped tokens inside the buffer, table reads
// inside the table.

#include "suites/fused/sparse_mla_slot_mapping_fused.h"

#include <algorithm>

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "kernels/host_planning.h"
#include "suites/detail/sparse_mla_batch.h"
#include "suites/detail/sparse_mla_c128a.h"
#include "suites/detail/tensor_refs.h"
#include "suites/fused/detail/sparse_mla_c128a_row.h"

namespace clampbench::suites::fused {

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

Outputs fused_sparse_mla_slot_mapping(CaseData& data, const ParamPoint& p) {
  namespace sd = suites::detail;
  const std::int64_t ratio = p.get("ratio");
  CB_CHECK(ratio > 0, ErrorKind::InvalidArgument, "fused sparse_mla: ratio {}", ratio);
  const std::int64_t tokens = data.get("positions").size(0);
  const sd::C128aBuffers buffers{data.get("c128a_global_decode_buffer"), data.get("c128a_decode_lens_buffer"),
                                 data.get("c128a_prefill_buffer")};
  const sd::DecodePrefillSplit split = ratio == sd::kC128aRatio
                                           ? sd::decode_prefill_split(to_numpy<std::int32_t>(data.get("query_start_loc_cpu")), sd::kReorderBatchThreshold)
                                           : sd::DecodePrefillSplit{};
  const sd::C128aOutputs c128a = sd::c128a_slices(buffers, split);
  const Tensor req_ids = data.get("req_id_per_token_buffer").slice(0, 0, tokens);
  Tensor& compressed = data.get("compressed_slot_mapping");
  const detail::SparseMlaStep step =
      sparse_mla_pass(data, sparse_mla_slot_args(data, p, ratio, true), compressed, req_ids, buffers, split);
  run_fused_sparse_mla_step(step, data.device);
  return {{"compressed_slot_mapping", compressed},
          {"req_id_per_token", req_ids},
          {"c128a_global_decode_topk_indices", c128a.global_decode},
          {"c128a_decode_topk_lens", c128a.decode_lens},
          {"c128a_prefill_topk_indices", c128a.prefill_local}};
}

}  // namespace clampbench::suites::fused
