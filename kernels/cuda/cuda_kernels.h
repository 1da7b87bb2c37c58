// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The kernel launchers of the CUDA backend, one per op family, each in its own .cu file.
// Plain C++ declarations: CudaBackend calls them with already validated, shaped operands.

#include <cstdint>

#include "kernels/detail/backend.h"

namespace clampbench::detail::cuda {

void launch_elementwise(const ElementwiseArgs& args, Stream stream);
void launch_reduce(const ReduceArgs& args, Stream stream);
void launch_arange(const TensorArg& out, std::int64_t start, std::int64_t step, Stream stream);

// Index kernels record the linear position (over the index tensor) of the first index
// outside [0, size of dim) in *first_bad, a device word the caller set to kNoBadIndex.
inline constexpr unsigned long long kNoBadIndex = ~0ull;
void launch_gather(const GatherArgs& args, unsigned long long* first_bad, Stream stream);
// The word holds position * IndexArgs::kMaxIndices + the bad index's dim.
void launch_index(const IndexArgs& args, unsigned long long* first_bad, Stream stream);
// Writes through every good index; a bad one is skipped and recorded.
void launch_scatter(const ScatterArgs& args, unsigned long long* first_bad, Stream stream);

}  // namespace clampbench::detail::cuda
