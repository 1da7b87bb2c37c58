// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// mla_chunked_context: MLA prefill's chunked-context metadata. Cached context is gathered into a workspace
// of W tokens in chunks; a chunk that starts past a request's context has a negative length,
// clamped at 0. With decode context parallelism (D > 1) the same plan is made a second time on
// each rank's padded local lengths, with a second clamp. Host tensors in vLLM.

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

constexpr const char* kName = "mla_chunked_context";
constexpr std::int64_t kWorkspace = 65536;  // chunked_prefill_workspace_size, in tokens
constexpr std::int64_t kBlockSize = 64;

// round_down(W / with_context, block) tokens a chunk, after vLLM's two asserts (a chunk holds a
// token, and DCP ranks split it evenly), and the chunks the longest context needs: the eager
// builder's plan and the floor's.
detail::ChunkPlan chunk_plan(std::int64_t max_context, std::int64_t with_context, std::int64_t ranks) {
  const std::int64_t chunk = kWorkspace / with_context / kBlockSize * kBlockSize;
  if (chunk <= 0 || chunk % ranks != 0)
    throw std::invalid_argument("mla_chunked_context: the workspace leaves no chunk for every request");
  return {chunk, detail::cdiv(max_context, chunk)};
}

// get_dcp_local_seq_lens(context_lens, D, None, I) (v1/attention/backends/utils.py, both
// releases): each rank's share of every request's context, read only as .tolist() metadata.
// 10 allocations (to(int32) of an int32 tensor is the tensor itself).
Tensor dcp_local_seq_lens(const Tensor& lens, std::int64_t ranks, std::int64_t interleave) {
  const Tensor rank_offsets = arange(ranks, DType::Int32, lens.device()).view({1, ranks});
  const Tensor tiled = lens.unsqueeze(-1);
  const Tensor base = mul(floor_divide(floor_divide(tiled, interleave), ranks), interleave);
  const Tensor remainder = sub(tiled, mul(base, ranks));
  return add(base, clamp(sub(remainder, mul(rank_offsets, interleave)), 0, interleave));
}

// The releases' own code, op for op: `clamp` is 0.25.0's block in MLACommonMetadataBuilder.build,
// `clamp_` 0.27.0's build_mla_chunked_context_metadata. They differ in the clamp, in where the
// prefills with context are counted and in 0.27.0's has_empty_context. Per call without DCP
// (clamp / clamp_): max 1, (> 0) + sum 2, starts 2, lengths 3 + 1/0, has_empty_context 0/2,
// cu 1, max of the totals 1, req_indices 1, token_to_request 1 + 2C, seq_tot 1, max_seq_lens
// 2: 17 + 2C / 18 + 2C for C chunks. DCP adds the ranks' lengths 10, padded local lengths 3,
// local starts 2, lengths 3 + 1/0, cu 1, max 1, local token_to_request 1 + 2C. No request with
// context: 0.25.0 max, (> 0), sum (3); 0.27.0 max (1); then no outputs.
Outputs build(CaseData& in, const ParamPoint& p, detail::ClampMode mode) {
  const bool release_0_25 = mode == detail::ClampMode::OutOfPlace;
  const Tensor& context_lens = in.get("context_lens");
  const std::int64_t ranks = p.get("D"), interleave = p.get("I");
  const std::int64_t requests = context_lens.size(0);
  const std::int64_t max_context = item_int(max(context_lens));
  // 0.27.0 returns None right after the max; 0.25.0 counts the prefills with context first.
  if (max_context <= 0 && !release_0_25) return {};
  const std::int64_t with_context = item_int(sum(gt(context_lens, 0)));
  if (max_context <= 0) return {};
  const auto [chunk, num_chunks] = chunk_plan(max_context, with_context, ranks);

  const Tensor starts = detail::filled_chunk_starts(num_chunks, requests, chunk);
  const Tensor seq_lens = detail::chunk_lengths(context_lens, starts, chunk, mode);
  if (!release_0_25) (void)any(eq(seq_lens, 0), 1);  // has_empty_context, metadata read as a list
  const Tensor cu = detail::cumulative_lens(seq_lens);
  const std::int64_t max_chunk_tokens = item_int(max(cu.select(1, requests)));
  const Tensor req_indices = arange(requests, DType::Int32, DeviceType::Host);
  const Tensor token_to_seq = detail::token_to_request(seq_lens, req_indices, max_chunk_tokens);
  (void)item_int(in.get("prefill_query_start_loc_cpu").select(0, with_context));  // prefill_tokens_with_context

  // One rank holds the whole context: its local plan is the global one.
  Tensor local_starts = starts, local_seq_lens = seq_lens, local_cu = cu;
  if (ranks > 1) {
    (void)dcp_local_seq_lens(context_lens, ranks, interleave);  // local_context_lens_allranks
    const std::int64_t virtual_block = interleave * ranks;      // dcp_virtual_block_size
    const Tensor padded_local_lens = mul(detail::cdiv(context_lens, virtual_block), interleave);
    const std::int64_t local_chunk = detail::cdiv(chunk, virtual_block) * interleave;
    local_starts = detail::filled_chunk_starts(num_chunks, requests, local_chunk);
    local_seq_lens = detail::chunk_lengths(padded_local_lens, local_starts, local_chunk, mode);
    local_cu = detail::cumulative_lens(local_seq_lens);
    (void)detail::token_to_request(local_seq_lens, req_indices, item_int(max(local_cu.select(1, requests))));
  }
  // vLLM hands the kernels the local starts and totals under DCP, the global ones otherwise.
  return {{"chunk_starts", local_starts},
          {"cu_seq_lens", cu},
          {"seq_lens", seq_lens},
          {"token_to_seq", token_to_seq},
          {"seq_tot", sum(local_seq_lens, 1)},
          {"max_seq_lens", max(seq_lens, 1).values},
          {"local_seq_lens", local_seq_lens},
          {"local_cu_seq_lens", local_cu}};
}

