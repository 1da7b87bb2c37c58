// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused ngram_propose kernel: one thread per request row.

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "suites/fused/detail/ngram_propose_row.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::NgramProposeRows);
