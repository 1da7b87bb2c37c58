// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// mamba_prefix_caching: the mamba builder's prefix-caching block indices (mode "all"). Three
// ceil-division block indices per request; two of them may be -1 (fresh prefills, padding
// rows) and are clamped at 0 -- out of place before the PR, in place after.

#include <algorithm>
#include <vector>

#include "kernels/custom_kernel.h"
#include "suites/detail/builder_ops.h"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/input_gen.h"
#include "suites/detail/tensor_refs.h"
#include "suites/mamba_prefix_caching.cu"
#include "suites/suite.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "mamba_prefix_caching";

// Each variant spells the indices as the release it is held to does. clamp (0.25.0,
// mamba_attn.py): cdiv = -(a // -B), then - 1: 3 + 4 + 3 allocations and 2 out-of-place
// clamps, 12. clamp_ (0.27.0, mamba_attn.py:375-415): torch.div(a + B - 1, B,
// rounding_mode="floor") - 1, the same int32 values (ceil(a / B) for every integer a), with
// + B, - 1, div, - 1 (4) for the two ceil indices and + B, div, - 1 (3) for the first
// scheduled one, and the clamps in place: 11. So the release saves 1 allocation per call, not
// 2: the clamp lines save 2, the div spelling costs 1 back.
Outputs build(CaseData& in, const ParamPoint& p, detail::ClampMode mode) {
  const Tensor& nct = in.get("num_computed_tokens");
  const Tensor& seq_lens = in.get("seq_lens");
  const std::int64_t block = p.get("B");
  const bool released = mode != detail::ClampMode::OutOfPlace;  // 0.27.0's spelling
  auto ceil_div = [&](const Tensor& a) {
    return released ? div(sub(add(a, block), 1), block, RoundingMode::Floor) : detail::cdiv(a, block);
  };
  Tensor last_computed = sub(ceil_div(nct), 1);  // -1 where nct == 0
  Tensor first_scheduled = released ? sub(div(add(nct, block), block, RoundingMode::Floor), 1)
                                    : sub(detail::cdiv(add(nct, 1), block), 1);  // never negative
  Tensor last_scheduled = sub(ceil_div(seq_lens), 1);  // -1 in padding rows
  last_computed = detail::clamp_as(mode, last_computed, 0);
  last_scheduled = detail::clamp_as(mode, last_scheduled, 0);
  return {{"block_idx_last_computed_token", last_computed},
          {"block_idx_first_scheduled_token", first_scheduled},
          {"block_idx_last_scheduled_token", last_scheduled}};
}

// A mixed batch: fresh prefills (nct 0), decodes with up to 4 new tokens, chunked-prefill
// continuations, rows sitting exactly on block boundaries, and zero padding rows at the end.
CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  detail::Rng rng(seed, kName);
  const std::int64_t rows = p.get("R"), block = p.get("B"), max_len = p.get("L");
  const std::int64_t padding = rows >= 4 ? rows / 4 : 0;
  std::vector<std::int32_t> nct(rows, 0), seq(rows, 0);
  for (std::int64_t r = 0; r < rows - padding; ++r) {
    std::int64_t done = 0, total = 0;
    switch (rng.uniform(0, 3)) {
      case 0:  // fresh prefill
        total = rng.uniform(1, std::min<std::int64_t>(max_len, 8192));
        break;
      case 1:  // decode
        done = rng.uniform(1, max_len - 5);
        total = done + rng.uniform(1, 4);
        break;
      case 2:  // chunked prefill continuation, often block aligned
        done = rng.chance(1, 2) ? rng.uniform(1, max_len / block - 1) * block : rng.uniform(1, max_len / 2);
        total = std::min(max_len, done + rng.uniform(1, 2048));
        break;
      default:  // on a block boundary: the last computed token ends a block, or the next starts one
        done = rng.uniform(1, max_len / block - 1) * block - rng.uniform(0, 1);
        total = done + 1;
        break;
    }
    nct[r] = static_cast<std::int32_t>(done);
    seq[r] = static_cast<std::int32_t>(total);
  }
  CaseData data;
  data.device = device;
  data.add("num_computed_tokens", from_vector<std::int32_t>(nct, Dims{rows}, device), Role::Persistent);
  data.add("seq_lens", detail::front_view<std::int32_t>(seq, 8, 0, device), Role::Persistent);
  return data;
}

// Fused mamba_prefix_caching: the three block indices of each request from one read of nct and seq_len.
// Allocates the three int32 [R] outputs and nothing else (clamp: 12, clamp_: 10).
Outputs fused(CaseData& data, const ParamPoint& p) {
  const auto nct = detail::ref1<const std::int32_t>(data.get("num_computed_tokens"), "num_computed_tokens");
  const auto seq_lens = detail::ref1<const std::int32_t>(data.get("seq_lens"), "seq_lens");
  CB_CHECK(nct.size == seq_lens.size, ErrorKind::ShapeMismatch,
           "fused mamba_prefix_caching: num_computed_tokens has {} rows, seq_lens {}", nct.size, seq_lens.size);
  const std::int64_t block = p.get("B");
  CB_CHECK(block > 0, ErrorKind::InvalidArgument, "fused mamba_prefix_caching: block size {}", block);
  const std::int64_t rows = nct.size;
  Tensor last_computed = Tensor::empty({rows}, DType::Int32, data.device);
  Tensor first_scheduled = Tensor::empty({rows}, DType::Int32, data.device);
  Tensor last_scheduled = Tensor::empty({rows}, DType::Int32, data.device);
  launch_kernel(data.device, rows,
                detail::PrefixCachingRows{nct, seq_lens, block, detail::out_ptr<std::int32_t>(last_computed),
                                          detail::out_ptr<std::int32_t>(first_scheduled),
                                          detail::out_ptr<std::int32_t>(last_scheduled)});
  return {{"block_idx_last_computed_token", last_computed},
          {"block_idx_first_scheduled_token", first_scheduled},
          {"block_idx_last_scheduled_token", last_scheduled}};
}

}  // namespace

Suite make_mamba_prefix_caching_suite() {
  return SuiteBuilder(kName)
      .describe("mamba prefix caching: block indices of the last computed, first and last "
                "scheduled token; the -1 of fresh prefills and padding rows clamped at 0")
      .source("vllm/v1/attention/backends/mamba_attn.py",
              "BaseMambaAttentionMetadataBuilder._compute_prefix_caching_block_indices")
      .device(SuiteDevice::Gpu)
      .axis("R", {8}, {1, 64, 256, 1024}, {1, 8, 64, 256, 512, 1024})
      .axis("B", {256, 528}, {256, 528, 1056, 2048}, {256, 512, 528, 1024, 1056, 2048})
      .axis("L", {8192}, {32768, 131072}, {8192, 32768, 131072})
      .inputs(make_inputs)
      .outputs({"block_idx_last_computed_token", "block_idx_first_scheduled_token",
                "block_idx_last_scheduled_token"})
      .clamp_variants(build,
                      "0.25.0: cdiv indices, torch.clamp(idx, min=0): a new tensor per clamp",
                      "0.27.0: torch.div(..., rounding_mode='floor') indices, idx.clamp_(min=0): in place")
      .floor("one kernel (a host loop on host), allocating only the 3 outputs", fused)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_mamba_prefix_caching_suite);

}  // namespace clampbench::suites
