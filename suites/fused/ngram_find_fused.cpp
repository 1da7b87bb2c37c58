// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// fused ngram_find: validates what the eager form would reject (an n-gram longer than the
// row, a sequence length outside [0, L] on host), allocates draft_tokens [B, K] int32 and
// fills it in one pass; the only allocation of the call.

#include "suites/fused/ngram_find_fused.h"

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "suites/detail/ngram_range.h"
#include "suites/detail/tensor_refs.h"
#include "suites/fused/detail/ngram_find_row.h"

namespace clampbench::suites::fused {

Outputs fused_ngram_find(CaseData& data, const ParamPoint& p) {
  const suites::detail::NgramRange range = suites::detail::ngram_range(p.get("ngram_range"));
  const std::int64_t k = p.get("K");
  const Tensor& token_ids = data.get("token_ids");
  const Tensor& seq_lengths = data.get("seq_lengths");
  const auto tokens = detail::ref2<const std::int32_t>(token_ids, "token_ids");
  const auto seqs = detail::ref1<const std::int32_t>(seq_lengths, "seq_lengths");
  CB_CHECK(seqs.size == tokens.rows, ErrorKind::ShapeMismatch, "fused ngram_find: {} seq_lengths for {} rows",
           seqs.size, tokens.rows);
  CB_CHECK(range.max_n <= tokens.cols, ErrorKind::ShapeMismatch,
           "fused ngram_find: n-gram size {} longer than the row ({})", range.max_n, tokens.cols);

  Tensor draft_tokens = Tensor::empty({tokens.rows, k}, DType::Int32, token_ids.device());
  const auto out = detail::ref2<std::int32_t>(draft_tokens, "draft_tokens");
  const std::int64_t bad = out.cols == 0 ? -1
                         : launch_kernel(data.device, tokens.rows,
                                         detail::NgramFindRows{tokens, seqs, range.min_n, range.max_n, out},
                                         KernelCheck::OnHost);
  CB_CHECK(bad < 0, ErrorKind::IndexOutOfRange, "fused ngram_find: seq_length {} of row {} outside [0, {}]", seqs[bad],
           bad, tokens.cols);
  return {{"draft_tokens", draft_tokens}};
}

}  // namespace clampbench::suites::fused
