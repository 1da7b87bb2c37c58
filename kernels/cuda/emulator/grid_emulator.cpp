// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The grid walk of the emulator: the launch's checks, then blocks in order and threads in order
// (a voting kernel's warps go to warp_lanes.cpp); the grid shape override and the launch log.

#include "kernels/cuda/emulator/grid_emulator.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>

#include "kernels/cuda/emulator/emulated_state.h"
#include "kernels/cuda/emulator/warp_lanes.h"

namespace clampbench::emulator {

thread_local Coordinates g_coordinates;

namespace {


struct LaunchRecord {
  std::mutex mutex;
  GridShape shape;
  std::map<std::string, std::uint64_t> counts;
};
LaunchRecord& record() {
  static auto* r = new LaunchRecord();  // outlives every static tensor, like the Runtime
  return *r;
}

std::string base_name(const char* written) {
  std::string name(written);
  if (const auto angle = name.find('<'); angle != std::string::npos) name.erase(angle);
  if (const auto colons = name.rfind("::"); colons != std::string::npos) name.erase(0, colons + 2);
  return name;
}

void note_launch(const char* kernel) {
  LaunchRecord& r = record();
  std::lock_guard lock(r.mutex);
  const std::string name = base_name(kernel);
  if (r.counts[name]++ > 0) return;
  if (const char* log = std::getenv("CLAMPBENCH_EMULATOR_LAUNCH_LOG"); log != nullptr && *log != '\0') {
    if (FILE* f = std::fopen(log, "a")) {
      std::fprintf(f, "%s\n", name.c_str());
      std::fclose(f);
    }
  }
}

}  // namespace

void set_grid_shape(GridShape shape) {
  std::lock_guard lock(record().mutex);
  record().shape = shape;
}

GridShape grid_shape() {
  std::lock_guard lock(record().mutex);
  return record().shape;
}

std::map<std::string, std::uint64_t> launch_counts() {
  std::lock_guard lock(record().mutex);
  return record().counts;
}

void Launch::execute(const std::function<void()>& thread_body) const {
  dim3 grid = grid_, block = block_;
  if (const GridShape shape = grid_shape(); shape.blocks != 0) {
    grid = dim3(shape.blocks);
    block = dim3(shape.threads);
    // A voting kernel needs whole warps, on a device as here: round the block up to one.
    if (warps_ == WarpUse::Votes) block.x = (block.x + kWarp - 1) / kWarp * kWarp;
  }
  const unsigned long long threads = 1ull * block.x * block.y * block.z;
  const bool valid = grid.x >= 1 && grid.y >= 1 && grid.z >= 1 && grid.y <= 65535 && grid.z <= 65535 &&
                     block.x >= 1 && block.y >= 1 && block.z >= 1 && block.x <= 1024 && block.y <= 1024 &&
                     block.z <= 64 && threads <= 1024;
  if (!valid) {
    set_last_error(cudaErrorInvalidConfiguration);
    return;
  }
  note_launch(kernel_);
  Coordinates c;
  c.grid_dim = grid;
  c.block_dim = block;
  for (c.block.z = 0; c.block.z < grid.z; ++c.block.z)
    for (c.block.y = 0; c.block.y < grid.y; ++c.block.y)
      for (c.block.x = 0; c.block.x < grid.x; ++c.block.x) {
        if (warps_ == WarpUse::None) {
          for (c.thread.z = 0; c.thread.z < block.z; ++c.thread.z)
            for (c.thread.y = 0; c.thread.y < block.y; ++c.thread.y)
              for (c.thread.x = 0; c.thread.x < block.x; ++c.thread.x) {
                g_coordinates = c;
                thread_body();
              }
          continue;
        }
        if (block.y != 1 || block.z != 1 || block.x % kWarp != 0)
          emulator_fault(kernel_, "a voting kernel launched with blocks that are not whole warps along x");
        for (unsigned first = 0; first < block.x; first += kWarp) run_warp(thread_body, c, first, kernel_);
      }
}

}  // namespace clampbench::emulator
