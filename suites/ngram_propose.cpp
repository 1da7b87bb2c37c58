// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Spec 2b: NgramProposerGPU.propose, the scatter of the newly sampled tokens into the
// proposer's persistent token history before the matcher runs. Writing token_ids is the
// builder's declared job; clamp_ saves the one allocation of the clamped write positions.
//
// Allocations per call: arange, add, lt (valid_write_mask), lt (in_bounds), ne, and, and,
// [clamp], add (num_tokens_tmp; its .to(int32) and the .long() are no-ops) = clamp 9,
// clamp_ 8. Difference from vLLM: vLLM gathers the existing values, blends them in with
// where() and scatter_s every position (2 more allocations); duplicate indices (out-of-bound
// positions clamped onto L - 1 next to a valid write at L - 1) then make the result depend
// on write order, nondeterministic on GPU. The port writes only where the mask holds
// (scatter_masked_), which is what vLLM's blend means and is deterministic.

#include "kernels/ops.h"
#include "suites/all_suites.h"
#include "suites/detail/ngram_clamp.h"
#include "suites/detail/ngram_history.h"
#include "suites/fused/ngram_propose_fused.h"

namespace clampbench::suites {
namespace {

using detail::ClampMode;

CaseData make_propose_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  const std::int64_t batch = p.get("B");
  const std::int64_t max_len = p.get("L");
  const std::int64_t new_tokens = p.get("K") + 1;
  detail::CaseRng rng(seed);
  std::vector<std::int32_t> num_tokens(static_cast<std::size_t>(batch));
  std::vector<std::int32_t> counts(static_cast<std::size_t>(batch));
  std::vector<std::int32_t> sampled(static_cast<std::size_t>(batch * new_tokens), -1);
  for (std::int64_t r = 0; r < batch; ++r) {
    std::int64_t len = rng.uniform(1, max_len - 1);
    if (r % 8 == 3) len = max_len - rng.uniform(1, new_tokens);  // writes run past the end
    const std::int64_t count = r % 8 == 5 ? 0 : rng.uniform(1, new_tokens);  // 0: nothing sampled
    num_tokens[static_cast<std::size_t>(r)] = static_cast<std::int32_t>(len);
    counts[static_cast<std::size_t>(r)] = static_cast<std::int32_t>(count);
    for (std::int64_t j = 0; j < count; ++j) {
      // Rarely a -1 inside the count: the `!= -1` term of the mask must drop it.
      const bool hole = rng.chance(1, 16);
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

Outputs run_propose(CaseData& data, ClampMode mode) {
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
  scatter_masked_(token_ids, 1, write_positions_long, to(sampled, token_ids.dtype()), scatter_mask);

  Tensor num_tokens_tmp = to(add(num_tokens_no_spec, count), DType::Int32);
  return {{"token_ids", token_ids}, {"num_tokens_tmp", num_tokens_tmp}};
}

}  // namespace

Suite make_ngram_propose_suite() {
  return SuiteBuilder("ngram_propose")
      .describe(
          "GPU n-gram proposer: scatter of the sampled tokens into the persistent token "
          "history at num_tokens_no_spec + offset, masked to valid, in-bounds positions.")
      .source("vllm/v1/spec_decode/ngram_proposer_gpu.py", "NgramProposerGPU.propose")
      .device(SuiteDevice::Gpu)
      .axis("B", {1, 8}, {1, 64, 256}, {1, 16, 128, 512, 1024})
      .axis("L", {256}, {4096, 32768}, {4096, 32768, 131072})
      .axis("K", {3}, {1, 4}, {1, 2, 4, 8})
      .inputs(make_propose_inputs)
      .outputs({"token_ids", "num_tokens_tmp"})
      .variant("clamp", "write positions clamped out of place (pre-#48143)",
               [](CaseData& d, const ParamPoint&) { return run_propose(d, ClampMode::OutOfPlace); })
      .variant("clamp_", "write positions clamped in place (#48143)",
               [](CaseData& d, const ParamPoint&) { return run_propose(d, ClampMode::InPlace); })
      .variant("fused", "masked writes straight into token_ids, no temporary tensor (issue 8 floor)",
               fused::fused_ngram_propose)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_ngram_propose_suite, 21);

}  // namespace clampbench::suites
