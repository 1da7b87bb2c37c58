// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// fused ngram_update: the R request rows are the first R rows of the runner's buffers (clamp
// slices them); the three outputs are allocated contiguous, as clamp's are, and filled by
// one loop (host) or one kernel (cuda).

#include "suites/fused/ngram_update_fused.h"

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "suites/detail/ngram_history.h"
#include "suites/detail/tensor_refs.h"
#include "suites/fused/detail/ngram_update_row.h"

namespace clampbench::suites::fused {

Outputs fused_ngram_update(CaseData& data, const ParamPoint&) {
  const Tensor& sampled_ids = data.get("sampled_token_ids");
  const auto history = detail::ref2<const std::int32_t>(data.get("token_ids"), "token_ids");
  const auto num_tokens = detail::ref1<const std::int32_t>(data.get("num_tokens_no_spec"), "num_tokens_no_spec");
  const auto discard = detail::ref1<const bool>(data.get("discard_request_mask"), "discard_request_mask");
  const auto sampled = detail::ref2<const std::int32_t>(sampled_ids, "sampled_token_ids");
  const std::int64_t reqs = sampled.rows, width = sampled.cols;
  CB_CHECK(history.rows >= reqs && num_tokens.size >= reqs && discard.size >= reqs, ErrorKind::ShapeMismatch,
           "fused ngram_update: {} requests but {} history rows, {} num_tokens, {} discard flags", reqs,
           history.rows, num_tokens.size, discard.size);
  CB_CHECK(width > 0 || reqs == 0, ErrorKind::IndexOutOfRange, "fused ngram_update: no sample columns");
  const DeviceType dev = sampled_ids.device();

  Tensor next_token_ids = Tensor::empty({reqs}, DType::Int32, dev);
  Tensor valid_count = Tensor::empty({reqs}, DType::Int32, dev);
  Tensor valid_sampled = Tensor::empty({reqs, width}, DType::Int32, dev);
  const detail::NgramUpdateRows rows{history, num_tokens, discard, sampled, suites::detail::kNgramVocab,
                                     detail::ref1<std::int32_t>(next_token_ids, "next_token_ids"),
                                     detail::ref1<std::int32_t>(valid_count, "valid_sampled_tokens_count"),
                                     detail::ref2<std::int32_t>(valid_sampled, "valid_sampled_token_ids")};
  const std::int64_t bad = launch_kernel(data.device, reqs, rows, KernelCheck::OnHost);
  CB_CHECK(bad < 0, ErrorKind::IndexOutOfRange, "fused ngram_update: backup index {} outside row {} of {}",
           num_tokens[bad] - 1, bad, history.cols);
  return {{"next_token_ids", next_token_ids},
          {"valid_sampled_tokens_count", valid_count},
          {"valid_sampled_token_ids", valid_sampled}};
}

}  // namespace clampbench::suites::fused
