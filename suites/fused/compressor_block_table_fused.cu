// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// One thread per token (its request index) and per table row.

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "suites/fused/detail/compressor_block_table_row.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::CompressorStepKernel);
