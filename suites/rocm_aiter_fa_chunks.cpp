// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// rocm_aiter_fa_chunks: ROCm AITER flash-attention extend path. The cached KV of each extend request is
// read in chunks of T // E tokens; a chunk that starts past a request's cached length has a
// negative length, clamped at 0. Host tensors in vLLM (the plan is read with .tolist()).

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "suites/detail/builder_ops.h"
#include "suites/detail/chunk_loops.h"
#include "suites/detail/chunked_context.h"
#include "suites/detail/device_dispatch.h"
#include "suites/detail/input_gen.h"
#include "suites/detail/tensor_refs.h"
#include "suites/suite.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "rocm_aiter_fa_chunks";
constexpr std::int64_t kTokensPerIteration = 32 * 1024;  // _CP_TOKENS_PER_ITER_ROCM

// kTokensPerIteration / E tokens a chunk, and the chunks the longest request needs: the eager
// builder's plan and the floor's. No chunk at all is vLLM's error too.
detail::ChunkPlan chunk_plan(std::int64_t max_len, std::int64_t extends) {
  const std::int64_t chunk = kTokensPerIteration / extends;
  const std::int64_t num_chunks = detail::cdiv(max_len, chunk);
  if (num_chunks <= 0) throw std::invalid_argument("rocm_aiter_fa_chunks: computed_kv_lens must be >= 1");
  return {chunk, num_chunks};
}

// token_to_batch [C, T] int64, op for op as vLLM writes it:
//   range_idx = arange(T, int32)[None, None, :]                          1 alloc
//   idx_to_batch = (range_idx == cu[:, 1:][:, :, None]).sum(dim=1)        2 allocs (bool, int64)
//   token_to_batch = cumsum(idx_to_batch, dim=1)                          1 alloc (int64)
// Entry t counts the requests whose chunk ends at or before t: E in the tail t >= cu[c, E].
Tensor token_to_batch(const Tensor& cu, std::int64_t max_cum_tokens) {
  const std::int64_t e = cu.size(1) - 1;
  Tensor range_idx = arange(max_cum_tokens, DType::Int32, cu.device()).unsqueeze(0).unsqueeze(0);
  Tensor idx_to_batch = sum(eq(range_idx, cu.slice(1, 1, e + 1).unsqueeze(2)), 1);
  return cumsum(idx_to_batch, 1);
}

// Per call (clamp / clamp_), rocm_aiter_fa.py:584-624 (0.27.0) op for op: max 1, chunk starts
// 2, ends 2, lengths 1 + clamp 1/0, cumulative lengths 1 (cumsum into cu[:, 1:]), max of the
// totals 1, token_to_batch 4, max_seq_lens 2 (.max(dim=1): values and indices): 15 / 14.
// seq_tot is cu[:, -1], which vLLM reads with .tolist(): a view, nothing computed.
Outputs build(CaseData& in, const ParamPoint& p, detail::ClampMode mode) {
  (void)p;
  const Tensor& computed = in.get("computed_kv_lens");
  const std::int64_t extends = computed.size(0);
  const auto [chunk, num_chunks] = chunk_plan(item_int(max(computed)), extends);
  Tensor starts = detail::broadcast_chunk_starts(num_chunks, extends, chunk);
  Tensor seq_lens = detail::chunk_lengths(computed, starts, chunk, mode);
  Tensor cu = detail::cumulative_lens(seq_lens);
  const std::int64_t max_cum_tokens = item_int(max(cu.select(1, extends)));
  return {{"chunk_starts", starts},
          {"cu_seq_lens", cu},
          {"seq_lens", seq_lens},
          {"token_to_batch", token_to_batch(cu, max_cum_tokens)},
          {"seq_tot", cu.select(1, extends)},
          {"max_seq_lens", max(seq_lens, 1).values}};
}

// computed = seq_len - query_len >= 1 per extend request: one request at the full length L
// (which fixes the number of chunks), the others spread below it, some of them short enough
// that later chunks start past their context.
CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType) {
  detail::Rng rng(seed, kName);
  const std::int64_t extends = p.get("E"), max_len = p.get("L");
  std::vector<std::int32_t> computed(extends);
  for (auto& c : computed) {
    c = static_cast<std::int32_t>(rng.chance(1, 4) ? rng.uniform(1, 64) : rng.uniform(1, max_len));
  }
  computed[rng.uniform(0, extends - 1)] = static_cast<std::int32_t>(max_len);
  CaseData data;
  data.device = DeviceType::Host;
  data.add("computed_kv_lens", from_vector<std::int32_t>(computed, Dims{extends}, DeviceType::Host));
  return data;
}

