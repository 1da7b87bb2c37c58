// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The registrations of the launcher tests' bodies: what a kernel source of a suite looks like.

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "tests/cuda_logic/sample_kernels.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::testing::FillKernel);
CLAMPBENCH_CUSTOM_KERNEL(clampbench::testing::CheckedCopyKernel);
CLAMPBENCH_CUSTOM_KERNEL(clampbench::testing::CellKernel);
CLAMPBENCH_CUSTOM_KERNEL(clampbench::testing::WarpCountKernel);
