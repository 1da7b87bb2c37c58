// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fused ngram_update kernel: one thread per request row runs the host loop's row body.

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "suites/fused/detail/ngram_update_row.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::NgramUpdateRows);
