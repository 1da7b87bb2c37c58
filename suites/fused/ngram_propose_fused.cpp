// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// fused ngram_propose: one pass over the sampled tokens writing the masked-in ones into the
// runner's token_ids (its declared job) and num_tokens_tmp [B] int32, the only allocation.
// Returns token_ids itself, as clamp and clamp_ do.

#include "suites/fused/ngram_propose_fused.h"

#include <fmt/format.h>

#include "kernels/error.h"
#include "kernels/runtime.h"
#include "suites/fused/detail/ngram_propose_row.h"
#include "suites/fused/detail/tensor_refs.h"

namespace clampbench::suites::fused {

Outputs fused_ngram_propose(CaseData& data, const ParamPoint&) {
  Tensor& token_ids = data.get("token_ids");
  const Tensor& num_tokens_no_spec = data.get("num_tokens_no_spec");
  const auto tokens = detail::ref2<std::int32_t>(token_ids, "token_ids");
  const auto num_tokens = detail::ref1<const std::int32_t>(num_tokens_no_spec, "num_tokens_no_spec");
  const auto sampled = detail::ref2<const std::int32_t>(data.get("valid_sampled_token_ids"), "valid_sampled_token_ids");
  const auto counts = detail::ref1<const std::int32_t>(data.get("valid_sampled_tokens_count"), "valid_sampled_tokens_count");
  const std::int64_t batch = num_tokens.size;
  CB_CHECK(tokens.rows == batch && sampled.rows == batch && counts.size == batch, ErrorKind::ShapeMismatch,
           "fused ngram_propose: {} token rows, {} num_tokens, {} sampled rows, {} counts", tokens.rows, batch,
           sampled.rows, counts.size);

  Tensor num_tokens_tmp = Tensor::empty({batch}, DType::Int32, token_ids.device());
  const auto tmp = detail::ref1<std::int32_t>(num_tokens_tmp, "num_tokens_tmp");
  if (detail::runs_on_cuda(data.device)) {
#if CLAMPBENCH_HAVE_CUDA
    detail::launch_fused_ngram_propose(tokens, num_tokens, sampled, counts, tmp,
                                       static_cast<cudaStream_t>(Runtime::current().stream().handle));
#endif
  } else {
    for (std::int64_t r = 0; r < batch; ++r) {
      for (std::int64_t j = 0; j < sampled.cols; ++j) {
        const std::int32_t sample = sampled(r, j);
        const std::int64_t at = detail::propose_write_position(num_tokens[r], counts[r], sample, tokens.cols, j);
        CB_CHECK(at != -2, ErrorKind::IndexOutOfRange, "fused ngram_propose: negative write position in row {}", r);
        if (at >= 0) tokens(r, at) = sample;
      }
      tmp[r] = detail::add_i32(num_tokens[r], counts[r]);
    }
  }
  return {{"token_ids", token_ids}, {"num_tokens_tmp", num_tokens_tmp}};
}

}  // namespace clampbench::suites::fused
