// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Fused rocm_aiter_fa_chunks (host only: vLLM builds this plan in host tensors and reads it with .tolist(),
// so there is no kernel). The plan, cumulative lengths, token -> batch map (int64, E in the
// tail, as vLLM's cumsum form gives) and per-chunk maxima are written straight into the
// outputs, which are all it allocates (eager: 15 / 14); seq_tot is cu[:, -1], as vLLM's.

#include "suites/fused/rocm_aiter_fa_chunks_fused.h"

#include <stdexcept>

#include "suites/detail/tensor_refs.h"
#include "suites/fused/detail/chunk_loops.h"
#include "suites/fused/detail/device_dispatch.h"

namespace clampbench::suites::fused {
namespace {

constexpr std::int64_t kTokensPerIteration = 32 * 1024;  // as suites/rocm_aiter_fa_chunks.cpp

}  // namespace

Outputs fused_rocm_aiter_fa_chunks(CaseData& data, const ParamPoint&) {
  detail::require_host(data, "rocm_aiter_fa_chunks");
  const auto computed = detail::ref1<const std::int32_t>(data.get("computed_kv_lens"), "computed_kv_lens");
  const std::int64_t extends = computed.size;
  CB_CHECK(extends > 0, ErrorKind::InvalidArgument, "fused rocm_aiter_fa_chunks: no extend request");
  const std::int64_t chunk = kTokensPerIteration / extends;
  std::int64_t max_len = computed[0];
  for (std::int64_t i = 1; i < extends; ++i) max_len = std::max<std::int64_t>(max_len, computed[i]);
  const std::int64_t num_chunks = detail::cdiv(max_len, chunk);
  if (num_chunks <= 0) throw std::invalid_argument("rocm_aiter_fa_chunks: computed_kv_lens must be >= 1");
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

}  // namespace clampbench::suites::fused
