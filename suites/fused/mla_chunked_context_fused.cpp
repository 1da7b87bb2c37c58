// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Fused mla_chunked_context (host only: vLLM builds this metadata in host tensors, so there is no kernel).
// The chunk plan, its cumulative lengths, the token map and the per-chunk totals are written
// straight into the outputs; the DCP-local plan reads the padded local lengths
// cdiv(len, I * D) * I on the fly instead of materialising them. Allocates only the distinct
// outputs: 6 without DCP (where, as in the eager builder, chunk_starts, local_seq_lens and
// local_cu_seq_lens are the global plan's tensors), 8 with it (eager: 18/17 and 29/27); none
// when no request has context (eager: 1/1).

#include "suites/fused/mla_chunked_context_fused.h"

#include <stdexcept>

#include "suites/detail/tensor_refs.h"
#include "suites/fused/detail/chunk_loops.h"
#include "suites/fused/detail/device_dispatch.h"

namespace clampbench::suites::fused {
namespace {

// The same constants as suites/mla_chunked_context.cpp.
constexpr std::int64_t kWorkspace = 65536;
constexpr std::int64_t kBlockSize = 64;

}  // namespace

Outputs fused_mla_chunked_context(CaseData& data, const ParamPoint& p) {
  detail::require_host(data, "mla_chunked_context");
  const auto lens = detail::ref1<const std::int32_t>(data.get("context_lens"), "context_lens");
  const std::int64_t ranks = p.get("D"), interleave = p.get("I"), requests = lens.size;
  std::int64_t max_context = lens.size > 0 ? lens[0] : 0, with_context = 0;
  for (std::int64_t i = 0; i < requests; ++i) {
    max_context = std::max<std::int64_t>(max_context, lens[i]);
    with_context += lens[i] > 0 ? 1 : 0;
  }
  if (max_context <= 0) return {};  // vLLM's None, as in the eager builder: nothing allocated
  const std::int64_t chunk = kWorkspace / with_context / kBlockSize * kBlockSize;
  if (chunk <= 0 || chunk % ranks != 0)  // the eager builder's (and vLLM's) asserts
    throw std::invalid_argument("mla_chunked_context: the workspace leaves no chunk for every request");
  const std::int64_t num_chunks = detail::cdiv(max_context, chunk);
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

}  // namespace clampbench::suites::fused
