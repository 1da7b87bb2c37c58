// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// NgramProposerGPU.update_token_ids_ngram, the next input token of every request:
// the last valid sampled token, or, when a row has none (all rejected, or discarded), the
// backup token read from the history at num_tokens_no_spec - 1.
//
// Allocations per call, in op order:
//   backup_indices   sub, [clamp], .long()                    3 (clamp_ 2)
//   backup token     gather                                    1
//   valid samples    clone, (masked_fill_ 0), ne, lt, and      4
//   count            sum, .to(int32)                           2
//   last valid       sub, ne (has_valid; clamp_: ge), [clamp]  3 (clamp_ 2)
//   next token       gather, where                             2
//   clamp 15, clamp_ 13, clamp_naive 13.
// vLLM 0.25.0 computes `last_valid_indices != -1` after its out-of-place clamp; with an
// in-place clamp that test must move before it, which 0.27.0 (and clamp_) does as `>= 0` and
// clamp_naive does not.

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "kernels/ops.h"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/ngram_history.h"
#include "suites/detail/tensor_refs.h"
#include "suites/ngram_update.cu"
#include "suites/suite.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "ngram_update";

using detail::ClampMode;

// Rows of the runner's buffers beyond the R requests of this step.
constexpr std::int64_t kSpareRows = 2;

CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  const std::int64_t reqs = p.get("R");
  const std::int64_t rows = reqs + kSpareRows;
  const std::int64_t max_len = p.get("L");
  const std::int64_t width = p.get("K") + 1;
  detail::Rng rng(seed, kName, detail::Rng::Seeding::Unmixed);
  std::vector<std::int32_t> num_tokens(static_cast<std::size_t>(rows));
  std::vector<std::int32_t> discard(static_cast<std::size_t>(rows), 0);
  std::vector<std::int32_t> sampled(static_cast<std::size_t>(reqs * width), -1);
  for (std::int64_t r = 0; r < rows; ++r) {
    // 0 tokens (a fresh row: backup index -1, clamped to 0) in one row of eight.
    num_tokens[static_cast<std::size_t>(r)] = static_cast<std::int32_t>(r % 8 == 2 ? 0 : rng.uniform(1, max_len));
    // Discarded (a partial prefill chunk, whose sample is dropped): vLLM orders prefills
    // last, so the last request of the step is one, and so is every eighth row.
    discard[static_cast<std::size_t>(r)] = r % 8 == 6 || r == reqs - 1 ? 1 : 0;
  }
  for (std::int64_t r = 0; r < reqs; ++r) {
    // Rejection sampling keeps a valid prefix; r % 4 == 1 rows keep nothing (the hazard row).
    const std::int64_t accepted = r % 4 == 1 ? 0 : rng.uniform(1, width);
    for (std::int64_t j = 0; j < accepted; ++j) {
      // Now and then an id past the vocabulary (padded logits) that `< vocab` rejects.
      const bool out_of_vocab = rng.chance(1, 32);
      sampled[static_cast<std::size_t>(r * width + j)] = static_cast<std::int32_t>(
          out_of_vocab ? rng.uniform(detail::kNgramVocab, detail::kNgramVocab + 7)
                       : rng.uniform(1, detail::kNgramVocab - 1));
    }
  }
  const std::vector<std::int32_t> tokens = detail::make_token_history(rng, num_tokens, max_len);

  CaseData data;
  data.device = device;
  data.add("token_ids", from_vector(tokens, {rows, max_len}, device), Role::Persistent);
  data.add("num_tokens_no_spec", from_vector(num_tokens, {rows}, device), Role::Persistent);
  data.add("discard_request_mask", ne(from_vector(discard, {rows}, device), 0), Role::Persistent);
  data.add("sampled_token_ids", from_vector(sampled, {reqs, width}, device), Role::Fresh);
  return data;
}

