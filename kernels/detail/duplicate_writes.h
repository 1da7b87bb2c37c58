// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The check behind write_order: does one indexed write hit a destination more than once with
// differing values? Then its result depends on the order of the writes (deterministic here,
// unspecified for torch's CUDA scatter_). Equal values written twice are harmless.

#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/write_order.h"

namespace clampbench::detail {

// self[..index[i]..] = src[i] along `dim` where mask (nullptr: everywhere) holds; operands
// already validated and at least 1-D. Reads them on the host (a device tensor through a host
// copy: no tensor is allocated). Out-of-range indices are skipped: the write itself rejects
// them. Empty when no destination gets differing values.
// The storage element each index position writes, C order over the index; -1 where the mask
// is false or the index is out of range. Same operands as below.
std::vector<std::int64_t> scatter_destinations(const Tensor& self, int dim, const Tensor& index, const Tensor* mask);

std::optional<OrderDependentWrite> find_order_dependent_writes(const Tensor& self, int dim, const Tensor& index,
                                                               const Tensor& src, const Tensor* mask,
                                                               const char* op);

}  // namespace clampbench::detail
