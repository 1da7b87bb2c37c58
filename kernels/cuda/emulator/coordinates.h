// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The coordinates of the emulated thread now running: what a launch (grid_emulator.cpp) and a
// warp's lanes (warp_lanes.cpp) set before each thread or lane runs, and what threadIdx and
// friends read. Test builds only.

#include <cuda_runtime.h>

namespace clampbench::emulator {

struct Coordinates {
  uint3 thread{0, 0, 0}, block{0, 0, 0};
  dim3 block_dim{1, 1, 1}, grid_dim{1, 1, 1};
};
extern thread_local Coordinates g_coordinates;  // defined in grid_emulator.cpp

}  // namespace clampbench::emulator
