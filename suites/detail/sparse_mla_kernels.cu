// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// vLLM's sparse-MLA Triton kernels, as the eager ports launch them.

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "suites/detail/sparse_mla_kernels.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::CompressedSlotMappingKernel);
CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::C128aTopkKernel);
