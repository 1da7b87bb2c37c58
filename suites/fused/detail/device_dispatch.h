// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a fused builder needs beside its path choice (runs_on_cuda, suites/detail/tensor_refs.h):
// the refusal of a cuda case by a host-only builder (a Device error) and the current stream.

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

// Host-only builders (host tensors in vLLM): a cuda case is a caller error.
inline void require_host(const CaseData& data, std::string_view builder) {
  CB_CHECK(data.device == DeviceType::Host, ErrorKind::Device,
           "fused {}: a host-only builder given a cuda case", builder);
}

#if CLAMPBENCH_HAVE_CUDA
inline cudaStream_t current_stream() { return static_cast<cudaStream_t>(Runtime::current().stream().handle); }
#endif

}  // namespace clampbench::suites::detail
