// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// CompressorMetadataBuilder.build (vllm/models/deepseek_v4/compressor.py, 0.25.0:99-116,
// 0.27.0:122-150): the per-token request index into the builder's buffer, then
// `block_table=common_attn_metadata.block_table_tensor.clamp_(min=0)`, the compressor group's
// runner-owned table rewritten in place. Both releases are in place (it is not part of the
// clamp -> clamp_ change the other suites model): `clamp_` is vLLM's code, `clamp` the
// out-of-place counterfactual that measures what the in-place form saves and what it writes.
// slot_mapping is handed on untouched (not an output). 0.27.0 also sets num_decode_tokens
// (ROCm only) and c128_boundary (host lists): no device tensor, not modelled. The table is
// not the sparse-MLA builder's: another KV-cache group (docs/vllm-sites.md).
// Per call: the request index is host work and one copy into the buffer (0 device
// allocations, as in vLLM), clamp 1; clamp_ 0.

#include <algorithm>
#include <vector>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "kernels/ops.h"
#include "suites/compressor_block_table.cu"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/rng.h"
#include "suites/detail/runner_table.h"
#include "suites/detail/sparse_mla_batch.h"
#include "suites/detail/strided.h"
#include "suites/detail/tensor_refs.h"
#include "suites/suite.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "compressor_block_table";
constexpr std::int64_t kSpareRows = 2;     // runner rows beyond the step's view
constexpr std::int64_t kMaxQuery = 8;      // a prefill's query: 2..8 tokens

Outputs build(CaseData& in, const ParamPoint&, detail::ClampMode mode) {
  const std::int64_t num_tokens = in.get("slot_mapping").size(0);  // cm.num_actual_tokens
  Tensor req_ids = detail::token_to_req_indices(in.get("token_to_req_indices_buffer"), in.get("query_start_loc_cpu"),
                                                num_tokens);
  Tensor table = detail::clamp_as(mode, in.get("block_table"), 0);  // the one line that differs
  return {{"block_table", table}, {"token_to_req_indices", req_ids}};
}

// A step of R requests (decodes first, then prefills, a quarter CUDA-graph padding rows)
// over the compressor group's table: block size 4 (C4, window 8) or 8 (C128, window 128) by
// ratio. Blocks that left the sliding window hold the null block 0; "padding" decides what
// a row holds where no block is: 0 (vLLM's NULL_BLOCK_ID), -1 padding rows, or -1 padding
// rows plus -1 holes (one in every real row).
CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  detail::Rng rng(seed, kName);
  const std::int64_t reqs = p.get("R"), max_len = p.get("L"), padding = p.get("padding");
  const std::int64_t bs = p.get("ratio") == 4 ? 4 : 8, window = p.get("ratio") == 4 ? 8 : 128;
  const std::int64_t cols = detail::cdiv(max_len, bs), rows = reqs + kSpareRows;
  const std::int64_t pad_rows = reqs >= 2 ? std::max<std::int64_t>(1, reqs / 4) : 0;
  const std::int64_t decodes = (reqs - pad_rows + 1) / 2;
  const std::int32_t pad_value = padding == 0 ? 0 : -1;
  std::vector<std::int32_t> table(static_cast<std::size_t>(rows * cols), pad_value);
  std::vector<std::int32_t> query_start(static_cast<std::size_t>(reqs + 1), 0);
  std::vector<std::int64_t> slots;
  for (std::int64_t r = 0; r < reqs; ++r) {
    const bool real = r < reqs - pad_rows;
    const std::int64_t qlen = !real ? 0 : r < decodes ? 1 : rng.uniform(2, kMaxQuery);
    query_start[static_cast<std::size_t>(r + 1)] = static_cast<std::int32_t>(query_start[static_cast<std::size_t>(r)] + qlen);
    if (!real) continue;
    const std::int64_t len = rng.uniform(window, max_len), used = detail::cdiv(len, bs);
    std::int32_t* row = table.data() + r * cols;
    for (std::int64_t c = 0; c < cols; ++c)
      row[c] = c < used && (c + 1) * bs > len - window ? static_cast<std::int32_t>(rng.uniform(1, 65535)) : 0;
    if (padding == 2) {
      for (std::int64_t c = 0; c < used; ++c)
        if (rng.chance(1, 16)) row[c] = -1;
      row[rng.uniform(0, used - 1)] = -1;
    }
    for (std::int64_t pos = len - qlen; pos < len; ++pos) {  // the tokens' slots (PAD_SLOT_ID -1 in a hole)
      const std::int32_t id = row[pos / bs];
      slots.push_back(id < 0 ? -1 : id * bs + pos % bs);
    }
  }
  CaseData data;
  data.device = device;
  detail::add_runner_table(data, table, rows, cols, reqs, query_start);
  data.add("slot_mapping", from_vector(slots, {static_cast<std::int64_t>(slots.size())}, device), Role::Persistent);
  data.add("token_to_req_indices_buffer", full({reqs * kMaxQuery}, 0, DType::Int32, device), Role::PersistentWritable);
  return data;
}