// Prefill requests: some without cached context (0), one at the full context L (which fixes
// the number of chunks), the others spread below it, a few short enough that later chunks
// start past their context; and their query offsets, of which vLLM reads one.
// With more than one request, the one after the longest has no context, so every case mixes
// requests with and without context. L = 0: no request has context (vLLM's None).
CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType) {
  detail::Rng rng(seed, kName);
  const std::int64_t requests = p.get("P"), max_len = p.get("L");
  std::vector<std::int32_t> lens(requests, 0);
  if (max_len > 0) {
    for (auto& c : lens) {
      const std::int64_t kind = rng.uniform(0, 3);
      c = static_cast<std::int32_t>(kind == 0 ? 0 : kind == 1 ? rng.uniform(1, 256) : rng.uniform(1, max_len));
    }
    const std::int64_t longest = rng.uniform(0, requests - 1);
    lens[longest] = static_cast<std::int32_t>(max_len);
    if (requests > 1) lens[(longest + 1) % requests] = 0;
  }
  std::vector<std::int32_t> query_start(requests + 1, 0);  // each prefill's new tokens, 1..64
  for (std::int64_t r = 0; r < requests; ++r)
    query_start[r + 1] = query_start[r] + static_cast<std::int32_t>(rng.uniform(1, 64));
  CaseData data;
  data.device = DeviceType::Host;
  data.add("context_lens", from_vector<std::int32_t>(lens, Dims{requests}, DeviceType::Host));
  data.add("prefill_query_start_loc_cpu", from_vector<std::int32_t>(query_start, Dims{requests + 1}, DeviceType::Host),
           Role::Persistent);
  return data;
}

