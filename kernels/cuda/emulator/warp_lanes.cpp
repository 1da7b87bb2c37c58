// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The lanes of a warp as fibers (ucontext) for a kernel that votes: each lane runs until its
// next vote or its end, round-robin, so every vote sees all 32 predicates, as the device's
// lock-step warp does.

#include "kernels/cuda/emulator/warp_lanes.h"

#include <ucontext.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace clampbench::emulator {
namespace {

constexpr std::size_t kLaneStackBytes = 256 * 1024;  // room for a kernel body under ASan

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

void run_lanes(Warp& w) {
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
      if (w.lanes[i].done && any_voting) emulator_fault(w.kernel, "a warp vote after some lanes of the warp returned");
      if (w.lanes[i].predicate) ballot |= 1u << i;
      w.lanes[i].voting = false;
    }
    w.ballot = ballot;
  }
}

}  // namespace

void emulator_fault(const char* kernel, const char* what) {
  std::fprintf(stderr, "clampbench grid emulator: kernel %s: %s\n", kernel, what);
  std::abort();
}

void run_warp(const std::function<void()>& body, const Coordinates& block, unsigned first_lane, const char* kernel) {
  Warp w;
  w.body = &body;
  w.kernel = kernel;
  w.lanes.resize(kWarp);
  for (unsigned i = 0; i < kWarp; ++i) {
    w.lanes[i].stack = lane_stack(i);
    w.lanes[i].coordinates = block;
    w.lanes[i].coordinates.thread = uint3{first_lane + i, 0, 0};
  }
  Warp* const outer = t_warp;
  t_warp = &w;
  run_lanes(w);
  t_warp = outer;
}

unsigned ballot_sync(unsigned mask, bool predicate) {
  Warp* w = t_warp;
  if (w == nullptr) emulator_fault("?", "__ballot_sync in a kernel launched without CB_LAUNCH_WARP_SYNC");
  if (mask != (w->lanes.size() == kWarp ? ~0u : (1u << w->lanes.size()) - 1u))
    emulator_fault(w->kernel, "__ballot_sync with a mask other than the whole warp");
  Warp::Lane& lane = w->lanes[w->running];
  lane.voting = true;
  lane.predicate = predicate;
  swapcontext(&lane.context, &w->scheduler);
  g_coordinates = lane.coordinates;
  return w->ballot;
}

}  // namespace clampbench::emulator
