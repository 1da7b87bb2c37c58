// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The position update of vLLM's eagle_step_slot_mapping_metadata_kernel (Triton,
// vllm/v1/spec_decode/utils.py:29-85), which LLMBaseProposer._update_positions_dependent_metadata
// (llm_base_proposer.py:769-819) runs before every draft step after the first: each request's
// position moves on by one and wraps to 0 once it reaches max_model_len. Shared by the eager
// port's helper (eagle_step_positions.h) and the fused Step3.5 builder; nvcc compiles this header.

#include <cstdint>

#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

// new_position = position + 1; exceeds_max = new_position >= max_model_len;
// clamped_position = where(exceeds_max, 0, new_position) (utils.py:62-66).
CB_HD std::int64_t eagle_next_position(std::int64_t position, std::int64_t max_model_len) {
  const std::int64_t next = position + 1;
  return next >= max_model_len ? 0 : next;
}

// The kernel (kernels/custom_kernel.h): one element per request, read before it is written, so
// `out` may be `positions` itself (as at every draft step after the first in vLLM).
struct EagleStepPositions {
  Ref1<const std::int64_t> positions;
  Ref1<std::int64_t> out;
  std::int64_t max_model_len = 0;
  CB_HD void operator()(std::int64_t i) const { out[i] = eagle_next_position(positions[i], max_model_len); }
};

}  // namespace clampbench::suites::detail
