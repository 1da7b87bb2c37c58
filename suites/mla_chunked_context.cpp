// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// mla_chunked_context: MLA prefill's chunked-context metadata. Cached context is gathered into a workspace
// of W tokens in chunks; a chunk that starts past a request's context has a negative length,
// clamped at 0. With decode context parallelism (D > 1) the same plan is made a second time on
// each rank's padded local lengths, with a second clamp. Host tensors in vLLM.

#include <stdexcept>
#include <vector>

#include "suites/detail/builder_ops.h"
#include "suites/detail/chunked_context.h"
#include "suites/detail/input_gen.h"
#include "suites/fused/mla_chunked_context_fused.h"
#include "suites/suite.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "mla_chunked_context";
constexpr std::int64_t kWorkspace = 65536;  // chunked_prefill_workspace_size, in tokens
constexpr std::int64_t kBlockSize = 64;

// Per call (clamp / clamp_), without DCP: max 1, (> 0) 1, sum 1, plan_chunks 5 + clamp 1/0,
// cumulative_lens 2, max of the totals 1, token_to_request 2 + C, seq_tot 1, max_seq_lens 1:
// 16 + C / 15 + C for C chunks. DCP adds padded local lengths 3, plan_chunks 5 + clamp 1/0,
// cumulative_lens 2: 27 + C / 25 + C. No request with context: max 1, then no outputs (1 / 1).
Outputs build(CaseData& in, const ParamPoint& p, detail::ClampMode mode) {
  const Tensor& context_lens = in.get("context_lens");
  const std::int64_t ranks = p.get("D"), interleave = p.get("I");
  const std::int64_t requests = context_lens.size(0);
  const std::int64_t max_context = item_int(max(context_lens));
  // vLLM has no chunked-context metadata then (None): 0.27.0 returns right after the max;
  // 0.25.0 has also counted the prefills with context (2 more allocations) before its
  // `if max_context_len_cpu > 0`. The port follows 0.27.0, whose function the suite names.
  if (max_context <= 0) return {};
  const std::int64_t with_context = item_int(sum(gt(context_lens, 0)));
  const std::int64_t chunk = kWorkspace / with_context / kBlockSize * kBlockSize;  // round_down
  // vLLM's two asserts: a chunk holds a token, and DCP ranks split it evenly.
  if (chunk <= 0 || chunk % ranks != 0)
    throw std::invalid_argument("mla_chunked_context: the workspace leaves no chunk for every request");
  const std::int64_t num_chunks = detail::cdiv(max_context, chunk);

  detail::ChunkPlan plan = detail::plan_chunks(context_lens, num_chunks, chunk, mode);
  Tensor cu = detail::cumulative_lens(plan.seq_lens);
  const std::int64_t max_chunk_tokens = item_int(max(cu.select(1, requests)));
  Tensor token_to_seq = detail::token_to_request(plan.seq_lens, max_chunk_tokens);
  Tensor max_seq_lens = amax(plan.seq_lens, 1);

  // One rank holds the whole context: its local plan is the global one.
  detail::ChunkPlan local = plan;
  Tensor local_cu = cu;
  if (ranks > 1) {
    const std::int64_t virtual_block = interleave * ranks;  // dcp_virtual_block_size
    Tensor padded_local_lens = mul(detail::cdiv(context_lens, virtual_block), interleave);
    const std::int64_t local_chunk = detail::cdiv(chunk, virtual_block) * interleave;
    local = detail::plan_chunks(padded_local_lens, num_chunks, local_chunk, mode);
    local_cu = detail::cumulative_lens(local.seq_lens);
  }
  // vLLM hands the kernels the local starts and totals under DCP, the global ones otherwise.
  return {{"chunk_starts", local.starts},
          {"cu_seq_lens", cu},
          {"seq_lens", plan.seq_lens},
          {"token_to_seq", token_to_seq},
          {"seq_tot", sum(local.seq_lens, 1)},
          {"max_seq_lens", max_seq_lens},
          {"local_seq_lens", local.seq_lens},
          {"local_cu_seq_lens", local_cu}};
}

// Prefill requests: some without cached context (0), one at the full context L (which fixes
// the number of chunks), the others spread below it, a few short enough that later chunks
// start past their context.
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
  CaseData data;
  data.device = DeviceType::Host;
  data.add("context_lens", from_vector<std::int32_t>(lens, Dims{requests}, DeviceType::Host));
  return data;
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
      .variant("fused", "one host loop (host tensors: no kernel), allocating only the outputs",
               fused::fused_mla_chunked_context)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_mla_chunked_context_suite);

}  // namespace clampbench::suites