Outputs build(CaseData& data, const ParamPoint&, ClampMode mode) {
  const Tensor& token_ids = data.get("token_ids");
  const Tensor& num_tokens_no_spec = data.get("num_tokens_no_spec");
  const Tensor& discard_request_mask = data.get("discard_request_mask");
  const Tensor& sampled = data.get("sampled_token_ids");
  const std::int64_t num_reqs = sampled.size(0);

  Tensor backup_indices =
      to(detail::clamp_as(mode, sub(num_tokens_no_spec.slice(0, 0, num_reqs), 1), 0), DType::Int64);
  Tensor backup_next_token_ids =
      gather(token_ids.slice(0, 0, num_reqs), 1, backup_indices.unsqueeze(1)).squeeze(1);

  Tensor valid_sampled = clone(sampled);
  masked_fill_(valid_sampled, discard_request_mask.slice(0, 0, num_reqs).unsqueeze(1).expand(sampled.shape()),
               -1);
  Tensor valid_mask = logical_and(ne(valid_sampled, -1), lt(valid_sampled, detail::kNgramVocab));
  Tensor valid_count = to(sum(valid_mask, 1), DType::Int32);

  Tensor last_valid = sub(valid_count, 1);  // -1 where the row has no valid sample
  Tensor has_valid;
  if (mode == ClampMode::InPlaceNaive) {
    last_valid = detail::clamp_as(mode, last_valid, 0);
    has_valid = ne(last_valid, -1);  // the hazard: the clamp already turned -1 into 0
  } else {
    // 0.25.0 tests `!= -1` on its unclamped copy; 0.27.0, clamping in place, tests `>= 0`
    // before the clamp: the same values (last_valid >= -1), each release's own op.
    has_valid = mode == ClampMode::InPlace ? ge(last_valid, 0) : ne(last_valid, -1);
    last_valid = detail::clamp_as(mode, last_valid, 0);
  }
  Tensor selected = gather(valid_sampled, 1, last_valid.unsqueeze(1)).squeeze(1);
  Tensor next_token_ids = where(has_valid, selected, backup_next_token_ids);
  return {{"next_token_ids", next_token_ids},
          {"valid_sampled_tokens_count", valid_count},
          {"valid_sampled_token_ids", valid_sampled}};
}

// fused ngram_update: the R request rows are the first R rows of the runner's buffers (clamp
// slices them); the three outputs are allocated contiguous, as clamp's are, and filled by
// one loop (host) or one kernel (cuda).
Outputs fused(CaseData& data, const ParamPoint&) {
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

}  // namespace

Suite make_ngram_update_suite() {
  return SuiteBuilder(kName)
      .describe(
          "GPU n-gram proposer: next token ids from the last valid sample of each request, "
          "falling back to the history's last token for rows with none.")
      .source("vllm/v1/spec_decode/ngram_proposer_gpu.py", "NgramProposerGPU.update_token_ids_ngram")
      .device(SuiteDevice::Gpu)
      .axis("R", {1, 8}, {1, 64, 256}, {1, 16, 128, 512, 1024})
      .axis("L", {256}, {4096, 32768}, {4096, 32768, 131072})
      .axis("K", {3}, {1, 4}, {1, 2, 4, 8})
      .inputs(make_inputs)
      .outputs({"next_token_ids", "valid_sampled_tokens_count", "valid_sampled_token_ids"})
      .clamp_variants(build,
                      "backup and last-valid indices clamped out of place (pre-#48143)",
                      "both clamped in place, has_valid tested before the clamp (#48143)")
      .variant("clamp_naive",
               "canary: last_valid clamped in place and then tested != -1, which no longer "
               "sees rows without a valid sample (must be flagged as an output mismatch)",
               [](CaseData& d, const ParamPoint& p) { return build(d, p, ClampMode::InPlaceNaive); })
      .floor("one pass per request row, only the three outputs allocated (the floor)", fused)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_ngram_update_suite);

}  // namespace clampbench::suites
