// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// One thread per element of the step, shared with sparse_mla_step.

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "suites/fused/detail/sparse_mla_c128a_row.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::SparseMlaStepKernel);
