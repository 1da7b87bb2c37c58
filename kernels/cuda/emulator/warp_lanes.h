// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The grid emulator's warps, for kernels launched with CB_LAUNCH_WARP_SYNC (warp_lanes.cpp).

#include <functional>

#include "kernels/cuda/emulator/coordinates.h"

namespace clampbench::emulator {

inline constexpr unsigned kWarp = 32;

// Runs threads [first_lane, first_lane + 32) of the block `block` (its coordinates, thread
// unset) as one warp, each calling `body` once.
void run_warp(const std::function<void()>& body, const Coordinates& block, unsigned first_lane, const char* kernel);

// __ballot_sync for the lane now running: waits for the other lanes of its warp (the launch
// must be WarpUse::Votes) and returns the bits of the lanes whose predicate is true.
unsigned ballot_sync(unsigned mask, bool predicate);

// A kernel did what a device would hang or trap on: print it and abort the test process.
[[noreturn]] void emulator_fault(const char* kernel, const char* what);

}  // namespace clampbench::emulator
