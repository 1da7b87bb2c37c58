// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The device half of kernels/custom_kernel.h, included by the .cu file that registers a body:
//   CLAMPBENCH_CUSTOM_KERNEL(ns::Body);   // at global namespace scope
// defines launch_custom_kernel<ns::Body>: one grid-stride kernel on the current stream, whose
// launch is checked. nvcc compiles it for a device; the emulated build compiles the same file
// for the grid emulator, which logs the launch under the body's name.

#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>
#include <type_traits>

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_launch.h"
#include "kernels/custom_kernel.h"
#include "kernels/runtime.h"

namespace clampbench::detail::cuda {
namespace {

// The smallest bad element of the last checked launch from this file: static device memory,
// not an allocation. One per kernel source; launches on one stream are ordered, so the reset,
// the kernel and the read-back of one launch never interleave with another's.
constexpr unsigned long long kNoBadElement = ~0ull;
__device__ unsigned long long g_first_bad_element = kNoBadElement;

// The lanes that share an element: Body::kLanes where the body defines it, else 1.
template <typename Body> struct LanesOf : std::integral_constant<int, 1> {};
template <typename Body>
  requires requires { Body::kLanes; }
struct LanesOf<Body> : std::integral_constant<int, Body::kLanes> {};

// The generic kernels: their launches are logged under each registered body's name.
template <typename Body>
__global__ void custom_kernel(Body body, std::int64_t work, std::int64_t cols, bool record) {
  for (std::int64_t i = global_thread(); i < work; i += grid_stride()) {
    if (!run_element(body, i, cols) && record) atomicMin(&g_first_bad_element, static_cast<unsigned long long>(i));
  }
}

// One warp of kLanes lanes per element; every lane of a warp reaches every element's votes.
template <typename Body>
__global__ void custom_warp_kernel(Body body, std::int64_t work) {
  constexpr int lanes = LanesOf<Body>::value;
  const int lane = static_cast<int>(threadIdx.x % lanes);
  for (std::int64_t i = global_thread() / lanes; i < work; i += grid_stride() / lanes) body(i, lane);
}

template <typename Body>
std::int64_t launch_body(const char* name, const Body& body, std::int64_t work, std::int64_t cols, bool read_back) {
  // `name` is for the emulator's launch log and errors; a device names the kernel by its template argument.
  const cudaStream_t stream = static_cast<cudaStream_t>(Runtime::current().stream().handle);
  constexpr int lanes = LanesOf<Body>::value;
  if constexpr (lanes > 1) {
    // No fmt here: nvcc does not compile it.
    if (read_back) throw_error(ErrorKind::InvalidArgument, std::string("custom kernel ") + name + ": a warp body reads nothing back");
#if defined(CLAMPBENCH_CUDA_EMULATED)
    ::clampbench::emulator::Launch(name, grid_for(work * lanes), kThreadsPerBlock, stream,
                                   ::clampbench::emulator::WarpUse::Votes)
        .run(custom_warp_kernel<Body>)(body, work);
#else
    custom_warp_kernel<Body><<<grid_for(work * lanes), kThreadsPerBlock, 0, stream>>>(body, work);
#endif
    CB_CUDA_CHECK_LAUNCH();
    return -1;
  } else {
    if (read_back) {
      // The symbol's address, not the template overload on the variable: the emulated build has only the C API.
      CB_CUDA_CHECK(cudaMemcpyToSymbolAsync(&g_first_bad_element, &kNoBadElement, sizeof kNoBadElement, 0,
                                            cudaMemcpyHostToDevice, stream));
    }
#if defined(CLAMPBENCH_CUDA_EMULATED)
    ::clampbench::emulator::Launch(name, grid_for(work), kThreadsPerBlock, stream, ::clampbench::emulator::WarpUse::None)
        .run(custom_kernel<Body>)(body, work, cols, read_back);
#else
    custom_kernel<Body><<<grid_for(work), kThreadsPerBlock, 0, stream>>>(body, work, cols, read_back);
#endif
    CB_CUDA_CHECK_LAUNCH();
    if (!read_back) return -1;
    unsigned long long bad = kNoBadElement;
    CB_CUDA_CHECK(cudaMemcpyFromSymbolAsync(&bad, &g_first_bad_element, sizeof bad, 0, cudaMemcpyDeviceToHost, stream));
    CB_CUDA_CHECK(cudaStreamSynchronize(stream));
    return bad == kNoBadElement ? -1 : static_cast<std::int64_t>(bad);
  }
}

}  // namespace
}  // namespace clampbench::detail::cuda

// The registration of a body (a fully qualified name), at global namespace scope in its .cu.
#define CLAMPBENCH_CUSTOM_KERNEL(Body)                                                                        \
  template <>                                                                                                 \
  std::int64_t clampbench::detail::launch_custom_kernel<Body>(Body body, std::int64_t work,                        \
                                                              std::int64_t cols, bool read_back) {            \
    return ::clampbench::detail::cuda::launch_body(#Body, body, work, cols, read_back);                       \
  }                                                                                                           \
  static_assert(true, "a registration ends with a semicolon")
