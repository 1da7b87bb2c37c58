// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// fused ngram_propose: one pass over the sampled tokens writing vLLM's clamped, blended values
// into the runner's token_ids (its declared job), num_tokens_tmp [B] int32 and the matcher's
// combined_mask [B] bool, the only allocations. Returns token_ids itself, as clamp and clamp_ do. Column L - 1 written several
// times with differing values is reported to the write-order log, as the eager scatter_ does.

#include "suites/fused/ngram_propose_fused.h"

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "kernels/host_cost.h"
#include "kernels/ops.h"
#include "kernels/write_order.h"
#include "suites/detail/ngram_history.h"
#include "suites/detail/tensor_refs.h"
#include "suites/fused/detail/ngram_propose_row.h"

namespace clampbench::suites::fused {
namespace {

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

}  // namespace

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

}  // namespace clampbench::suites::fused
