// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which path a fused builder takes: the host loop, or (built with CUDA) the kernel. A cuda
// case in a build without CUDA, or in a host-only builder, cannot be served: a Device error.

#include <fmt/format.h>

#include <string_view>

#include "kernels/error.h"
#include "kernels/runtime.h"
#include "suites/suite.h"

#if CLAMPBENCH_HAVE_CUDA
#include <cuda_runtime_api.h>

#include "kernels/cuda/cuda_check.h"
#endif

namespace clampbench::suites::detail {

// True for the kernel path; throws where a cuda case cannot be served.
inline bool use_kernel(const CaseData& data, std::string_view builder) {
  if (data.device == DeviceType::Host) return false;
#if CLAMPBENCH_HAVE_CUDA
  (void)builder;
  return true;
#else
  throw_error(ErrorKind::Device, fmt::format("fused {}: a cuda case in a build without CUDA", builder));
#endif
}

// Host-only builders (host tensors in vLLM): a cuda case is a caller error.
inline void require_host(const CaseData& data, std::string_view builder) {
  CB_CHECK(data.device == DeviceType::Host, ErrorKind::Device,
           "fused {}: a host-only builder given a cuda case", builder);
}

#if CLAMPBENCH_HAVE_CUDA
inline cudaStream_t current_stream() { return static_cast<cudaStream_t>(Runtime::current().stream().handle); }
#endif

}  // namespace clampbench::suites::detail
