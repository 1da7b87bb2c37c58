// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The modelled code's host work: what vLLM computes in numpy, on *_cpu tensors and in Python
// ints beside a device build (the request index, the decode/prefill split). On a GPU none of
// it is the device allocator's traffic, launches a kernel or waits for the device; the host
// backend must count the same, though all its memory is host memory. So such memory is marked:
// - inside a HostPlanning region every host tensor an op makes is host-side (from
//   Runtime::host_side_allocator, booked apart from every device's counters), and ops launch
//   nothing -- they still count by name, as vLLM's CPU tensor ops do. Only ops on host-side
//   tensors belong inside: a device op there would not count its launch.
// - from_numpy / to_numpy stand for numpy's side of the boundary (torch.from_numpy,
//   np.asarray of a CPU tensor), which dispatches no op and allocates nothing on the device.
// Reading a host-side tensor waits for nothing, and a copy_ between it and device memory is a
// host-device copy on either backend (kernels/host_cost.h).

#include <vector>

#include "kernels/host_planning_region.h"
#include "kernels/tensor.h"

namespace clampbench {

// A host-side tensor holding `values` (int32 or int64), shaped `shape`: the pinned tensor vLLM
// makes of a numpy array before copying it to the device. No op, no device allocation.
template <typename T> Tensor from_numpy(const std::vector<T>& values, const Dims& shape);
// The values of host-side tensor `t`, as numpy reads a CPU tensor: no op, no wait.
template <typename T> std::vector<T> to_numpy(const Tensor& t);

}  // namespace clampbench
