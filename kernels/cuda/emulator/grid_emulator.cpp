// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The grid walk of the emulator: blocks in order, threads in order; for a kernel that votes,
// the lanes of each warp as fibers (ucontext) that run until their next vote or their end,
// round-robin, so every vote sees all 32 predicates, as the device's lock-step warp does.

#include "kernels/cuda/emulator/grid_emulator.h"

#include <ucontext.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>

#include "kernels/cuda/emulator/emulated_state.h"

namespace clampbench::emulator {

thread_local Coordinates g_coordinates;

namespace {

constexpr unsigned kWarp = 32;
constexpr std::size_t kLaneStackBytes = 256 * 1024;  // room for a kernel body under ASan

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

// One warp of lanes as fibers. A lane that votes stores its predicate and switches back;
// when every live lane waits at the vote, the ballot is formed and all of them resume.
struct Warp {
  struct Lane {
    ucontext_t context;
    char* stack = nullptr;
    Coordinates coordinates;
    bool done = false, voting = false, predicate = false;
  };
  const std::function<void()>* body = nullptr;
  ucontext_t scheduler;
  std::vector<Lane> lanes;
  unsigned running = 0;
  unsigned ballot = 0;
  const char* kernel = "";
};
thread_local Warp* t_warp = nullptr;

// The lanes' stacks, made once per host thread and reused by every warp it runs.
char* lane_stack(unsigned lane) {
  thread_local std::vector<std::vector<char>> stacks(kWarp, std::vector<char>(kLaneStackBytes));
  return stacks[lane].data();
}

void lane_entry() {
  Warp& w = *t_warp;
  (*w.body)();
  w.lanes[w.running].done = true;
  swapcontext(&w.lanes[w.running].context, &w.scheduler);
}

[[noreturn]] void fault(const char* kernel, const char* what) {
  std::fprintf(stderr, "clampbench grid emulator: kernel %s: %s\n", kernel, what);
  std::abort();
}

void run_warp(Warp& w) {
  for (Warp::Lane& lane : w.lanes) {
    getcontext(&lane.context);
    lane.context.uc_stack.ss_sp = lane.stack;
    lane.context.uc_stack.ss_size = kLaneStackBytes;
    lane.context.uc_link = nullptr;
    makecontext(&lane.context, lane_entry, 0);
  }
  for (;;) {
    bool any_live = false, any_voting = false;
    for (w.running = 0; w.running < w.lanes.size(); ++w.running) {
      Warp::Lane& lane = w.lanes[w.running];
      if (lane.done) continue;
      g_coordinates = lane.coordinates;
      swapcontext(&w.scheduler, &lane.context);
      any_live |= !lane.done;
      any_voting |= lane.voting;
    }
    if (!any_live) return;
    unsigned ballot = 0;
    for (unsigned i = 0; i < w.lanes.size(); ++i) {
      // On a device a full-mask vote with a lane gone is undefined; here it is a hard fault.
      if (w.lanes[i].done && any_voting) fault(w.kernel, "a warp vote after some lanes of the warp returned");
      if (w.lanes[i].predicate) ballot |= 1u << i;
      w.lanes[i].voting = false;
    }
    w.ballot = ballot;
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

unsigned ballot_sync(unsigned mask, bool predicate) {
  Warp* w = t_warp;
  if (w == nullptr) fault("?", "__ballot_sync in a kernel launched without CB_LAUNCH_WARP_SYNC");
  if (mask != (w->lanes.size() == kWarp ? ~0u : (1u << w->lanes.size()) - 1u))
    fault(w->kernel, "__ballot_sync with a mask other than the whole warp");
  Warp::Lane& lane = w->lanes[w->running];
  lane.voting = true;
  lane.predicate = predicate;
  swapcontext(&lane.context, &w->scheduler);
  g_coordinates = lane.coordinates;
  return w->ballot;
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
          fault(kernel_, "a voting kernel launched with blocks that are not whole warps along x");
        for (unsigned first = 0; first < block.x; first += kWarp) {
          Warp w;
          w.body = &thread_body;
          w.kernel = kernel_;
          w.lanes.resize(kWarp);
          for (unsigned i = 0; i < kWarp; ++i) {
            w.lanes[i].stack = lane_stack(i);
            w.lanes[i].coordinates = c;
            w.lanes[i].coordinates.thread = uint3{first + i, 0, 0};
          }
          Warp* const outer = t_warp;
          t_warp = &w;
          run_warp(w);
          t_warp = outer;
        }
      }
}

}  // namespace clampbench::emulator
