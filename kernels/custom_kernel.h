// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A custom kernel: one launch in place of eager ops, as a fused floor makes or as vLLM makes
// for one of its Triton kernels. It is one function, a trivially copyable body whose
//   CB_HD void operator()(std::int64_t i) const     (or `bool`: false marks element i as bad)
// computes element i of [0, work), and one registration in a .cu file,
//   CLAMPBENCH_CUSTOM_KERNEL(ns::Body);             (kernels/cuda/custom_kernel_launch.cuh)
// which compiles its device launch. launch_kernel runs the body as a host loop on the host
// backend and as one grid-stride kernel on the current stream on a device (or the grid
// emulator), counts that launch and its read-back for HostCost, and allocates nothing.
// A body whose elements are rows a warp shares also defines kLanes (32) and, in device code
// only (CLAMPBENCH_KERNEL_SOURCE), `void operator()(std::int64_t i, int lane) const`.

#include <cstdint>
#include <type_traits>

#include "kernels/detail/element_ops.h"  // CB_HD
#include "kernels/detail/op_call.h"
#include "kernels/device.h"
#include "kernels/error.h"

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

namespace detail {

// The device launch of a registered body; returns the smallest bad element when read_back,
// else -1. Defined for each body by CLAMPBENCH_CUSTOM_KERNEL, in the body's .cu file.
template <typename Body> std::int64_t launch_custom_kernel(const Body& body, std::int64_t work, bool read_back);

template <typename Body> constexpr bool kReturnsCheck = std::is_same_v<decltype(std::declval<const Body&>()(std::int64_t{})), bool>;

}  // namespace detail

// Runs `body` over [0, work) on `device`; returns the first bad element as `check` says, else -1.
template <typename Body>
std::int64_t launch_kernel(DeviceType device, std::int64_t work, const Body& body,
                           KernelCheck check = KernelCheck::None) {
  static_assert(std::is_trivially_copyable_v<Body>, "a kernel body is copied to the device by value");
  static_assert(detail::kReturnsCheck<Body> || std::is_void_v<decltype(body(std::int64_t{}))>,
                "a kernel body returns void or bool");
  if (work <= 0) return -1;  // no launch, as the device launch skips an empty grid
  detail::count_kernel(device, work, check == KernelCheck::ReadBack ? 1 : 0);
  if (device != DeviceType::Host) {
#if CLAMPBENCH_HAVE_CUDA
    return detail::launch_custom_kernel(body, work, check == KernelCheck::ReadBack);
#else
    throw_error(ErrorKind::Device, "custom kernel: a cuda case in a build without CUDA");
#endif
  }
  for (std::int64_t i = 0; i < work; ++i) {
    if constexpr (detail::kReturnsCheck<Body>) {
      if (!body(i) && check != KernelCheck::None) return i;
    } else {
      body(i);
    }
  }
  return -1;
}

}  // namespace clampbench
