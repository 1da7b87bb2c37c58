// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A custom kernel: one launch in place of eager ops, as a fused floor makes or as vLLM makes
// for one of its Triton kernels. It is one function, a trivially copyable body whose
//   CB_HD void operator()(std::int64_t i) const     (or `bool`: false marks element i as bad)
// computes element i of [0, work) (or `operator()(std::int64_t r, std::int64_t c)`, cell (r, c)
// of a KernelGrid), and one registration in a .cu file,
//   CLAMPBENCH_CUSTOM_KERNEL(ns::Body);             (kernels/cuda/custom_kernel_launch.cuh)
// which compiles its device launch. launch_kernel runs the body as a host loop on the host
// backend and as one grid-stride kernel on the current stream on a device (or the grid
// emulator), counts that launch and its read-back for HostCost, and allocates nothing.
// A body whose elements are rows a warp shares also defines kLanes (32) and, in device code
// only (CLAMPBENCH_KERNEL_SOURCE), `void operator()(std::int64_t i, int lane) const`.

#include <cstdint>
#include <type_traits>

#include "kernels/detail/op_call.h"
#include "kernels/device.h"
#include "kernels/error.h"
#include "kernels/host_device.h"

// True in a translation unit whose kernels run on a device or the grid emulator: a .cu file
// compiled by nvcc, or any file of the emulated build.
#if defined(__CUDACC__) || defined(CLAMPBENCH_CUDA_EMULATED)
#define CLAMPBENCH_KERNEL_SOURCE 1
#else
#define CLAMPBENCH_KERNEL_SOURCE 0
#endif

namespace clampbench {

// What a launch does with a body that returns false for an element.
enum class KernelCheck {
  None,      // nothing: the body's result is ignored
  OnHost,    // the host loop stops there and returns it; a device runs every element and reads
             // nothing back, as vLLM's kernels check nothing
  ReadBack,  // a device also records the smallest such element and reads it back after the
             // kernel: one copy and one sync, counted as one read-back
};

// A 2-D launch: element (r, c) of rows x cols, for a body whose elements are cells. The host
// loop runs the rows in order with no division per element; a device flattens the grid.
struct KernelGrid {
  std::int64_t rows = 0, cols = 0;
};

namespace detail {

// A body of cells takes (r, c); any other takes i. Both may return bool (false: a bad element).
template <typename Body>
constexpr bool kCellBody = !std::is_invocable_v<const Body&, std::int64_t> &&
                           std::is_invocable_v<const Body&, std::int64_t, std::int64_t>;
template <typename Body> constexpr bool returns_check() {
  if constexpr (kCellBody<Body>) {
    return std::is_same_v<std::invoke_result_t<const Body&, std::int64_t, std::int64_t>, bool>;
  } else {
    return std::is_same_v<std::invoke_result_t<const Body&, std::int64_t>, bool>;
  }
}
template <typename Body> constexpr bool kReturnsCheck = returns_check<Body>();

// Calls `body(args...)`; its result, or true for a body that checks nothing.
template <typename Body, typename... Args> CB_HD bool call_checked(const Body& body, Args... args) {
  if constexpr (kReturnsCheck<Body>) {
    return body(args...);
  } else {
    body(args...);
    return true;
  }
}

// Element i of a launch of `cols` columns (1 for a body of elements); false for a bad one.
template <typename Body> CB_HD bool run_element(const Body& body, std::int64_t i, std::int64_t cols) {
  if constexpr (kCellBody<Body>) {
    return call_checked(body, i / cols, i % cols);
  } else {
    return call_checked(body, i);
  }
}

// The device launch of a registered body over `work` elements in rows of `cols`; returns the
// smallest bad element when read_back, else -1. Defined for each body by
// CLAMPBENCH_CUSTOM_KERNEL, in the body's .cu file.
// The body is taken by value, as a launch copies it: the caller's never escapes, so the host
// loop's stores cannot alias its fields.
template <typename Body>
std::int64_t launch_custom_kernel(Body body, std::int64_t work, std::int64_t cols, bool read_back);

// What launch_kernel does after it has the grid: count, then the device or the host loop (row
// by row for a body of cells, so that no element pays a division). Flattened: the body and what
// it calls are inlined into the host loop, as in a loop written by hand over the same calls
// (measured without it: sparse_mla_slot_mapping's and sparse_mla_step's floors +10-12% of their
// instructions, ngram_find's up to +13%; static_sink's -9%).
template <typename Body>
[[gnu::flatten]] std::int64_t launch_grid(DeviceType device, KernelGrid grid, const Body& body, KernelCheck check) {
  static_assert(std::is_trivially_copyable_v<Body>, "a kernel body is copied to the device by value");
  if (grid.rows <= 0 || grid.cols <= 0) return -1;  // no launch, as a device skips an empty grid
  count_kernel(device, grid.rows * grid.cols, check == KernelCheck::ReadBack ? 1 : 0);
  if (device != DeviceType::Host) {
#if CLAMPBENCH_HAVE_CUDA
    return launch_custom_kernel(body, grid.rows * grid.cols, grid.cols, check == KernelCheck::ReadBack);
#else
    throw_error(ErrorKind::Device, "custom kernel: a cuda case in a build without CUDA");
#endif
  }
  // The host loop runs on a copy whose address never escapes, so that its stores through the
  // body's pointers cannot alias the body's fields and those stay in registers: a body read
  // through the caller's reference reloaded them every element (step3p5's loop, +10% of its
  // instructions). A large body is left where it is (sparse_mla's 336 bytes: +13% copied).
  const auto run = [&](const Body& host_body) -> std::int64_t {
    if constexpr (kCellBody<Body>) {
      for (std::int64_t r = 0; r < grid.rows; ++r)
        for (std::int64_t c = 0; c < grid.cols; ++c)
          if (!call_checked(host_body, r, c) && check != KernelCheck::None) return r * grid.cols + c;
    } else {
      for (std::int64_t i = 0; i < grid.rows; ++i)
        if (!call_checked(host_body, i) && check != KernelCheck::None) return i;
    }
    return -1;
  };
  if constexpr (sizeof(Body) <= 256) {
    const Body local = body;
    return run(local);
  } else {
    return run(body);
  }
}

}  // namespace detail

// Runs `body` over [0, work) on `device`; returns the first bad element as `check` says, else -1.
template <typename Body>
std::int64_t launch_kernel(DeviceType device, std::int64_t work, const Body& body,
                           KernelCheck check = KernelCheck::None) {
  static_assert(!detail::kCellBody<Body>, "a body of cells is launched over a KernelGrid");
  return detail::launch_grid(device, KernelGrid{work, 1}, body, check);
}

// Runs a body of cells over every (r, c) of `grid`; the first bad cell is returned as r * cols + c.
template <typename Body>
std::int64_t launch_kernel(DeviceType device, KernelGrid grid, const Body& body, KernelCheck check = KernelCheck::None) {
  static_assert(detail::kCellBody<Body>, "a body of elements is launched over a work count");
  return detail::launch_grid(device, grid, body, check);
}

}  // namespace clampbench
