// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The host grid emulator: what portable.h maps a kernel launch, the thread coordinates and
// the intrinsics to when a kernel source is compiled by the host compiler. A launch runs the
// kernel body once per thread of the grid, block after block, thread after thread, on the
// calling thread; the lanes of a warp switch only at a warp vote (each lane is a fiber), so
// kernels that vote see the lock-step they rely on. Test builds only.

#include <cuda_runtime.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <utility>

#include "kernels/cuda/emulator/coordinates.h"
#include "kernels/cuda/emulator/warp_lanes.h"  // ballot_sync, behind __ballot_sync

namespace clampbench::emulator {

// A grid and block shape (x only) every launch uses instead of its own while it is set, so a
// test can run one kernel over 1x1, 1x7, 3x32 and its real shape: a grid-stride loop must
// give the same result for all of them.
struct GridShape {
  unsigned blocks = 0, threads = 0;  // 0 blocks: the launch's own shape
};
void set_grid_shape(GridShape shape);
GridShape grid_shape();

// Launches so far per kernel name (the name as written at the launch, template arguments and
// namespaces stripped). With CLAMPBENCH_EMULATOR_LAUNCH_LOG=FILE each name's first launch is
// also appended to FILE, so a run of many tests can be checked for kernels never launched.
std::map<std::string, std::uint64_t> launch_counts();

enum class WarpUse { None, Votes };

class Launch {
 public:
  Launch(const char* kernel, dim3 grid, dim3 block, cudaStream_t stream, WarpUse warps)
      : kernel_(kernel), grid_(grid), block_(block), warps_(warps) {
    (void)stream;  // every launch runs to completion before it returns: streams order nothing
  }

  // kernel<<<...>>>(args...): the arguments are converted to the kernel's parameter types
  // once, as the launch copies them to the device, and every thread reads that copy.
  template <typename... Params> auto run(void (*kernel)(Params...)) {
    return [launch = *this, kernel](auto&&... args) {
      std::tuple<Params...> params(std::forward<decltype(args)>(args)...);
      launch.execute([&] { std::apply(kernel, params); });
    };
  }

 private:
  // Validates the configuration as the device does (an invalid one sets the last error to
  // cudaErrorInvalidConfiguration and runs nothing), applies the GridShape, runs the body.
  void execute(const std::function<void()>& thread_body) const;

  const char* kernel_;
  dim3 grid_, block_;
  WarpUse warps_;
};

}  // namespace clampbench::emulator

#define threadIdx (::clampbench::emulator::g_coordinates.thread)
#define blockIdx (::clampbench::emulator::g_coordinates.block)
#define blockDim (::clampbench::emulator::g_coordinates.block_dim)
#define gridDim (::clampbench::emulator::g_coordinates.grid_dim)

// Threads run one at a time, so the device atomics are plain read-modify-writes here.
inline unsigned long long atomicMin(unsigned long long* address, unsigned long long value) {
  const unsigned long long old = *address;
  if (value < old) *address = value;
  return old;
}
inline unsigned __ballot_sync(unsigned mask, int predicate) {
  return ::clampbench::emulator::ballot_sync(mask, predicate != 0);
}
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __popc(unsigned x) { return __builtin_popcount(x); }
