// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// NgramProposerGPU.propose, the scatter of the newly sampled tokens into the
// proposer's persistent token history before the matcher runs. Writing token_ids is the
// builder's declared job; clamp_ saves the one allocation of the clamped write positions.
//
// Op for op as vLLM (0.25.0 ngram_proposer_gpu.py:350-373, 0.27.0 :351-375): the write
// positions are clamped to L - 1, the values there gathered, blended with where() and
// scatter_ed at EVERY position. A row whose positions run past L - 1 scatters several values
// to column L - 1, and the last write wins: torch's CPU scatter_ and this runtime (host loop
// and CUDA kernel alike) write in index order, so a valid token written at L - 1 is
// overwritten by the existing value of a later, masked-off position. torch's CUDA scatter_
// leaves that order unspecified, so in vLLM on a GPU the result there is nondeterministic.
// The written description of this site says "scattered where the mask holds"; vLLM wins.
//
// Then the kernel's row mask, up to the kernel call (0.27.0 :377-382): sampled_flags =
// count > 0, valid_mask = ones, combined_mask = sampled_flags & valid_mask & (num_tokens_tmp >=
// min_n). The kernel itself is ngram_find's, so the builder returns what it reads: token_ids,
// num_tokens_tmp and combined_mask.
//
// Allocations per call: arange, add, lt (valid_write_mask), lt (in_bounds), ne, and, and,
// [clamp], gather (existing_values), where, add (num_tokens_tmp), gt, ones, and, ge, and =
// clamp 16, clamp_ 15. The no-ops: .long() of the int64 positions, .to(int32) of the int32
// tokens and of the int32 sum.

#include "kernels/ops.h"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/ngram_history.h"
#include "suites/fused/ngram_propose_fused.h"
#include "suites/suite.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "ngram_propose";

using detail::ClampMode;

CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  const std::int64_t batch = p.get("B");
  const std::int64_t max_len = p.get("L");
  const std::int64_t new_tokens = p.get("K") + 1;
  detail::Rng rng(seed, kName, detail::Rng::Seeding::Unmixed);
  std::vector<std::int32_t> num_tokens(static_cast<std::size_t>(batch));
  std::vector<std::int32_t> counts(static_cast<std::size_t>(batch));
  std::vector<std::int32_t> sampled(static_cast<std::size_t>(batch * new_tokens), -1);
  for (std::int64_t r = 0; r < batch; ++r) {
    // Other rows stay inside the history, so only rows 3 mod 8 can overflow (findings depend
    // on B, never on the seed).
    std::int64_t len = rng.uniform(1, max_len - new_tokens);
    if (r % 8 == 3) len = max_len - rng.uniform(1, new_tokens);  // writes run past the end
    std::int64_t count = r % 8 == 5 ? 0 : rng.uniform(1, new_tokens);  // 0: nothing sampled
    if (r == 3) {
      // Always (B >= 4): a valid token lands at L - 1 and every later position is clamped onto
      // L - 1 too, writing back the existing value -- the order-dependent write of vLLM.
      len = max_len - 1;
      count = new_tokens;
    } else if (r == 7) {
      // Duplicates at L - 1 that all carry the same existing value: harmless.
      len = max_len - 1;
      count = 0;
    }
    num_tokens[static_cast<std::size_t>(r)] = static_cast<std::int32_t>(len);
    counts[static_cast<std::size_t>(r)] = static_cast<std::int32_t>(count);
    for (std::int64_t j = 0; j < count; ++j) {
      // Rarely a -1 inside the count: the `!= -1` term of the mask must drop it.
      const bool hole = rng.chance(1, 16) && r != 3;
      sampled[static_cast<std::size_t>(r * new_tokens + j)] =
          hole ? -1 : static_cast<std::int32_t>(rng.uniform(1, detail::kNgramVocab - 1));
    }
  }
  const std::vector<std::int32_t> tokens = detail::make_token_history(rng, num_tokens, max_len);

  CaseData data;
  data.device = device;
  data.add("token_ids", from_vector(tokens, {batch, max_len}, device), Role::PersistentWritable);
  data.add("num_tokens_no_spec", from_vector(num_tokens, {batch}, device), Role::Persistent);
  data.add("valid_sampled_token_ids", from_vector(sampled, {batch, new_tokens}, device), Role::Fresh);
  data.add("valid_sampled_tokens_count", from_vector(counts, {batch}, device), Role::Fresh);
  return data;
}

Outputs build(CaseData& data, const ParamPoint&, ClampMode mode) {
  Tensor& token_ids = data.get("token_ids");
  const Tensor& num_tokens_no_spec = data.get("num_tokens_no_spec");
  const Tensor& sampled = data.get("valid_sampled_token_ids");
  const Tensor& count = data.get("valid_sampled_tokens_count");
  const std::int64_t max_seq_len = token_ids.size(1);
  const DeviceType dev = token_ids.device();

  Tensor offsets = arange(sampled.size(1), DType::Int64, dev);
  Tensor write_positions = add(num_tokens_no_spec.unsqueeze(1), offsets.unsqueeze(0));
  Tensor valid_write_mask = lt(offsets.unsqueeze(0), count.unsqueeze(1));
  Tensor in_bounds = lt(write_positions, max_seq_len);  // before the clamp hides the overflow
  Tensor scatter_mask = logical_and(logical_and(valid_write_mask, ne(sampled, -1)), in_bounds);

  Tensor write_positions_long = to(detail::clamp_as(mode, write_positions, std::nullopt, max_seq_len - 1),
                                   DType::Int64);
  Tensor existing_values = gather(token_ids, 1, write_positions_long);
  Tensor tokens_cast = to(sampled, token_ids.dtype());
  Tensor tokens_to_scatter = where(scatter_mask, tokens_cast, existing_values);
  scatter_(token_ids, 1, write_positions_long, tokens_to_scatter);

  Tensor num_tokens_tmp = to(add(num_tokens_no_spec, count), DType::Int32);

  Tensor sampled_flags = gt(count, 0);
  Tensor valid_mask = full({num_tokens_no_spec.size(0)}, 1, DType::Bool, dev);  // torch.ones(bool)
  Tensor combined_mask = logical_and(logical_and(sampled_flags, valid_mask), ge(num_tokens_tmp, detail::kNgramProposeMinN));
  return {{"token_ids", token_ids}, {"num_tokens_tmp", num_tokens_tmp}, {"combined_mask", combined_mask}};
}

}  // namespace

Suite make_ngram_propose_suite() {
  return SuiteBuilder(kName)
      .describe(
          "GPU n-gram proposer: scatter of the sampled tokens into the persistent token "
          "history at num_tokens_no_spec + offset clamped to L - 1; masked-off positions write back "
          "the existing value, so overflowing rows write column L - 1 several times (last wins).")
      .source("vllm/v1/spec_decode/ngram_proposer_gpu.py", "NgramProposerGPU.propose")
      .device(SuiteDevice::Gpu)
      .axis("B", {1, 8}, {1, 64, 256}, {1, 16, 128, 512, 1024})
      .axis("L", {256}, {4096, 32768}, {4096, 32768, 131072})
      .axis("K", {3}, {1, 4}, {1, 2, 4, 8})
      .inputs(make_inputs)
      .outputs({"token_ids", "num_tokens_tmp", "combined_mask"})
      .clamp_variants(build,
                      "write positions clamped out of place (pre-#48143)",
                      "write positions clamped in place (#48143)")
      .variant("fused", "clamped, blended writes straight into token_ids in index order, no temporary (the floor)",
               fused::fused_ngram_propose)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_ngram_propose_suite);

}  // namespace clampbench::suites
