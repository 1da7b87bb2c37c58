// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused sparse-MLA step's kernel: one thread per element of the step.

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "suites/detail/sparse_mla_c128a_row.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::SparseMlaStepKernel);
