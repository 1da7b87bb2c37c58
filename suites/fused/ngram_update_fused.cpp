// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// fused ngram_update: the R request rows are the first R rows of the runner's buffers (clamp
// slices them); the three outputs are allocated contiguous, as clamp's are, and filled by
// one loop (host) or one kernel (cuda).

#include "suites/fused/ngram_update_fused.h"

#include <fmt/format.h>

#include "kernels/detail/op_call.h"
#include "kernels/error.h"
#include "kernels/runtime.h"
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
  const auto next = detail::ref1<std::int32_t>(next_token_ids, "next_token_ids");
  const auto count = detail::ref1<std::int32_t>(valid_count, "valid_sampled_tokens_count");
  const auto valid = detail::ref2<std::int32_t>(valid_sampled, "valid_sampled_token_ids");
  const std::int64_t vocab = suites::detail::kNgramVocab;
  clampbench::detail::count_kernel(data.device, sampled.rows);
  if (detail::runs_on_cuda(data.device)) {
#if CLAMPBENCH_HAVE_CUDA
    detail::launch_fused_ngram_update(history, num_tokens, discard, sampled, vocab, next, count, valid,
                                      static_cast<cudaStream_t>(Runtime::current().stream().handle));
#endif
  } else {
    for (std::int64_t r = 0; r < reqs; ++r) {
      const bool ok = detail::ngram_update_row(history.row(r), num_tokens[r], discard[r], sampled.row(r), vocab,
                                               {valid.row(r), &next[r], &count[r]});
      CB_CHECK(ok, ErrorKind::IndexOutOfRange, "fused ngram_update: backup index {} outside row {} of {}",
               num_tokens[r] - 1, r, history.cols);
    }
  }
  return {{"next_token_ids", next_token_ids},
          {"valid_sampled_tokens_count", valid_count},
          {"valid_sampled_token_ids", valid_sampled}};
}

}  // namespace clampbench::suites::fused
