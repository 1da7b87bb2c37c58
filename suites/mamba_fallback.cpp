// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// mamba_fallback: the mamba builder's fallback for the last scheduled block index under speculative
// decoding. Where the previous step's index is unknown (-1), fall back to the block of the
// last computed token, (nct - 1) // B, which is -1 for fresh prefills and so clamped at 0.

#include <algorithm>
#include <vector>

#include "kernels/custom_kernel.h"
#include "suites/detail/builder_ops.h"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/input_gen.h"
#include "suites/detail/tensor_refs.h"
#include "suites/mamba_fallback.cu"
#include "suites/suite.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "mamba_fallback";

// Per call: (nct - 1) // B 2, clamp 1 (0 in place), prev >= 0 1, where 1: 5 vs 4. The same
// ops, all int32 (nct = seq_lens - query_lens, prev an int32 buffer), in 0.25.0
// (mamba_attn.py:450-457, torch.clamp) and 0.27.0 (mamba_attn.py:505-511, clamp_); the test is
// >= 0 in both: a previous index of 0 is known and kept, whatever the fallback says.
Outputs build(CaseData& in, const ParamPoint& p, detail::ClampMode mode) {
  const Tensor& nct = in.get("num_computed_tokens");
  const Tensor& prev = in.get("prev_last_scheduled_idx");
  Tensor fallback = floor_divide(sub(nct, 1), p.get("B"));  // -1 where nct == 0
  fallback = detail::clamp_as(mode, fallback, 0);
  Tensor known = ge(prev, 0);
  return {{"block_idx_last_scheduled_token", where(known, prev, fallback)}};
}

// Requests that ran last step know their previous index (the block of a position up to K
// tokens back); new requests, fresh prefills and padding rows do not (-1). With two real rows
// or more, the last real row has just crossed into block 1 (nct = B + 1, its previous last
// token B - 1): prev 0 with a fallback of 1, the row where `prev >= 0` and `prev > 0` differ.
CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  detail::Rng rng(seed, kName);
  const std::int64_t rows = p.get("R"), block = p.get("B"), max_len = p.get("L"), k = p.get("K");
  const std::int64_t padding = rows >= 4 ? rows / 4 : 0;
  std::vector<std::int32_t> nct(rows, 0), prev(rows, -1);
  for (std::int64_t r = 0; r < rows - padding; ++r) {
    const std::int64_t kind = rng.uniform(0, 3);
    if (kind == 0) continue;  // fresh prefill: nothing computed, nothing known
    std::int64_t done = kind == 3 ? rng.uniform(1, max_len / block - 1) * block - rng.uniform(0, 1)
                                  : rng.uniform(1, max_len - 1);
    nct[r] = static_cast<std::int32_t>(done);
    if (kind != 1) {  // ran last step: its last scheduled token was up to K tokens back
      const std::int64_t last = std::max<std::int64_t>(done - 1 - rng.uniform(0, k), 0);
      prev[r] = static_cast<std::int32_t>(last / block);
    }
  }
  if (const std::int64_t real = rows - padding; real >= 2 && block + 1 < max_len) {
    nct[real - 1] = static_cast<std::int32_t>(block + 1);
    prev[real - 1] = 0;
  }
  CaseData data;
  data.device = device;
  data.add("num_computed_tokens", from_vector<std::int32_t>(nct, Dims{rows}, device), Role::Persistent);
  data.add("prev_last_scheduled_idx", detail::front_view<std::int32_t>(prev, 8, -1, device),
           Role::Persistent);
  return data;
}

// Fused mamba_fallback: where(prev >= 0, prev, clamp((nct - 1) // B, 0)) per request in one pass.
// Allocates the one int32 [R] output and nothing else (clamp: 5, clamp_: 4).
Outputs fused(CaseData& data, const ParamPoint& p) {
  const auto nct = detail::ref1<const std::int32_t>(data.get("num_computed_tokens"), "num_computed_tokens");
  const auto prev = detail::ref1<const std::int32_t>(data.get("prev_last_scheduled_idx"), "prev_last_scheduled_idx");
  CB_CHECK(nct.size == prev.size, ErrorKind::ShapeMismatch,
           "fused mamba_fallback: num_computed_tokens has {} rows, prev_last_scheduled_idx {}", nct.size, prev.size);
  const std::int64_t block = p.get("B");
  CB_CHECK(block > 0, ErrorKind::InvalidArgument, "fused mamba_fallback: block size {}", block);
  Tensor out = Tensor::empty({nct.size}, DType::Int32, data.device);
  launch_kernel(data.device, nct.size, detail::FallbackRows{nct, prev, block, detail::out_ptr<std::int32_t>(out)});
  return {{"block_idx_last_scheduled_token", out}};
}

}  // namespace

Suite make_mamba_fallback_suite() {
  return SuiteBuilder(kName)
      .describe("mamba speculative-decoding fallback: where(prev >= 0, prev, clamp((nct - 1) // B, 0))")
      .source("vllm/v1/attention/backends/mamba_attn.py",
              "BaseMambaAttentionMetadataBuilder._compute_common_metadata")
      .device(SuiteDevice::Gpu)
      .axis("R", {8}, {1, 64, 256, 1024}, {1, 8, 64, 256, 512, 1024})
      .axis("B", {256}, {256, 528, 1056, 2048}, {256, 512, 528, 1024, 1056, 2048})
      .axis("L", {8192}, {32768, 131072}, {8192, 32768, 131072})
      .axis("K", {2}, {1, 3}, {1, 2, 3})
      .inputs(make_inputs)
      .outputs({"block_idx_last_scheduled_token"})
      .clamp_variants(build,
                      "torch.clamp(fallback, min=0): a new tensor",
                      "fallback.clamp_(min=0): in place")
      .floor("one kernel (a host loop on host), allocating only the output", fused)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_mamba_fallback_suite);

}  // namespace clampbench::suites
