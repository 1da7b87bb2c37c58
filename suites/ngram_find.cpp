// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// NgramGPUKernel._find_first_and_extract_all_n_parallel, the n-gram matcher of the
// GPU n-gram proposer, in its eager form. Per n-gram size one suffix-index clamp, plus one
// clamp of the draft indices: clamp_ saves (max_n - min_n + 1) + 1 allocations per call.

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "kernels/ops.h"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/ngram_find.h"
#include "suites/detail/ngram_history.h"
#include "suites/detail/ngram_range.h"
#include "suites/detail/tensor_refs.h"
#include "suites/ngram_find.cu"
#include "suites/suite.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "ngram_find";

using detail::ClampMode;

// (B, L, seed) -> token_ids [B, L] and seq_lengths [B], both owned by the proposer.
CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  const std::int64_t batch = p.get("B");
  const std::int64_t max_len = p.get("L");
  const detail::NgramRange range = detail::ngram_range(p.get("ngram_range"));
  detail::Rng rng(seed, kName, detail::Rng::Seeding::Unmixed);
  std::vector<std::int32_t> seq_lens(static_cast<std::size_t>(batch));
  for (std::int64_t r = 0; r < batch; ++r) {
    std::int64_t len = rng.uniform(1, max_len);
    if (r % 8 == 1) len = rng.uniform(0, range.max_n - 1);  // shorter than the n-gram: suffix start < 0
    if (r % 8 == 3) len = max_len;                           // full row: draft indices past the end
    seq_lens[static_cast<std::size_t>(r)] = static_cast<std::int32_t>(len);
  }
  const std::vector<std::int32_t> tokens = detail::make_token_history(rng, seq_lens, max_len);

  CaseData data;
  data.device = device;
  data.add("token_ids", from_vector(tokens, {batch, max_len}, device), Role::Persistent);
  data.add("seq_lengths", from_vector(seq_lens, {batch}, device), Role::Persistent);
  return data;
}

Outputs build(CaseData& data, const ParamPoint& p, ClampMode mode) {
  const detail::NgramRange range = detail::ngram_range(p.get("ngram_range"));
  return {{"draft_tokens", detail::find_first_and_extract_all_n_parallel(
                               data.get("token_ids"), data.get("seq_lengths"), range.min_n,
                               range.max_n, p.get("K"), mode)}};
}

// fused ngram_find: validates what the eager form would reject (an n-gram longer than the
// row, a sequence length outside [0, L] on host), allocates draft_tokens [B, K] int32 and
// fills it in one pass; the only allocation of the call.
Outputs fused(CaseData& data, const ParamPoint& p) {
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

}  // namespace

Suite make_ngram_find_suite() {
  return SuiteBuilder(kName)
      .describe(
          "GPU n-gram proposer: earliest match of the trailing n-gram for every n in "
          "[min_n, max_n] and extraction of the K following tokens. Eager form: in vLLM the "
          "function is torch.compiled, where clamp and clamp_ give the same graph.")
      .source("vllm/v1/spec_decode/ngram_proposer_gpu.py",
              "NgramGPUKernel._find_first_and_extract_all_n_parallel")
      .device(SuiteDevice::Gpu)
      .axis("B", {1, 8}, {1, 64, 256}, {1, 16, 128, 512, 1024})
      .axis("L", {256}, {4096, 32768}, {4096, 32768, 131072})
      .axis("K", {3}, {1, 4}, {1, 2, 4, 8})
      // Index into detail::kNgramRanges: (5,5), (2,5), (3,5), (1,4).
      .axis("ngram_range", {0, 1}, {0, 1, 2, 3}, {0, 1, 2, 3})
      .inputs(make_inputs)
      .outputs({"draft_tokens"})
      .clamp_variants(build,
                      "suffix and draft indices clamped out of place (pre-#48143)",
                      "suffix and draft indices clamped in place (#48143)")
      .floor("one pass per row, longest n first, no temporary tensor (the floor)", fused)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_ngram_find_suite);

}  // namespace clampbench::suites