// Fused rocm_aiter_fa_chunks (host only: vLLM builds this plan in host tensors and reads it with .tolist(),
// so there is no kernel). The plan, cumulative lengths, token -> batch map (int64, E in the
// tail, as vLLM's cumsum form gives) and per-chunk maxima are written straight into the
// outputs, which are all it allocates (eager: 15 / 14); seq_tot is cu[:, -1], as vLLM's.
Outputs fused(CaseData& data, const ParamPoint&) {
  detail::require_host(data, "rocm_aiter_fa_chunks");
  const auto computed = detail::ref1<const std::int32_t>(data.get("computed_kv_lens"), "computed_kv_lens");
  const std::int64_t extends = computed.size;
  CB_CHECK(extends > 0, ErrorKind::InvalidArgument, "fused rocm_aiter_fa_chunks: no extend request");
  std::int64_t max_len = computed[0];
  for (std::int64_t i = 1; i < extends; ++i) max_len = std::max<std::int64_t>(max_len, computed[i]);
  const auto [chunk, num_chunks] = chunk_plan(max_len, extends);
  const DeviceType host = DeviceType::Host;

  Tensor starts = Tensor::empty({num_chunks, extends}, DType::Int32, host);
  Tensor seq_lens = Tensor::empty({num_chunks, extends}, DType::Int32, host);
  Tensor cu = Tensor::empty({num_chunks, extends + 1}, DType::Int32, host);
  detail::write_chunk_plan([&](std::int64_t i) { return std::int64_t{computed[i]}; }, extends, num_chunks, chunk,
                           detail::out_ptr<std::int32_t>(starts), detail::out_ptr<std::int32_t>(seq_lens),
                           detail::out_ptr<std::int32_t>(cu));
  const std::int64_t width = detail::max_chunk_total(detail::out_ptr<std::int32_t>(cu), extends, num_chunks);
  Tensor token_to_batch = Tensor::empty({num_chunks, width}, DType::Int64, host);
  detail::write_token_map(detail::out_ptr<std::int32_t>(cu), extends, num_chunks, width, /*zero_tail=*/false,
                          detail::out_ptr<std::int64_t>(token_to_batch));
  Tensor max_seq_lens = Tensor::empty({num_chunks}, DType::Int32, host);
  detail::write_chunk_totals(detail::out_ptr<std::int32_t>(seq_lens), extends, num_chunks, nullptr,
                             detail::out_ptr<std::int32_t>(max_seq_lens));
  return {{"chunk_starts", starts},
          {"cu_seq_lens", cu},
          {"seq_lens", seq_lens},
          {"token_to_batch", token_to_batch},
          {"seq_tot", cu.select(1, extends)},
          {"max_seq_lens", max_seq_lens}};
}

}  // namespace

Suite make_rocm_aiter_fa_chunks_suite() {
  return SuiteBuilder(kName)
      .describe("ROCm AITER FA extend path: per-chunk KV lengths of extend requests, "
                "negative past a request's context and clamped at 0 (host tensors)")
      .source("vllm/v1/attention/backends/rocm_aiter_fa.py", "AiterFlashAttentionMetadataBuilder.build")
      .device(SuiteDevice::Host)
      .axis("E", {8}, {1, 8, 64}, {1, 2, 4, 8, 16, 32, 64})
      .axis("L", {32768}, {8192, 131072}, {1024, 8192, 32768, 131072})
      .inputs(make_inputs)
      .outputs({"chunk_starts", "cu_seq_lens", "seq_lens", "token_to_batch", "seq_tot", "max_seq_lens"})
      .clamp_variants(build,
                      "(chunk_ends - chunk_starts).clamp(min=0): a new tensor",
                      "(chunk_ends - chunk_starts).clamp_(min=0): in place")
      .floor("one host loop (host tensors: no kernel), allocating only the outputs", fused)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_rocm_aiter_fa_chunks_suite);

}  // namespace clampbench::suites
