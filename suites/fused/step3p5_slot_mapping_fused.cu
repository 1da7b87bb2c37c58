// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// One thread per (group, buffer element).

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "suites/fused/detail/step3p5_slot_mapping_row.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::Step3p5Kernel);
