// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Fused mamba_fallback: where(prev >= 0, prev, clamp((nct - 1) // B, 0)) per request in one pass.
// Allocates the one int32 [R] output and nothing else (clamp: 5, clamp_: 4).

#include "suites/fused/mamba_fallback_fused.h"

#include "kernels/custom_kernel.h"
#include "suites/detail/tensor_refs.h"
#include "suites/fused/detail/mamba_math.h"

namespace clampbench::suites::fused {

Outputs fused_mamba_fallback(CaseData& data, const ParamPoint& p) {
  const auto nct = detail::ref1<const std::int32_t>(data.get("num_computed_tokens"), "num_computed_tokens");
  const auto prev = detail::ref1<const std::int32_t>(data.get("prev_last_scheduled_idx"), "prev_last_scheduled_idx");
  CB_CHECK(nct.size == prev.size, ErrorKind::ShapeMismatch,
           "fused mamba_fallback: num_computed_tokens has {} rows, prev_last_scheduled_idx {}", nct.size, prev.size);
  const std::int64_t block = p.get("B");
  CB_CHECK(block > 0, ErrorKind::InvalidArgument, "fused mamba_fallback: block size {}", block);
  Tensor out = Tensor::empty({nct.size}, DType::Int32, data.device);
  launch_kernel(data.device, nct.size, detail::FallbackRows{nct, prev, block, detail::out_ptr<std::int32_t>(out)});
  return {{"block_idx_last_scheduled_token", out}};
}

}  // namespace clampbench::suites::fused
