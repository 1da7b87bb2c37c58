// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// One thread per element of a group.

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "suites/fused/detail/static_sink_row.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::StaticSinkKernel);
