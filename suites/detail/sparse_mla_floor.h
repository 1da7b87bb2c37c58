// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fused sparse-MLA step that sparse_mla_slot_mapping's floor runs once and
// sparse_mla_step's once per builder: its arguments, and its one launch.

#include "suites/detail/sparse_mla_batch.h"
#include "suites/detail/sparse_mla_c128a.h"
#include "suites/detail/sparse_mla_c128a_row.h"
#include "suites/suite.h"

namespace clampbench::suites::detail {

// Every element of `step` stored once: the CUDA kernel on a CUDA device, else the host loop,
// which first checks what the eager form would reject (query_start_loc non-decreasing, mapped
// tokens inside the buffer, table reads inside the table). Shared with sparse_mla_step's fused
// variant, which runs one step per builder.
void run_fused_sparse_mla_step(const detail::SparseMlaStep& step, DeviceType device);

// The slot-mapping arguments of one builder over the case's shared table at `ratio`
// (negatives_as_zero: the builder reads the table clamped, as the sparse-MLA builders do).
detail::SparseMlaArgs sparse_mla_slot_args(const CaseData& data, const ParamPoint& p, std::int64_t ratio,
                                           bool negatives_as_zero);

// One builder's pass: its slot mapping into `compressed`, the request index into `req_ids`,
// and the C128A rows of `split` into `buffers` (none where the split is empty).
detail::SparseMlaStep sparse_mla_pass(const CaseData& data, const detail::SparseMlaArgs& slots, Tensor& compressed,
                                      const Tensor& req_ids, const suites::detail::C128aBuffers& buffers,
                                      const suites::detail::DecodePrefillSplit& split);

}  // namespace clampbench::suites::detail
