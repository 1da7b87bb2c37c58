// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// From the write-order log of one builder call to findings about the case's buffers: each
// recorded write is matched to the input buffer that owns its storage, and kept when that
// buffer is Persistent or PersistentWritable (the runner's state; Fresh inputs and the
// builder's temporaries are its own business).

#include <vector>

#include "harness/results/case_result.h"
#include "kernels/write_order.h"

namespace clampbench {

std::vector<OrderWriteFinding> map_order_dependent_writes(const std::vector<OrderDependentWrite>& writes,
                                                          const CaseData& data);

// The view writes of one builder call into the case's Persistent buffers (PersistentWritable
// ones are the runner's to write, Fresh ones the builder's), one finding per (buffer, op).
std::vector<LatentWriteFinding> map_latent_writes(const std::vector<ViewWrite>& writes, const CaseData& data);

// The index in `t`'s view of the storage element `element`; empty when the view does not
// cover it.
std::vector<std::int64_t> view_index_of(const Tensor& t, std::int64_t element);

}  // namespace clampbench
