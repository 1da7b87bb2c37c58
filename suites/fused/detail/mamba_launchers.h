// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Host-side launchers of the fused mamba kernels (suites/fused/*_fused.cu). Each enqueues one
// kernel on `stream` and checks the launch; outputs are device buffers the caller allocated.

#if CLAMPBENCH_HAVE_CUDA
#include <cuda_runtime_api.h>

#include <cstdint>

#include "suites/detail/strided.h"

namespace clampbench::suites::fused {

void launch_fused_mamba_prefix_caching(detail::Ref1<const std::int32_t> nct, detail::Ref1<const std::int32_t> seq_lens,
                                       std::int64_t block, std::int32_t* last_computed,
                                       std::int32_t* first_scheduled, std::int32_t* last_scheduled,
                                       cudaStream_t stream);

void launch_fused_mamba_fallback(detail::Ref1<const std::int32_t> nct, detail::Ref1<const std::int32_t> prev,
                                 std::int64_t block, std::int32_t* out, cudaStream_t stream);

// Also checks the gathered columns: returns the first out-of-range output position (row-major
// over [R, 1 + S]), or -1 when all were in range (reading it back is a sync, as the eager
// gather's index check is).
std::int64_t launch_fused_mamba_block_table(detail::Ref2<const std::int32_t> block_table,
                                            detail::Ref1<const std::int32_t> seq_lens, std::int64_t block,
                                            std::int64_t width, std::int32_t* out, cudaStream_t stream);

}  // namespace clampbench::suites::fused
#endif
