// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Fused mamba_prefix_caching: the three block indices of each request from one read of nct and seq_len.
// Allocates the three int32 [R] outputs and nothing else (clamp: 12, clamp_: 10).

#include "suites/fused/mamba_prefix_caching_fused.h"

#include "kernels/custom_kernel.h"
#include "suites/detail/tensor_refs.h"
#include "suites/fused/detail/mamba_math.h"

namespace clampbench::suites::fused {

Outputs fused_mamba_prefix_caching(CaseData& data, const ParamPoint& p) {
  const auto nct = detail::ref1<const std::int32_t>(data.get("num_computed_tokens"), "num_computed_tokens");
  const auto seq_lens = detail::ref1<const std::int32_t>(data.get("seq_lens"), "seq_lens");
  CB_CHECK(nct.size == seq_lens.size, ErrorKind::ShapeMismatch,
           "fused mamba_prefix_caching: num_computed_tokens has {} rows, seq_lens {}", nct.size, seq_lens.size);
  const std::int64_t block = p.get("B");
  CB_CHECK(block > 0, ErrorKind::InvalidArgument, "fused mamba_prefix_caching: block size {}", block);
  const std::int64_t rows = nct.size;
  Tensor last_computed = Tensor::empty({rows}, DType::Int32, data.device);
  Tensor first_scheduled = Tensor::empty({rows}, DType::Int32, data.device);
  Tensor last_scheduled = Tensor::empty({rows}, DType::Int32, data.device);
  launch_kernel(data.device, rows,
                detail::PrefixCachingRows{nct, seq_lens, block, detail::out_ptr<std::int32_t>(last_computed),
                                          detail::out_ptr<std::int32_t>(first_scheduled),
                                          detail::out_ptr<std::int32_t>(last_scheduled)});
  return {{"block_idx_last_computed_token", last_computed},
          {"block_idx_first_scheduled_token", first_scheduled},
          {"block_idx_last_scheduled_token", last_scheduled}};
}

}  // namespace clampbench::suites::fused
