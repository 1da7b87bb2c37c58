// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused sparse-MLA slot-mapping kernel: a grid-stride loop over the output buffer, one
// store per element (-1 or the slot). The shared block table is only loaded.

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "suites/fused/detail/sparse_mla_slot_mapping_row.h"

namespace clampbench::suites::fused::detail {
namespace {

__global__ void fused_sparse_mla_slot_mapping_kernel(SparseMlaArgs args, Ref1<std::int64_t> out) {
  for (std::int64_t i = clampbench::detail::cuda::global_thread(); i < out.size;
       i += clampbench::detail::cuda::grid_stride()) {
    bool bad = false;  // a column outside the table (the host loop throws) stores -1
    out[i] = sparse_mla_slot(args, i, &bad);
  }
}

}  // namespace

void launch_fused_sparse_mla_slot_mapping(SparseMlaArgs args, Ref1<std::int64_t> out, cudaStream_t stream) {
  if (out.size == 0) return;
  fused_sparse_mla_slot_mapping_kernel<<<clampbench::detail::cuda::grid_for(out.size),
                                         clampbench::detail::cuda::kThreadsPerBlock, 0, stream>>>(args, out);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::suites::fused::detail
