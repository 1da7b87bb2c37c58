// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The indexer's prefill-chunk Triton kernel, as the eager port launches it, and the fused
// floor's two indexer passes.

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "suites/detail/indexer_kernels.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::PrefillChunkMetadataKernel);
CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::PrefillChunkFloorKernel);
CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::IndexerDecodeFloorKernel);
