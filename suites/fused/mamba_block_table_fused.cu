// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused mamba_block_table kernel: one thread per request row; a column past the table is
// read back.

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "suites/fused/detail/mamba_math.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::BlockTableRows);
