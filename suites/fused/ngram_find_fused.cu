// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused ngram_find kernel: one warp per request row (suites/fused/detail/ngram_find_row.h).

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "suites/fused/detail/ngram_find_row.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::NgramFindRows);
