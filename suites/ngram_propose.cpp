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

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "kernels/host_cost.h"
#include "kernels/ops.h"
#include "kernels/write_order.h"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/ngram_history.h"
#include "suites/detail/tensor_refs.h"
#include "suites/ngram_propose.cu"
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

// From host copies (no tensor allocated), before the writes: rows whose writes to L - 1 carry
// differing values (a valid token, then the old value written back). One such destination a row.
void note_order_dependent_writes(const Tensor& token_ids, const Tensor& num_tokens_no_spec, const Tensor& sampled,
                                 const Tensor& counts) {
  const std::int64_t max_len = token_ids.size(1), cols = sampled.size(1);
  if (!write_order::recording() || max_len == 0 || cols == 0) return;
  const HostCostPause bookkeeping;  // the harness's check, not the builder's cost
  const auto nums = to_vector<std::int32_t>(num_tokens_no_spec);
  const auto count = to_vector<std::int32_t>(counts);
  const auto samples = to_vector<std::int32_t>(sampled);
  const auto old_last = to_vector<std::int32_t>(token_ids.select(1, max_len - 1));
  OrderDependentWrite found{token_ids.storage().get(), "fused_ngram_propose", 0, 0};
  for (std::size_t r = 0; r < nums.size(); ++r) {
    int writes = 0;
    bool differ = false;
    std::int32_t first = 0;
    for (std::int64_t j = 0; j < cols; ++j) {
      if (detail::propose_write_position(nums[r], max_len, j) != max_len - 1) continue;
      const std::int32_t s = samples[r * static_cast<std::size_t>(cols) + static_cast<std::size_t>(j)];
      const std::int32_t v = detail::propose_masked_in(nums[r], count[r], s, max_len, j) ? s : old_last[r];
      if (writes++ == 0) first = v;
      differ |= v != first;
    }
    if (!differ) continue;
    const std::int64_t element =
        token_ids.storage_offset() + static_cast<std::int64_t>(r) * token_ids.stride(0) + (max_len - 1) * token_ids.stride(1);
    found.first_element = found.duplicates++ == 0 ? element : std::min(found.first_element, element);
  }
  if (found.duplicates > 0) write_order::record(found);
}

// The floor: one pass over the sampled tokens writing vLLM's clamped, blended values into the
// runner's token_ids (its declared job), num_tokens_tmp [B] int32 and the matcher's
// combined_mask [B] bool, the only allocations. Returns token_ids itself, as clamp and clamp_
// do. Column L - 1 written several times with differing values is reported to the write-order
// log, as the eager scatter_ does.
Outputs fused(CaseData& data, const ParamPoint&) {
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
  Tensor combined_mask = Tensor::empty({batch}, DType::Bool, token_ids.device());
  const auto tmp = detail::ref1<std::int32_t>(num_tokens_tmp, "num_tokens_tmp");
  const auto mask = detail::ref1<bool>(combined_mask, "combined_mask");
  note_order_dependent_writes(token_ids, num_tokens_no_spec, data.get("valid_sampled_token_ids"),
                              data.get("valid_sampled_tokens_count"));
  // vLLM's gather reads every position before the scatter writes any: on the host, a negative
  // one throws with token_ids untouched (a device trusts the runner, as vLLM's kernel does).
  for (std::int64_t r = 0; r < batch && sampled.cols > 0 && data.device == DeviceType::Host; ++r) {
    CB_CHECK(detail::propose_write_position(num_tokens[r], tokens.cols, 0) >= 0, ErrorKind::IndexOutOfRange,
             "fused ngram_propose: negative write position in row {}", r);
  }
  launch_kernel(data.device, batch,
                detail::NgramProposeRows{tokens, num_tokens, sampled, counts, tmp, mask, suites::detail::kNgramProposeMinN});
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
      .floor("clamped, blended writes straight into token_ids in index order, no temporary (the floor)", fused)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_ngram_propose_suite);

}  // namespace clampbench::suites
