// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The part of vLLM's eagle_step_slot_mapping_metadata_kernel that the Step3.5 builder reads:
// the positions it writes into the proposer's persistent buffer (self.positions[:batch_size]).
// vLLM runs it as a Triton kernel that allocates nothing; this runtime has no in-place add,
// so the port runs it as a host loop or one CUDA kernel, allocating nothing either.
// The kernel's other writes -- the primary group's slot mapping and seq_lens -- are not
// ported: the Step3.5 override never reads them and they are the same in every variant.

#include <cstdint>

#include "kernels/tensor.h"

namespace clampbench::suites::detail {

// out[i] = positions[i] + 1, or 0 where that reaches max_model_len, for i < positions.size(0).
// Both int64 rank 1 on one device, out exactly as long as positions; out may be positions
// itself (each element is read before it is written), but no other overlap.
void eagle_step_positions_(Tensor& out, const Tensor& positions, std::int64_t max_model_len);

}  // namespace clampbench::suites::detail
