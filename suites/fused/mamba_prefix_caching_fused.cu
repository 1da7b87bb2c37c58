// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused mamba_prefix_caching kernel: one thread per request.

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "suites/fused/detail/mamba_math.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::PrefixCachingRows);