// Fused mla_chunked_context (host only: vLLM builds this metadata in host tensors, so there is no kernel).
// The chunk plan, its cumulative lengths, the token map and the per-chunk totals are written
// straight into the outputs; the DCP-local plan reads the padded local lengths
// cdiv(len, I * D) * I on the fly instead of materialising them. Allocates only the distinct
// outputs: 6 without DCP (where, as in the eager builder, chunk_starts, local_seq_lens and
// local_cu_seq_lens are the global plan's tensors), 8 with it (eager: 18/17 and 29/27); none
// when no request has context (eager: 1/1).
Outputs fused(CaseData& data, const ParamPoint& p) {
  detail::require_host(data, "mla_chunked_context");
  const auto lens = detail::ref1<const std::int32_t>(data.get("context_lens"), "context_lens");
  const std::int64_t ranks = p.get("D"), interleave = p.get("I"), requests = lens.size;
  std::int64_t max_context = lens.size > 0 ? lens[0] : 0, with_context = 0;
  for (std::int64_t i = 0; i < requests; ++i) {
    max_context = std::max<std::int64_t>(max_context, lens[i]);
    with_context += lens[i] > 0 ? 1 : 0;
  }
  if (max_context <= 0) return {};  // vLLM's None, as in the eager builder: nothing allocated
  const auto [chunk, num_chunks] = chunk_plan(max_context, with_context, ranks);
  const DeviceType host = DeviceType::Host;

  Tensor starts = Tensor::empty({num_chunks, requests}, DType::Int32, host);
  Tensor seq_lens = Tensor::empty({num_chunks, requests}, DType::Int32, host);
  Tensor cu = Tensor::empty({num_chunks, requests + 1}, DType::Int32, host);
  const bool dcp = ranks > 1;
  detail::write_chunk_plan([&](std::int64_t i) { return std::int64_t{lens[i]}; }, requests, num_chunks, chunk,
                           dcp ? nullptr : detail::out_ptr<std::int32_t>(starts),
                           detail::out_ptr<std::int32_t>(seq_lens), detail::out_ptr<std::int32_t>(cu));
  const std::int64_t width = detail::max_chunk_total(detail::out_ptr<std::int32_t>(cu), requests, num_chunks);
  Tensor token_to_seq = Tensor::empty({num_chunks, width}, DType::Int32, host);
  detail::write_token_map(detail::out_ptr<std::int32_t>(cu), requests, num_chunks, width, /*zero_tail=*/true,
                          detail::out_ptr<std::int32_t>(token_to_seq));
  Tensor max_seq_lens = Tensor::empty({num_chunks}, DType::Int32, host);

  Tensor local_seq_lens = seq_lens, local_cu = cu;
  if (dcp) {
    const std::int64_t virtual_block = interleave * ranks;  // dcp_virtual_block_size
    const std::int64_t local_chunk = detail::cdiv(chunk, virtual_block) * interleave;
    local_seq_lens = Tensor::empty({num_chunks, requests}, DType::Int32, host);
    local_cu = Tensor::empty({num_chunks, requests + 1}, DType::Int32, host);
    detail::write_chunk_plan(
        [&](std::int64_t i) { return detail::cdiv(lens[i], virtual_block) * interleave; }, requests, num_chunks,
        local_chunk, detail::out_ptr<std::int32_t>(starts), detail::out_ptr<std::int32_t>(local_seq_lens),
        detail::out_ptr<std::int32_t>(local_cu));
  }
  Tensor seq_tot = Tensor::empty({num_chunks}, DType::Int64, host);
  detail::write_chunk_totals(detail::out_ptr<std::int32_t>(seq_lens), requests, num_chunks, nullptr,
                             detail::out_ptr<std::int32_t>(max_seq_lens));
  detail::write_chunk_totals(detail::out_ptr<std::int32_t>(local_seq_lens), requests, num_chunks,
                             detail::out_ptr<std::int64_t>(seq_tot), nullptr);
  return {{"chunk_starts", starts},
          {"cu_seq_lens", cu},
          {"seq_lens", seq_lens},
          {"token_to_seq", token_to_seq},
          {"seq_tot", seq_tot},
          {"max_seq_lens", max_seq_lens},
          {"local_seq_lens", local_seq_lens},
          {"local_cu_seq_lens", local_cu}};
}

}  // namespace

Suite make_mla_chunked_context_suite() {
  return SuiteBuilder(kName)
      .describe("MLA chunked-context prefill metadata: per-chunk context lengths clamped at 0, "
                "and again on the DCP-local lengths (host tensors)")
      .source("vllm/model_executor/layers/attention/mla_attention.py", "build_mla_chunked_context_metadata")
      .device(SuiteDevice::Host)
      .axis("P", {4}, {1, 8, 32}, {1, 2, 4, 8, 16, 32})
      // L = 0: no request has context; only without DCP, as the builder returns before any plan.
      .axis("L", {32768, 0}, {8192, 131072, 0}, {0, 1024, 8192, 32768, 131072})
      .axis("D", {1, 2}, {1, 2, 8}, {1, 2, 4, 8})
      .axis("I", {1, 16}, {1, 64}, {1, 16, 64})
      // The interleave size only exists with context parallelism.
      .accept([](const ParamPoint& p) {
        return (p.get("D") > 1 || p.get("I") == 1) && (p.get("L") > 0 || p.get("D") == 1);
      })
      .inputs(make_inputs)
      .outputs({"chunk_starts", "cu_seq_lens", "seq_lens", "token_to_seq", "seq_tot", "max_seq_lens",
                "local_seq_lens", "local_cu_seq_lens"})
      .clamp_variants(build,
                      "(chunk_ends - chunk_starts).clamp(min=0): a new tensor per plan",
                      "(chunk_ends - chunk_starts).clamp_(min=0): in place")
      .floor("one host loop (host tensors: no kernel), allocating only the outputs", fused)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_mla_chunked_context_suite);

}  // namespace clampbench::suites
