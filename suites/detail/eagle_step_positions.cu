// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The eager port's stand-in for the eagle step kernel's position update.

#include "kernels/cuda/custom_kernel_launch.cuh"
#include "suites/detail/eagle_step_position.h"

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::EagleStepPositions);