// fused compressor_block_table: token_to_req_indices written into the builder's buffer and
// block_table with negative ids read as 0 copied into the one tensor it allocates, the
// metadata's table (clamp: 4 allocations, clamp_: 3, this: 1). The runner's table is only
// read, so its -1 entries survive for every later reader.
Outputs fused(CaseData& data, const ParamPoint&) {
  const Tensor& table = data.get("block_table");
  Tensor& buffer = data.get("token_to_req_indices_buffer");
  const std::int64_t num_tokens = data.get("slot_mapping").size(0);  // cm.num_actual_tokens
  CB_CHECK(buffer.dim() == 1 && buffer.size(0) >= num_tokens, ErrorKind::ShapeMismatch,
           "fused compressor_block_table: a request-index buffer {} for {} tokens", buffer.str(), num_tokens);
  Tensor req_ids = buffer.slice(0, 0, num_tokens);
  detail::CompressorStep step{detail::ref1<const std::int32_t>(data.get("query_start_loc"), "query_start_loc"),
                              detail::ref2<const std::int32_t>(table, "block_table"),
                              detail::ref1<std::int32_t>(req_ids, "token_to_req_indices_buffer"), nullptr};
  CB_CHECK(step.query_start_loc.size >= 1, ErrorKind::ShapeMismatch,
           "fused compressor_block_table: query_start_loc is empty");
  Tensor out = Tensor::empty({step.block_table.rows, step.block_table.cols}, DType::Int32, data.device);
  step.table_out = detail::out_ptr<std::int32_t>(out);
  const detail::CompressorStepKernel kernel{step};
  launch_kernel(data.device, kernel.work(), kernel);
  return {{"block_table", out}, {"token_to_req_indices", req_ids}};
}

}  // namespace

Suite make_compressor_block_table_suite() {
  return SuiteBuilder(kName)
      .describe(
          "DeepSeek V4 compressor metadata: per-token request index, then the compressor group's block "
          "table clamped at 0. vLLM's released form (clamp_, every release) rewrites the runner's table's "
          "-1 entries in place; clamp is the out-of-place counterfactual.")
      .source("vllm/models/deepseek_v4/compressor.py", "CompressorMetadataBuilder.build")
      .device(SuiteDevice::Gpu)
      .axis("R", {8}, {1, 8, 64}, {1, 8, 64, 256})
      .axis("L", {1024}, {1024, 131072}, {1024, 131072, 262144})
      .axis("ratio", {4, 128}, {4, 128}, {4, 128})
      // 0: zero-padded (NULL_BLOCK_ID), 1: -1 padding rows, 2: padding rows + -1 holes.
      .axis("padding", {0, 1, 2}, {0, 1, 2}, {0, 1, 2})
      .inputs(make_inputs)
      .outputs({"block_table", "token_to_req_indices"})
      .clamp_variants(build,
                      "block_table.clamp(min=0): a copy of the table (counterfactual, in no release)",
                      "block_table.clamp_(min=0): the runner's table rewritten in place (0.25.0, 0.27.0)")
      .reader("negative_entry_count",
              "a later reader of the compressor group's table that tells a -1 entry from block 0 "
              "(entries < 0 of each row)",
              detail::read_negative_entries)
      .floor("one pass: request index into the buffer, negatives read as 0 into the returned "
             "table; the runner's table never written (1 allocation, the floor)", fused)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_compressor_block_table_suite);

}  // namespace clampbench::suites
